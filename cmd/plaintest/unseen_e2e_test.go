package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
)

// unseenPages are pages whose text is in the page but hidden from a
// person until an action shows it, or that must stay hidden; under
// /broken/ the action no longer shows it, or shows what must stay
// hidden. A text the broken pages leave unshown is hidden by
// visibility:hidden there, which the text checks read as no text (they
// read innerText); the pages that pass fade it out or clip it away,
// which the page's snapshot lists all the same.
var unseenPages = map[string][2]string{
	// A message faded out (opacity 0) until Save shows it, beside
	// instructions a person reads that say the word.
	"/faded": {`<h1>Editor</h1>
<p>Instructions: press Save; the message Saved appears when your changes are stored.</p>
<button onclick="document.getElementById('m').style.opacity = 1">Save</button>
<p id="m" style="opacity: 0">Your changes were Saved today</p>`,
		`<h1>Editor</h1>
<p>Instructions: press Save; the message Saved appears when your changes are stored.</p>
<button>Save</button>
<p id="m" style="visibility: hidden">Your changes were Saved today</p>`},
	// A list's footer rendered in the page, collapsed to no height, until
	// the list has an item.
	"/footer": {`<h1>Todos</h1>
<input aria-label="New todo" onkeydown="if (event.key === 'Enter') { const li = document.createElement('li'); li.textContent = this.value; document.getElementById('l').append(li); document.getElementById('f').style.maxHeight = 'none'; }">
<ul id="l"></ul>
<footer id="f" style="max-height: 0; overflow: hidden"><span><strong>1</strong> item left</span> <a href="#/">All</a></footer>`,
		`<h1>Todos</h1>
<input aria-label="New todo" onkeydown="if (event.key === 'Enter') { const li = document.createElement('li'); li.textContent = this.value; document.getElementById('l').append(li); }">
<ul id="l"></ul>
<footer id="f" style="visibility: hidden"><span><strong>1</strong> item left</span> <a href="#/">All</a></footer>`},
	// A message in the page, hidden (the hidden attribute), that Cancel
	// leaves hidden; on the broken page Cancel shows it.
	"/deleted": {`<h1>Account</h1>
<p id="m" hidden>Your account was deleted</p>
<button>Cancel</button>`,
		`<h1>Account</h1>
<p id="m" hidden>Your account was deleted</p>
<button onclick="document.getElementById('m').hidden = false">Cancel</button>`},
	// The same, hidden by visibility:hidden.
	"/deleted-invisible": {`<h1>Account</h1>
<p id="m" style="visibility: hidden">Your account was deleted</p>
<button>Cancel</button>`,
		`<h1>Account</h1>
<p id="m" style="visibility: hidden">Your account was deleted</p>
<button onclick="document.getElementById('m').style.visibility = 'visible'">Cancel</button>`},
}

// unseenCases compile on their page through each server, reading the
// element the progress line names and giving no warning, and fail on the
// broken page, at compile and at replay, saying what fails.
var unseenCases = []struct {
	name, page string
	actions    []string
	reads      string // on the progress line of the check
	fails      string // the replay on the broken page (the footer's target is found by its text, visible)
	compile    string // the compile on the broken page
}{
	{"faded", "/faded", []string{"click Save", "verify Saved is shown"},
		`→ paragraph "Your changes were Saved today"`, `expected text "Saved" is not shown in paragraph`, `"Saved" is shown only inside text that was on the page before the test acted`},
	{"footer", "/footer", []string{"type Buy milk into New todo", "press Enter", "verify 1 item is shown"},
		`→ generic "1 item left"`, `does not match any elements`, `expected text "1 item" is not shown`},
	{"deleted", "/deleted", []string{"click Cancel", "verify Your account was deleted is not shown"},
		`verify Your account was deleted is not shown`, `text "Your account was deleted" is still shown`, `text "Your account was deleted" is still shown`},
	{"deleted-invisible", "/deleted-invisible", []string{"click Cancel", "verify Your account was deleted is not shown"},
		`verify Your account was deleted is not shown`, `text "Your account was deleted" is still shown`, `text "Your account was deleted" is still shown`},
}

// serveUnseenPages serves unseenPages, the broken ones under /broken.
func serveUnseenPages(t *testing.T) string {
	t.Helper()
	return testkit.Serve(t, testkit.Pages("<head><title>Unseen</title></head>", func(path string, broken bool) (string, bool) {
		page, ok := unseenPages[path]
		if broken {
			return page[1], ok
		}
		return page[0], ok
	}))
}

// TestUnseenTextBothServers: text in the page that a person could not see
// before an action (faded out, a footer collapsed to no height), which the
// action showed, is what the action did: its check compiles through both
// browser servers, read in its element, with no warning that it held
// before; and a check that a message the page holds hidden is not shown
// compiles, where no snapshot lists it. Each server's exports replay
// through the other, on the pages and on the broken ones, where the
// action no longer shows the text (or shows the message) and the check
// fails; the compile on a broken page fails too.
func TestUnseenTextBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveUnseenPages(t)
	dirs := map[string]string{}
	for _, server := range bothServers {
		dirs[server] = t.TempDir()
	}
	var names []string
	for _, server := range bothServers {
		for _, tc := range unseenCases {
			names = append(names, server+"/compile/"+tc.name)
		}
	}
	alongside(t, names, 4, func(i int, c *caseLog) {
		server, tc := bothServers[i/len(unseenCases)], unseenCases[i%len(unseenCases)]
		flags := []string{"--mcp", server, "--evidence", t.TempDir(), "--translator", "rules"}
		for _, a := range tc.actions {
			flags = append(flags, "--step", a)
		}
		args := append([]string{"compile", "--url", base + tc.page, "-o", filepath.Join(dirs[server], tc.name+".json")}, flags...)
		code, stdout, stderr := runCLI(t, args...)
		switch {
		case code != 0:
			c.Errorf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			return
		case !strings.Contains(stdout, tc.reads):
			c.Errorf("compile through %s: the check does not read %s:\n%s", server, tc.reads, stdout)
		case strings.Contains(stdout+stderr, "already showed"):
			c.Errorf("compile through %s: a warning that the check held before its action:\n%s\n%s", server, stdout, stderr)
		}
		args = append([]string{"compile", "--url", base + "/broken" + tc.page, "-o", filepath.Join(t.TempDir(), "b.json")}, flags...)
		code, stdout, stderr = runCLI(t, args...)
		if code != 1 || !strings.Contains(stdout+stderr, tc.compile) {
			c.Errorf("compile on the broken page through %s: exit %d, want 1 and %q\n%s\n%s", server, code, tc.compile, stdout, stderr)
		}
	})
	replays := namesOf(bothServers, func(s string) string { return s + "/replay-through-" + otherServer(s) })
	together(t, replays, 2, func(t *testing.T, i int) {
		fails := map[string]string{}
		for _, tc := range unseenCases {
			fails[tc.name] = tc.fails
		}
		replayAcross(t, dirs[bothServers[i]], otherServer(bothServers[i]), base, fails, nil, nil)
	})
}
