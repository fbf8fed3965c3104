package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// colourOrderPage is an order's page: Approve turns its Status badge (white
// text on grey) red a moment later, or, broken, green. The Delete button
// is red, the error message red text, the Save button's background the
// green of the bar around it (its own transparent), the banner orange.
const colourOrderPage = `<!doctype html><html><head><title>Order</title>
<style>
header { background: rgb(249, 115, 22); padding: 8px }
.badge { color: #fff; background: #6c757d; padding: 2px 6px; border-radius: 4px; transition: background-color 0.2s }
.bar { background: rgba(25, 135, 84, 0.9); padding: 4px }
.bar button { background: transparent; border: 0; color: #fff }
</style></head><body>
<header><h1>Order 42</h1></header>
<p>Status: <span class="badge" role="status" aria-label="Status" id="badge">Pending</span></p>
<button id="approve">Approve</button>
<button style="background: rgb(139, 0, 0); color: #fff">Delete</button>
<p role="alert" style="color: rgb(220, 53, 69)">Card declined</p>
<div class="bar"><button>Save</button></div>
<script>
document.getElementById("approve").onclick = () => setTimeout(() => {
  const b = document.getElementById("badge"); b.style.backgroundColor = "%s"; b.textContent = "Approved";
}, 400);
</script></body></html>`

// TestColourBothServers: colour checks read the colour a person sees,
// compiled through each server and replayed through the other; on the
// page where Approve turns the badge green, the replay fails saying the
// colour it saw and the one expected.
func TestColourBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	url, broken := switchedPage(t, func(on bool) string {
		if on {
			return fmt.Sprintf(colourOrderPage, "rgb(25, 135, 84)")
		}
		return fmt.Sprintf(colourOrderPage, "rgb(220, 38, 38)")
	})
	for _, server := range bothServers {
		t.Run(server, func(t *testing.T) {
			broken.Store(false)
			out := filepath.Join(t.TempDir(), "order.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", url+"/order", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--format", "playwright", "--translator", "rules",
				"--step", "verify the Status badge is grey",
				"--step", "click Approve",
				"--step", "check the Status badge turns red",
				"--step", "the status text is not red",
				"--step", "the Delete button is red",
				"--step", "the error message is shown in red",
				"--step", "the Save button's background is green",
				"--step", "verify the banner is orange")
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(raw), `"kind": "colour"`); n != 7 {
				t.Errorf("the export has %d colour checks, want 7:\n%s", n, raw)
			}
			spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(spec), "const coloursOf = ") || strings.Count(string(spec), `.toContain("red")`) != 4 || strings.Count(string(spec), `.not.toContain("red")`) != 1 {
				t.Errorf("the spec does not poll the colours it checks:\n%s", spec)
			}
			os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts")
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", otherServer(server), "--report", t.TempDir())
			if code != 0 {
				t.Errorf("replay through %s: exit %d\n%s\n%s", otherServer(server), code, stdout, stderr)
			}
			broken.Store(true)
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", otherServer(server), "--report", t.TempDir())
			if code == 0 {
				t.Errorf("replay through %s on the page where the badge turns green passed:\n%s\n%s", otherServer(server), stdout, stderr)
			}
			if want := `is white (text rgb(255, 255, 255)) on green (background rgb(25, 135, 84)), expected red`; !strings.Contains(stdout+stderr, want) {
				t.Errorf("replay through %s on the broken page does not say %q:\n%s\n%s", otherServer(server), want, stdout, stderr)
			}
		})
	}
}
