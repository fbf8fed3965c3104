package replay

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// hoverPage is a scrolling list whose rows show a "move up" button only
// while hovered. The first hover of a row makes the list scroll by a row
// (as a live list keeping its newest row in view would): the row leaves the
// pointer and its button hides.
const hoverPage = `<!doctype html><title>List</title>
<style>ul{height:64px;overflow:auto;margin:0;padding:0} li{height:32px} li .actions{display:none} li:hover .actions{display:inline}</style>
<ul role="listbox" aria-label="Bucket List">
<li role="option">Learn archery <span class="actions"><button onclick="document.title='moved up'">move up</button></span></li>
<li role="option">Train a guide dog</li><li role="option">Read a book</li><li role="option">See the sea</li>
</ul>
<script>
let scrolled = false;
document.querySelector('li').addEventListener('mouseenter', () => {
  if (!scrolled) { scrolled = true; setTimeout(() => { document.querySelector('ul').scrollTop = 40; }, 0); }
});
</script>`

// TestClickAfterLostHoverReplays: through either server, the button a hover
// showed is hidden by the time the click comes; the replay hovers again
// and clicks, and the click's effect is there. The first click waits out
// the step timeout (4 s: under make test's load a click took over 1.5 s).
func TestClickAfterLostHoverReplays(t *testing.T) {
	needBrowser(t)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, hoverPage) }))
	defer site.Close()
	bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true, ActionTimeout: 4 * time.Second})
	if err != nil {
		testenv.Missing(t, "%v", err)
	}
	defer bs.Close()
	src := scenario(fmt.Sprintf(`{"BASE_URL":%q}`, site.URL), `[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/"}},
		{"step":2,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=option[name=\"Learn archery\"i]"}},
		{"step":3,"tool":"mcp__playwright__browser_click","params":{"element":"button \"move up\"","target":"internal:role=button[name=\"move up\"i]"}},
		{"step":4,"tool":"mcp__playwright__browser_evaluate","params":{"function":"async () => { for (const until = Date.now() + 2000; document.title !== 'moved up'; await new Promise(r => setTimeout(r, 50))) if (Date.now() > until) throw new Error('the title is ' + document.title); return 'ok' }"}}]`)
	servers := map[string]Servers{
		"builtin": ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return bs.Connect(ctx, nil) }),
		"playwright-mcp": &ConfigServers{Config: &mcpclient.Config{},
			Playwright: mcpclient.BundledOptions(4*time.Second, 0)},
	}
	for name, sv := range servers {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			res, err := New(sv, &Options{Timeout: 4 * time.Second}).Run(ctx, "hover.json", parse(t, src))
			if err != nil || !res.Success {
				t.Fatalf("err %v, result error %q", err, res.Error)
			}
			if r := res.Steps[2].Retries; r < 2 {
				t.Errorf("the click's retries: %d, want the hover and the click again (2 or more)", r)
			}
		})
	}
}
