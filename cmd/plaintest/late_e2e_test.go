package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/sandy"
)

// Pages whose elements come late: a button shown 6.5 s after the page
// loads, a status a slow request (6.5 s) fills, an upload that reaches
// 100% in 6.5 s, and a form whose field and button are disabled for a
// moment. The waits' delays are longer than the check timeout (5 s) and
// shorter than the wait's (--nav-timeout 12s). The form's field is enabled
// 7 s after the page loads, late enough that a compile on a loaded machine
// (make test runs the cases beside each other) reads it disabled first,
// and its button 2.5 s after the field is typed in: both shorter than the
// form's action timeout (--timeout 12s). Under /broken/ nothing comes, and
// nothing is enabled.
const latePagesJS = `const broken = location.pathname.startsWith("/broken/");
const later = (f, ms) => { if (!broken) setTimeout(f, ms); };
const out = () => document.getElementById("out");`

var latePages = map[string]string{
	"/late-button": `<h1>Checkout</h1><p id="out" role="status">Not paid</p>
<script>` + latePagesJS + `
later(() => { const b = document.createElement("button"); b.textContent = "Pay"; b.onclick = () => out().textContent = "Paid"; document.body.append(b); }, 6500);
</script>`,
	"/slow-label": `<h1>Basket</h1><button id="place">Place order</button><p id="out" role="status">Nothing ordered</p>
<script>` + latePagesJS + `
document.getElementById("place").onclick = () => { out().textContent = "Placing the order"; if (!broken) fetch("/api/order").then(r => r.text()).then(t => out().textContent = t); };
</script>`,
	"/upload-progress": `<h1>Upload</h1><button id="go">Start upload</button>
<div role="progressbar" id="p" aria-label="Upload" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0">0%</div>
<script>` + latePagesJS + `
document.getElementById("go").onclick = () => { let n = 0; const p = document.getElementById("p"); const tick = () => { n = Math.min(n + 10, broken ? 60 : 100); p.setAttribute("aria-valuenow", n); p.textContent = n + "%"; if (n < 100 && !(broken && n >= 60)) setTimeout(tick, 650); }; setTimeout(tick, 650); };
</script>`,
	"/enable": `<h1>Card</h1><label>Card number <input id="card" disabled></label> <button id="pay" disabled>Pay</button>
<p id="out" role="status">Not paid</p>
<script>` + latePagesJS + `
later(() => document.getElementById("card").disabled = false, 7000);
document.getElementById("card").oninput = () => later(() => document.getElementById("pay").disabled = false, 2500);
document.getElementById("pay").onclick = () => out().textContent = "Paid";
</script>`,
}

// serveLatePages serves latePages, and /api/order, which answers after
// 6.5 s.
func serveLatePages(t *testing.T) string {
	t.Helper()
	pages := testkit.Pages("", func(path string, _ bool) (string, bool) {
		page, ok := latePages[path]
		return page, ok
	})
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/order" {
			pages.ServeHTTP(w, r)
			return
		}
		select {
		case <-time.After(6500 * time.Millisecond):
		case <-r.Context().Done():
			return
		}
		fmt.Fprint(w, "Order 42 confirmed")
	}))
}

// lateCases are the scenarios, each on its page, with what its export and
// its spec must hold, and what the compile and the replay on the broken
// page say.
type lateCase struct {
	name, page string
	actions    []string
	export     []string // in the export's JSON
	spec       string   // in its Playwright spec
	fails      string   // the replay on the broken page
	compile    string   // the compile on the broken page
	args       []string // more flags for its compiles
}

