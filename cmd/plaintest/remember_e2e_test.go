package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// orderPage is a receipt whose order number the server makes up on every
// load (%[1]s), with a search that finds only that order. Under /empty/
// the number never shows.
const orderPage = `<!doctype html><html><head><title>Order</title></head><body>
<h1>Thank you</h1>
<p>Your order number is <output aria-label="Order number">%[1]s</output>.</p>
<section aria-label="Receipt"><h2>Receipt</h2><p>Receipt for order %[1]s</p></section>
<label>Search orders <input type="search" id="q"></label> <button id="go">Search</button>
<p id="out" role="log"></p>
<script>
document.getElementById("go").onclick = () => { const q = document.getElementById("q").value; document.getElementById("out").textContent = q === %[2]q ? "Found order " + q : "No order " + q; };
</script></body></html>`

// orderServer serves orderPage at /order; issued lists the numbers it
// gave, in order.
type orderServer struct {
	URL    string
	mu     sync.Mutex
	issued []string
}

func serveOrders(t *testing.T) *orderServer {
	t.Helper()
	s := &orderServer{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, empty := strings.CutPrefix(r.URL.Path, "/empty")
		if path != "/order" {
			http.NotFound(w, r)
			return
		}
		n := fmt.Sprintf("ORD-%06d", rand.IntN(1000000))
		shown := n
		if empty {
			shown = ""
		}
		s.mu.Lock()
		s.issued = append(s.issued, n)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, orderPage, shown, n)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *orderServer) last() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issued[len(s.issued)-1]
}

var rememberActions = []string{
	"remember the order number as ORDER",
	"verify the Receipt region shows {{ORDER}}",
	"type {{ORDER}} into Search orders",
	"click Search",
	`verify "Found order {{ORDER}}" is shown`,
}

// TestRememberBothServers: a value read from the page ("remember the order
// number as ORDER") and used later ({{ORDER}} in a check and in typed
// text) compiles through both browser servers into a step with outputs
// that later steps read, and a spec with a const; the export replays
// through the other server on a page that shows another number, and a
// copy with compile's number written in fails there, so replay uses the
// value it reads. A number that never shows fails the replay saying so;
// a name no action remembers, and an element not there, fail the compile.
func TestRememberBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	orders := serveOrders(t)
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		t.Run(server, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "order.json")
			args := []string{"compile", "--url", orders.URL + "/order", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--format", "playwright", "--translator", "rules"}
			for _, a := range rememberActions {
				args = append(args, "--step", a)
			}
			code, stdout, stderr := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			compiled := orders.last()
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := sandy.Load(out)
			if err != nil {
				t.Fatal(err)
			}
			if st := sc.Steps[1]; st.ID != "ORDER" || st.Output["value"] != "$.value" {
				t.Errorf("the remember step has id %q and output %v, want ORDER and value $.value", st.ID, st.Output)
			}
			for _, want := range []string{`{{ORDER.value}}`, `{{ORDER.norm}}`, `{{ORDER.js}}`} {
				if !strings.Contains(string(raw), want) {
					t.Errorf("the export lacks %s:\n%s", want, raw)
				}
			}
			if strings.Contains(string(raw), compiled) || strings.Contains(string(raw), strings.ToLower(compiled)) {
				t.Errorf("the export holds compile's order number %s:\n%s", compiled, raw)
			}
			spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"const ORDER =", `await test.step("remember the order number as ORDER"`, "return value.replace(", ".fill(ORDER)", "`Found order ${ORDER}`"} {
				if !strings.Contains(string(spec), want) {
					t.Errorf("the spec lacks %s:\n%s", want, spec)
				}
			}
			os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts")

			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			if code != 0 {
				t.Fatalf("replay through %s: exit %d\n%s\n%s", other[server], code, stdout, stderr)
			}
			if replayed := orders.last(); replayed == compiled {
				t.Fatalf("the replay's page showed compile's number %s: the test proves nothing", compiled)
			}

			// compile's number written in: a replay that reused it fails.
			baked := strings.NewReplacer("{{ORDER.value}}", compiled, "{{ORDER.js}}", compiled, "{{ORDER.norm}}", strings.ToLower(compiled)).Replace(string(raw))
			bakedFile := filepath.Join(t.TempDir(), "baked.json")
			if err := os.WriteFile(bakedFile, []byte(baked), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr = runLong(t, "replay", bakedFile, "--mcp", other[server], "--report", t.TempDir())
			if code != 1 || !strings.Contains(stdout+stderr, "expected text") {
				t.Errorf("replay with compile's number written in: exit %d, want 1 and a check failing\n%s\n%s", code, stdout, stderr)
			}

			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir(), "--var", "BASE_URL="+orders.URL+"/empty")
			if want := `status "Order number" is empty: there is no value to remember as ORDER`; code != 1 || !strings.Contains(stdout+stderr, want) {
				t.Errorf("replay where the number never shows: exit %d, want 1 and %q\n%s\n%s", code, want, stdout, stderr)
			}
		})
	}
	t.Run("refusals", func(t *testing.T) {
		code, stdout, stderr := runCLI(t, "compile", "--url", orders.URL+"/order", "-o", filepath.Join(t.TempDir(), "x.json"), "--evidence", t.TempDir(), "--translator", "rules",
			"--step", "verify {{ORDER}} is shown", "--step", "remember the order number as ORDER")
		if want := `action 1 ("verify {{ORDER}} is shown"): {{ORDER}} names no variable, no secret and no value an earlier action remembers`; code != 2 || !strings.Contains(stdout+stderr, want) {
			t.Errorf("a name not remembered yet: exit %d, want 2 and %q\n%s\n%s", code, want, stdout, stderr)
		}
		code, stdout, stderr = runCLI(t, "compile", "--url", orders.URL+"/order", "-o", filepath.Join(t.TempDir(), "x.json"), "--evidence", t.TempDir(), "--translator", "rules", "--timeout", "1s",
			"--step", "remember the shipping date as SHIPPED")
		if want := `no element (a field, a named part of the page, or a term and its definition) matching "shipping date"`; code != 1 || !strings.Contains(stdout+stderr, want) {
			t.Errorf("an element not there: exit %d, want 1 and %q\n%s\n%s", code, want, stdout, stderr)
		}
	})
}
