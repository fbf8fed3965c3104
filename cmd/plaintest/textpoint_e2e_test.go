package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filesPage is a file list whose items are as wide as the list, each
// name a span at the item's start that takes the double-click (%[1]s is
// the name of the second file). Double-clicked, a name becomes a
// focused "Rename item" field; Enter says what it was renamed to.
const filesPage = `<!doctype html><html><head><title>Files</title></head><body>
<input type="search" aria-label="Search files to rename">
<ul style="width: 600px"><li><span class="name">report.txt</span></li><li><span class="name">%[1]s</span></li></ul>
<p role="status" id="s"></p>
<script>
document.querySelectorAll('.name').forEach(n => n.addEventListener('dblclick', () => {
  const i = document.createElement('input'); i.setAttribute('aria-label', 'Rename item'); i.value = n.textContent;
  n.replaceWith(i); i.focus();
  i.addEventListener('keydown', k => { if (k.key === 'Enter') document.getElementById('s').textContent = 'Renamed to ' + i.value; });
}));
</script></body></html>`

// TestClickTheWordsBothServers: "double-click budget.xlsx" on a list item
// as wide as its list goes to the span that holds the name (a click at the
// item's centre lands beside it): compiled through each server, replayed
// through the other, and failing where the item says another name.
func TestClickTheWordsBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	url, renamed := switchedPage(t, func(on bool) string {
		if on {
			return fmt.Sprintf(filesPage, "budget-old.xlsx")
		}
		return fmt.Sprintf(filesPage, "budget.xlsx")
	})
	for _, server := range bothServers {
		t.Run(server, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "rename.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", url, "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--translator", "rules",
				"--step", "double-click budget.xlsx", "--step", "clear the rename field", "--step", "type plan.xlsx into the rename field",
				"--step", "press Enter", "--step", "check the status shows Renamed to plan.xlsx")
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(raw), `internal:text=\"budget.xlsx\"s`) {
				t.Errorf("the double-click is not on the name's words:\n%s", raw)
			}
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", otherServer(server), "--report", t.TempDir())
			if code != 0 {
				t.Errorf("replay through %s: exit %d\n%s\n%s", otherServer(server), code, stdout, stderr)
			}
			if server == "builtin" {
				// The spec double-clicks the words too, and fails on the
				// file named otherwise.
				specPassesThenFails(t, out, url, func(bool) {}, renamed.Store)
			}
			renamed.Store(true)
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", otherServer(server), "--report", t.TempDir())
			renamed.Store(false)
			if code == 0 {
				t.Errorf("replay through %s with the file named otherwise passed:\n%s\n%s", otherServer(server), stdout, stderr)
			}
		})
	}
}
