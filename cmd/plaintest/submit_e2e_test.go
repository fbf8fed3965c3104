package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// formsPage has a search form (its button "Go") and a sign-up form
// named by its heading, whose submit button says %[1]s; submitted, it
// greets the name typed.
const formsPage = `<!doctype html><html><head><title>Join</title></head><body>
<form role="search" aria-label="Search"><input aria-label="Query"><button>Go</button></form>
<form id="join" onsubmit="event.preventDefault(); document.getElementById('s').textContent = 'Welcome, ' + document.getElementById('n').value + '!'">
<h2>Sign up</h2>
<label for="n">Full name</label><input id="n">
<button type="button">Help</button>
<button>%[1]s</button>
</form>
<p role="status" id="s"></p>
</body></html>`

// TestSubmitFormBothServers: "submit the Sign up form" clicks that form's
// submit button (not its Help button, not the search form's Go), compiled
// through each server and replayed through the other; the replay fails
// where the button is another. "submit the form" on a page of two forms
// is refused naming them.
func TestSubmitFormBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	url, renamed := switchedPage(t, func(on bool) string {
		if on {
			return fmt.Sprintf(formsPage, "Delete account")
		}
		return fmt.Sprintf(formsPage, "Create account")
	})
	for _, server := range bothServers {
		t.Run(server, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "join.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", url, "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--translator", "rules",
				"--step", "I fill in Full name with Ada", "--step", "submit the Sign up form", "--step", "I should see Welcome, Ada!")
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			if !strings.Contains(stdout, `submit the Sign up form → button "Create account"`) {
				t.Errorf("the form was not submitted by its button:\n%s", stdout)
			}
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", otherServer(server), "--report", t.TempDir())
			if code != 0 {
				t.Errorf("replay through %s: exit %d\n%s\n%s", otherServer(server), code, stdout, stderr)
			}
			renamed.Store(true)
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", otherServer(server), "--report", t.TempDir())
			renamed.Store(false)
			if code == 0 {
				t.Errorf("replay through %s with another button passed:\n%s\n%s", otherServer(server), stdout, stderr)
			}
			code, stdout, stderr = runCLI(t, "compile", "--url", url, "--mcp", server, "-o", filepath.Join(t.TempDir(), "x.json"), "--evidence", t.TempDir(), "--translator", "rules",
				"--step", "submit the form")
			if code == 0 || !strings.Contains(stdout+stderr, `the page has 2 forms: form "Search", form "Sign up"`) {
				t.Errorf("submit the form on a page of two: exit %d\n%s\n%s", code, stdout, stderr)
			}
		})
	}
}
