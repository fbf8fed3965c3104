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

// verbsPage is a pizza order: a <select multiple> of toppings with Cheese
// and Olives selected, an ARIA list box of extras that takes several with
// Sauce selected, a Size select whose option values differ from their
// labels, and a Processes table (its rows %[2]s); Sauce is selected as
// %[3]t says. Its status says what is selected. Broken
// (%[1]s " broken"), the extras ignore clicks and nginx's PID is 999.
const verbsPage = `<!doctype html><html><head><title>Order</title></head><body>
<label for="top">Toppings</label>
<select id="top" multiple size="4"><option>Ham</option><option selected>Cheese</option><option selected>Olives</option><option>Onion</option></select>
<div role="listbox" aria-label="Extras" aria-multiselectable="true">
<div role="option" aria-selected="%[3]t" tabindex="0">Sauce</div><div role="option" aria-selected="false" tabindex="0">Chili</div>
</div>
<label for="size">Size</label>
<select id="size"><option value="small">S</option><option value="medium">M</option><option value="large">L</option></select>
<table aria-label="Processes"><thead><tr><th>Name</th><th>PID</th><th>CPU</th></tr></thead>
<tbody>%[2]s</tbody></table>
<label for="q">Search</label><input id="q">
<p role="status" id="out"></p>
<script>
const broken = "%[1]s" !== "";
document.querySelectorAll('[role=option]').forEach(o => o.addEventListener('click', () => { if (!broken) o.setAttribute('aria-selected', String(o.getAttribute('aria-selected') !== 'true')); }));
const show = () => { document.getElementById('out').textContent = 'Toppings: ' + Array.from(document.getElementById('top').selectedOptions, o => o.text).join(',') +
  '; Size: ' + document.getElementById('size').value + '; Extras: ' + (Array.from(document.querySelectorAll('[role=option][aria-selected=true]'), o => o.textContent).join(',') || 'none'); };
document.addEventListener('change', show); document.addEventListener('click', show); show();
</script></body></html>`

// TestVerbsBothServers: "deselect X in Y" (a <select multiple> and an ARIA
// list box), "select the option with value V in Y" and "remember the PID
// in the nginx row as PID" compile through each server, replay through the
// other, also with the table's rows sorted otherwise (the cell is read in
// nginx's row, found by its cell that says nginx), and fail on the broken
// page, where the extras ignore a click and nginx's PID differs.
func TestVerbsBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	var broken, sorted, unsauced atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		rows := func(pid string) string {
			proxy, nginx, redis := "<tr><td>nginx-proxy</td><td>303</td><td>2%</td></tr>", "<tr><td>nginx</td><td>"+pid+"</td><td>3%</td></tr>", "<tr><td>redis</td><td>202</td><td>1%</td></tr>"
			if sorted.Load() {
				// Sorted by CPU, another row where nginx's was.
				return redis + proxy + nginx
			}
			return proxy + nginx + redis
		}
		if broken.Load() {
			fmt.Fprintf(w, verbsPage, " broken", rows("999"), true)
			return
		}
		fmt.Fprintf(w, verbsPage, "", rows("101"), !unsauced.Load())
	}))
	t.Cleanup(srv.Close)
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		t.Run(server, func(t *testing.T) {
			broken.Store(false)
			out := filepath.Join(t.TempDir(), "order.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", srv.URL+"/order", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--translator", "rules",
				"--step", "deselect Cheese in Toppings", "--step", "deselect Sauce",
				"--step", "select the option with value large in Size",
				"--step", "remember the PID in the nginx row as PID", "--step", "type {{PID}} into Search",
				"--step", `verify the status shows "Toppings: Olives; Size: large; Extras: none"`,
				"--step", "verify Search shows 101")
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`"values": [` + "\n" + `          "Olives"`, `"L"`, `option \"Sauce\"`} {
				if !strings.Contains(string(raw), want) {
					t.Errorf("the export lacks %s:\n%s", want, raw)
				}
			}
			if !strings.Contains(string(raw), `internal:role=row >> internal:has=`) {
				t.Errorf("the remembered cell is not found by its row:\n%s", raw)
			}
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			if code != 0 {
				t.Errorf("replay through %s: exit %d\n%s\n%s", other[server], code, stdout, stderr)
			}
			// The rows sorted otherwise: nginx's PID is read from nginx's row.
			sorted.Store(true)
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			sorted.Store(false)
			if code != 0 {
				t.Errorf("replay through %s with the rows sorted otherwise: exit %d\n%s\n%s", other[server], code, stdout, stderr)
			}
			// Sauce not selected to begin with: "deselect Sauce" leaves it
			// so (its click is made only while it is selected).
			unsauced.Store(true)
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			unsauced.Store(false)
			if code != 0 {
				t.Errorf("replay through %s with Sauce not selected: exit %d\n%s\n%s", other[server], code, stdout, stderr)
			}
			if server == "builtin" {
				// The spec finds the cell by its row too (filter({has})):
				// it passes with the rows sorted otherwise, fails broken.
				specPassesThenFails(t, out, srv.URL, sorted.Store, broken.Store)
			}
			broken.Store(true)
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			if code == 0 {
				t.Errorf("replay through %s on the broken page passed:\n%s\n%s", other[server], stdout, stderr)
			}
		})
	}
}
