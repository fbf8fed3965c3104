package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// settingsPage is a settings form whose boxes start as the server says:
// Remember me and Dark mode (a switch of ARIA, not an input) off and Email
// me deals on, or the other way round. Its status says how they stand, at
// load and after each change.
const settingsPage = `<!doctype html><html><head><title>Settings</title></head><body>
<h1>Settings</h1>
<label><input type="checkbox" id="remember"%[1]s> Remember me</label>
<span role="switch" tabindex="0" id="dark" aria-checked="%[2]t">Dark mode</span>
<label><input type="checkbox" id="deals"%[3]s> Email me deals</label>
<p role="status" id="out"></p>
<script>
const dark = document.getElementById("dark");
const show = () => { document.getElementById("out").textContent = "Remember " + (document.getElementById("remember").checked ? "yes" : "no") +
  ", dark " + dark.getAttribute("aria-checked") + ", deals " + (document.getElementById("deals").checked ? "yes" : "no"); };
dark.onclick = () => { dark.setAttribute("aria-checked", dark.getAttribute("aria-checked") === "true" ? "false" : "true"); show(); };
document.querySelectorAll("input").forEach(i => i.onchange = show);
show();
</script></body></html>`

// faqPage is two disclosures, Shipping closed and Returns open, or the
// other way round (%[1]t: Shipping open), each a button whose
// aria-expanded says whether its answer shows.
const faqPage = `<!doctype html><html><head><title>FAQ</title></head><body>
<h1>FAQ</h1>
<button aria-expanded="%[1]t" aria-controls="ship">Shipping</button><p id="ship"%[2]s>Ships in 2 days</p>
<button aria-expanded="%[3]t" aria-controls="ret">Returns</button><p id="ret"%[4]s>30 days to return</p>
<script>
document.querySelectorAll("button").forEach(b => b.onclick = () => {
  const open = b.getAttribute("aria-expanded") !== "true";
  b.setAttribute("aria-expanded", String(open));
  document.getElementById(b.getAttribute("aria-controls")).hidden = !open;
});
</script></body></html>`

// activeTodosPage is a to-do list under its Active filter: ticking an item
// removes its row, as TodoMVC's does.
const activeTodosPage = `<!doctype html><html><head><title>Todos</title></head><body>
<h1>Active</h1>
<ul><li><input type="checkbox" aria-label="Buy milk"> Buy milk</li><li><input type="checkbox" aria-label="Walk the dog"> Walk the dog</li></ul>
<p role="status" id="left">2 items left</p>
<script>
document.querySelectorAll("input").forEach(i => i.onchange = () => { i.closest("li").remove(); document.getElementById("left").textContent = document.querySelectorAll("li").length + " item left"; });
</script></body></html>`

// settingsServer serves settingsPage at /settings, its boxes as flipped
// says, and activeTodosPage at /todos.
type settingsServer struct {
	URL     string
	flipped atomic.Bool
}

func serveSettings(t *testing.T) *settingsServer {
	t.Helper()
	s := &settingsServer{}
	on := func(b bool) string {
		if b {
			return " checked"
		}
		return ""
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/settings":
			f := s.flipped.Load()
			fmt.Fprintf(w, settingsPage, on(f), f, on(!f))
		case "/faq":
			f := s.flipped.Load()
			hidden := func(open bool) string {
				if open {
					return ""
				}
				return " hidden"
			}
			fmt.Fprintf(w, faqPage, f, hidden(f), !f, hidden(!f))
		case "/todos":
			fmt.Fprint(w, activeTodosPage)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// TestSetStateBothServers: "check X", "turn on X", "uncheck X", "expand
// X" and "collapse X" end in the state they name whatever state the page
// starts in: compiled through
// each server on a page where each box starts the other way, the scenario
// replays through the other server on a page where each starts as asked
// already, and the status the boxes set still reads as compiled (a click
// there would toggle each box back). The spec export checks and unchecks.
// A box that its tick removes from the page (a to-do under the Active
// filter) is kept as the click that removed it.
func TestSetStateBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	settings := serveSettings(t)
	base := settings.URL
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		t.Run(server, func(t *testing.T) {
			settings.flipped.Store(false) // each box the other way from what the sentence asks
			dir := t.TempDir()
			out := filepath.Join(dir, "settings.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", base+"/settings", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--format", "playwright", "--translator", "rules",
				"--step", "check Remember me", "--step", "turn on Dark mode", "--step", "uncheck Email me deals",
				"--step", `verify the status shows "Remember yes, dark true, deals no"`)
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(raw), "browser_fill_form"); n != 3 || strings.Contains(string(raw), "browser_click") {
				t.Errorf("the export sets %d boxes with browser_fill_form, want 3 and no click:\n%s", n, raw)
			}
			spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Count(string(spec), ".check()") != 2 || strings.Count(string(spec), ".uncheck()") != 1 {
				t.Errorf("the spec does not check twice and uncheck once:\n%s", spec)
			}
			os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts")
			for _, flipped := range []bool{false, true} {
				settings.flipped.Store(flipped)
				code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
				if code != 0 {
					t.Errorf("replay through %s, the boxes flipped %v: exit %d\n%s\n%s", other[server], flipped, code, stdout, stderr)
				}
			}
		})
	}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		t.Run("expand/"+server, func(t *testing.T) {
			settings.flipped.Store(false) // Shipping closed, Returns open
			out := filepath.Join(t.TempDir(), "faq.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", base+"/faq", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--format", "playwright", "--translator", "rules",
				"--step", "expand Shipping", "--step", "collapse Returns", "--step", "verify Ships in 2 days is shown")
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(raw), `"condition"`); n != 2 {
				t.Errorf("the export has %d conditional steps, want the 2 clicks:\n%s", n, raw)
			}
			spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(spec), `!== "true") {`) || !strings.Contains(string(spec), `=== "true") {`) {
				t.Errorf("the spec does not click only when needed:\n%s", spec)
			}
			os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts")
			for _, flipped := range []bool{false, true} {
				settings.flipped.Store(flipped)
				code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
				if code != 0 {
					t.Errorf("replay through %s, the sections flipped %v: exit %d\n%s\n%s", other[server], flipped, code, stdout, stderr)
				}
			}
		})
	}
	t.Run("removed", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "todos.json")
		code, stdout, stderr := runCLI(t, "compile", "--url", base+"/todos", "-o", out, "--evidence", t.TempDir(), "--translator", "rules",
			"--step", "check Buy milk", "--step", `verify the status shows "1 item left"`)
		if code != 0 {
			t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(raw), "browser_click") || strings.Contains(string(raw), "browser_fill_form") {
			t.Errorf("the tick that removed its box is not kept as its click:\n%s", raw)
		}
		code, stdout, stderr = runLong(t, "replay", out, "--mcp", "playwright-mcp", "--report", t.TempDir())
		if code != 0 {
			t.Errorf("replay: exit %d\n%s\n%s", code, stdout, stderr)
		}
	})
}
