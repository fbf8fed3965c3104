package prove

import (
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// loadingPage renders its stories one by one, saying it is loading
// (aria-busy) until a while after the last; then, as the APG feed does
// when it finds its last article scrolled past, it loads three more if its
// last story is no longer on the page.
const loadingPage = `<!doctype html><title>Stories</title>
<ul id="feed" aria-label="Stories"></ul>
<script>
const feed = document.getElementById('feed'), items = [];
let n = 0;
const load = k => { feed.setAttribute('aria-busy', 'true'); let i = 0;
  const next = () => { if (i++ < k) { const li = document.createElement('li'); li.textContent = 'Story ' + (++n); feed.append(li); items.push(li); setTimeout(next, 100); }
    else setTimeout(() => { feed.removeAttribute('aria-busy'); if (!items[items.length - 1].isConnected) load(3); }, 300); };
  next(); };
load(3);
</script>`

// TestProvedOnceThePageSettles proves a count that holds while the page
// still says it is loading: prove waits for the page to settle before it
// breaks anything, so the page's loader does not find the item prove took
// away, load more, and leave a page that never comes back.
func TestProvedOnceThePageSettles(t *testing.T) {
	base := serve(t, map[string]string{"/stories": loadingPage})
	res, err := proveRun(t, base, scenarioAt("/stories",
		checkOf(t, sandy.Check{Kind: "count", Element: `list "Stories"`, Value: "3", Values: []string{"listitem"}}, "#feed"),
	))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	for _, s := range res.Steps[1:] {
		if s.Proof == nil || !s.Proof.Proven() {
			t.Errorf("step %d is not proven:\n%s", s.Step, proofs(res))
		}
	}
}