var lateCases = []lateCase{
	{"late-button", "/late-button", []string{"wait for the Pay button to appear", "click Pay", "verify Paid is shown"},
		[]string{`button \"Pay\" is shown, waiting up to 12s`}, `timeout: 12000`, `button "Pay" is not shown (waited 12s)`, `button "Pay" is not shown (waited 12s)`, nil},
	// Read in the button that shows it (parser/anchor.go): on the broken
	// page, the button is waited for as long.
	{"late-text", "/late-button", []string{"wait for Pay to appear", "click Pay", "verify Paid is shown"},
		[]string{`button \"Pay\" showing \"Pay\", waiting up to 12s`}, `timeout: 12000`, `does not match any elements. (waited 12s for the target)`, `expected text "Pay" is not shown (waited 12s)`, nil},
	{"slow-label", "/slow-label", []string{"click Place order", "wait until the status shows Order 42 confirmed", "verify the status shows Order 42 confirmed"},
		[]string{`waiting up to 12s`}, `timeout: 12000`, `Order 42 confirmed`, `Order 42 confirmed`, nil},
	{"upload-progress", "/upload-progress", []string{"click Start upload", "wait until the upload shows 100%"},
		[]string{`waiting up to 12s`}, `timeout: 12000`, `100%`, `100%`, nil},
	{"enable", "/enable", []string{"type 4242 into Card number", "click Pay", "verify Paid is shown"},
		[]string{`is disabled (waited 12s)`}, `toBeEnabled({`, `textbox \"Card number\" is disabled (waited 12s)`, `textbox "Card number" is disabled (waited 12s)`,
		[]string{"--timeout", "12s"}},
}

// TestLateElementsBothServers: every late case compiles, through one
// browser server or the other in turn (compilerOf), with its wait in the
// export and the spec; each export replays through the other server, and
// fails on the broken pages saying what never came and how long they
// waited; the compile on a broken page fails saying the same. The
// compiles run beside each other (alongside): the pages' delays sit 1.5 s
// past the check timeout and 5.5 s short of the wait's, and the form's
// field comes 7 s after its page loads.
func TestLateElementsBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveLatePages(t)
	dirs := map[string]string{}
	for _, server := range bothServers {
		dirs[server] = t.TempDir()
	}
	names := namesOf(lateCases, func(tc lateCase) string { return tc.name })
	for i := range names {
		names[i] = compilerOf(i) + "/compile/" + names[i]
	}
	alongside(t, names, 5, func(i int, c *caseLog) {
		server := compilerOf(i)
		compileLateCase(t, c, base, server, dirs[server], lateCases[i])
	})
	// Each server's exports replay through the other, beside the other
	// server's.
	replays := namesOf(bothServers, func(s string) string { return s + "/replay-through-" + otherServer(s) })
	together(t, replays, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		fails := map[string]string{}
		for _, k := range casesOf(server, len(lateCases)) {
			fails[lateCases[k].name] = strings.ReplaceAll(lateCases[k].fails, `\"`, `"`)
		}
		replayAcross(t, dirs[server], otherServer(server), base, fails, nil, nil)
	})
}

// compileLateCase compiles tc through server into dir, checks its export
// and spec, and compiles it on the broken page, which must fail; what is
// wrong goes to c.
func compileLateCase(t *testing.T, c *caseLog, base, server, dir string, tc lateCase) {
	out := filepath.Join(dir, tc.name+".json")
	flags := append([]string{"--mcp", server, "--evidence", t.TempDir(), "--translator", "rules", "--nav-timeout", "12s"}, tc.args...)
	for _, a := range tc.actions {
		flags = append(flags, "--step", a)
	}
	args := append([]string{"compile", "--url", base + tc.page, "-o", out, "--format", "playwright"}, flags...)
	code, stdout, stderr := runCLI(t, args...)
	if code != 0 {
		c.Errorf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
		return
	}
	sc, err := sandy.Load(out)
	if err != nil {
		c.Errorf("%v", err)
		return
	}
	raw, _ := json.Marshal(sc.Steps)
	for _, want := range tc.export {
		if !strings.Contains(string(raw), want) {
			c.Errorf("the export lacks %s:\n%s", want, raw)
		}
	}
	spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
	if err != nil {
		c.Errorf("%v", err)
		return
	}
	if !strings.Contains(string(spec), tc.spec) {
		c.Errorf("the spec lacks %q:\n%s", tc.spec, spec)
	}
	os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts")

	args = append([]string{"compile", "--url", base + "/broken" + tc.page, "-o", filepath.Join(t.TempDir(), "b.json")}, flags...)
	code, stdout, stderr = runCLI(t, args...)
	if code != 1 || !strings.Contains(stdout+stderr, tc.compile) {
		c.Errorf("compile on the broken page through %s: exit %d, want 1 and %q\n%s\n%s", server, code, tc.compile, stdout, stderr)
	}
}
