package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// todoPage is a to-do list whose delete buttons show only an icon (no
// accessible name), each in a row with a test id, and a contact list of
// unlabelled fields with name attributes; the accessibility tree tells
// the buttons, and the fields, apart by position alone. The todos and the
// contacts are listed in the order given. What a click removes, and what
// is typed where, shows on the page.
func todoPage(todos, contacts []string) string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><title>Todos</title></head><body><h1>Todos</h1><ul>`)
	for _, t := range todos {
		n, title, _ := strings.Cut(t, ":")
		fmt.Fprintf(&b, `<li data-testid="todo-%s"><a href="#/%s">%s</a> <button type="button" onclick="done(this)">`+
			`<svg viewBox="0 0 10 10" width="10" height="10"><path d="M1 1L9 9M9 1L1 9" stroke="black"/></svg></button></li>`, n, n, title)
	}
	b.WriteString(`</ul><h2>Contact</h2><ul>`)
	for _, c := range contacts {
		fmt.Fprintf(&b, `<li><a href="#/why-%s">%s</a> <input name="%s" oninput="typed(this)"></li>`, strings.ToLower(c), c, strings.ToLower(c))
	}
	b.WriteString(`</ul><p id="log"></p><p id="typed"></p><script>
function done(b) { const li = b.closest('li'); document.getElementById('log').textContent = 'removed ' + li.querySelector('a').textContent; li.remove(); }
function typed(i) { document.getElementById('typed').textContent = i.name + ' is ' + i.value; }
</script></body></html>`)
	return b.String()
}

// TestCompileAttrLocatorsBothServers compiles, through each browser
// server, actions on an icon-only button and an unlabelled field that the
// accessibility tree names only by position: each export names them by
// the element's attributes (the row's test id, the field's name
// attribute), the same through both servers, and replays on the right
// elements after the rows and fields moved.
func TestCompileAttrLocatorsBothServers(t *testing.T) {
	requireBrowser(t)
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		var moved atomic.Bool
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if moved.Load() {
				// Another todo came first, and the fields swapped places.
				fmt.Fprint(w, todoPage([]string{"4:Call mom", "1:Buy milk", "2:Walk the dog", "3:Pay rent"}, []string{"Phone", "Email"}))
				return
			}
			fmt.Fprint(w, todoPage([]string{"1:Buy milk", "2:Walk the dog", "3:Pay rent"}, []string{"Email", "Phone"}))
		}))
		t.Cleanup(srv.Close)

		out := filepath.Join(t.TempDir(), "todo.json")
		code, stdout, stderr := runCLI(t, "compile",
			"click the button in Walk the dog then verify the page shows removed Walk the dog then "+
				"type a@b.c into the text field next to Email then verify the page shows email is a@b.c",
			"--url", srv.URL, "-o", out, "--evidence", t.TempDir(), "--mcp", server)
		if code != 0 {
			t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
		}
		sc, err := sandy.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		var targets []string
		for _, st := range sc.Steps {
			if target, ok := st.Params["target"].(string); ok && st.Tool != "mcp__playwright__browser_evaluate" {
				targets = append(targets, target)
			}
		}
		want := []string{`internal:testid=[data-testid="todo-2"s] >> internal:role=button`, `input[name="email"]`}
		if strings.Join(targets, "\n") != strings.Join(want, "\n") {
			t.Errorf("targets:\n%s\nwant:\n%s", strings.Join(targets, "\n"), strings.Join(want, "\n"))
		}

		moved.Store(true)
		code, stdout, stderr = runCLI(t, "replay", out, "--mcp", server, "--report", t.TempDir())
		if code != 0 || !strings.Contains(stdout, "PASSED") {
			t.Errorf("replay on the moved page: exit %d\n%s\n%s", code, stdout, stderr)
		}
	})
}
