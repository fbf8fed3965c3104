package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
)

// nameCases are pages whose elements a person names as they see them,
// not as the accessibility snapshot lists them (issue 21 part 1): each
// compiles on holds and replays there, and its replay fails on broken,
// where the fact its checks read is gone. targets, when set, are the
// exported action targets in order; warnings, what compile's output warns.
var nameCases = []struct {
	name, actions string
	holds, broken string
	targets       []string
	warnings      []string
}{{
	name:    "link with no href",
	actions: "click Details then verify the page shows opened details",
	holds:   `<p>Your orders are below. <a onclick="say('opened details')">Details</a></p>`,
	broken:  `<p>Your orders are below. <a>Details</a></p>`,
	targets: []string{`internal:text="Details"s`},
}, {
	name: "odd spaces",
	actions: "select Next day delivery in Shipping then verify Shipping shows Next day delivery then " +
		"select Same day fast in Shipping then verify the page shows chose c then click Save changes then verify the page shows saved",
	holds: `<label for="s">Shipping</label><select id="s" onchange="say('chose ' + this.value)"><option value="a">Standard</option>` +
		`<option value="b">Next&nbsp;day delivery</option><option value="c">Same&#8201;day&#8239;fast</option></select>` +
		`<button onclick="say('saved')">Save&nbsp;changes</button>`,
	broken: `<label for="s">Shipping</label><select id="s" onchange="say('chose ' + this.value)"><option value="a">Standard</option>` +
		`<option value="b">Next day delivery</option><option value="d">Same day fast</option></select>` +
		`<button onclick="say('saved')">Save&nbsp;changes</button>`,
}, {
	name:    "placeholder beside an aria-label",
	actions: "type shoes into Search products… then verify the page shows q=shoes",
	holds: `<input aria-label="Search" placeholder="Search products…" oninput="say('q=' + this.value)">` +
		`<input aria-label="Find" placeholder="Search orders…" oninput="say('o=' + this.value)">`,
	broken: `<input aria-label="Search" placeholder="Search products…" oninput="say('o=' + this.value)">` +
		`<input aria-label="Find" placeholder="Search orders…" oninput="say('q=' + this.value)">`,
	targets: []string{`internal:role=textbox[name="Search"i]`},
}, {
	name: "kind alone",
	actions: "type a@b.c into the email box then verify the page shows e=a@b.c then " +
		"type mug into the search field then verify the page shows s=mug",
	holds:   `<input type="email" oninput="say('e=' + this.value)"><input type="search" oninput="say('s=' + this.value)">`,
	broken:  `<input type="email"><input type="search" oninput="say('s=' + this.value)">`,
	targets: []string{`input[type="email"]`, `internal:role=searchbox`},
}, {
	name: "kinds of field",
	actions: "type 1234 into the PIN box then verify the page shows p=1234 then type 5 into the number field then verify the page shows n=5 then " +
		"type hi into the text area then verify the page shows t=hi then type yo into Notes then verify the page shows c=yo",
	holds: `<input type="password" placeholder="••••" oninput="say('p=' + this.value)"><input type="number" oninput="say('n=' + this.value)">` +
		`<select aria-label="Size"><option>S</option></select><textarea oninput="say('t=' + this.value)"></textarea>` +
		`<span id="nl">Notes</span><div contenteditable="true" aria-labelledby="nl" oninput="say('c=' + this.textContent)">.</div>`,
	broken: `<input type="password" placeholder="••••" oninput="say('p=' + this.value)"><input type="number" oninput="say('n=' + this.value)">` +
		`<select aria-label="Size"><option>S</option></select><textarea oninput="say('t=' + this.value)"></textarea>` +
		`<span id="nl">Notes</span><div contenteditable="true" aria-labelledby="nl">.</div>`,
	targets: []string{`input[type="password"]`, `input[type="number"]`, `textarea`, `internal:label="Notes"s`},
}, {
	name:    "icon buttons",
	actions: "click the trash button then verify the page shows deleted then click the pencil icon then verify the page shows edited",
	holds: `<button onclick="say('deleted')"><i class="fa fa-trash"></i></button><button onclick="say('added')"><i class="bi bi-plus-lg"></i></button>` +
		`<button onclick="say('edited')"><span class="material-icons">edit</span></button>`,
	broken: `<button onclick="say('archived')"><i class="fa fa-trash"></i></button><button onclick="say('added')"><i class="bi bi-plus-lg"></i></button>` +
		`<button onclick="say('edited')"><span class="material-icons">edit</span></button>`,
	targets:  []string{`button:has(.fa-trash)`, `internal:role=button[name="edit"s]`},
	warnings: []string{`warning: button "delete" is named by its icon, class fa-trash`, `warning: button "edit" is named by its icon, the ligature "edit"`},
}, {
	name:     "words of a name in order",
	actions:  "check Select all rows then verify the page shows all=true",
	holds:    `<label><input type="checkbox" onchange="say('all=' + this.checked)">Select all 12 rows.</label><label><input type="checkbox">Keep rows</label>`,
	broken:   `<label><input type="checkbox" onchange="say('all=' + !this.checked)">Select all 12 rows.</label><label><input type="checkbox">Keep rows</label>`,
	warnings: []string{`warning: "Select all rows" is read as checkbox "Select all 12 rows."`},
}, {
	name:    "label with a glyph over its box",
	actions: "check Select all then verify the page shows all=true then uncheck Select all then verify the page shows all=false",
	holds: `<style>.box{position:relative;display:inline-block}.box input{margin:0;width:16px;height:16px}` +
		`.box i{position:absolute;left:0;top:0;width:18px;height:18px;background:#09f}</style>` +
		`<span class="box"><input type="checkbox" id="all" onchange="say('all=' + this.checked)"><i></i></span>` +
		`<label for="all"><span>✔</span> Select all</label>`,
	broken: `<style>.box{position:relative;display:inline-block}.box input{margin:0;width:16px;height:16px}` +
		`.box i{position:absolute;left:0;top:0;width:18px;height:18px;background:#09f}</style>` +
		`<span class="box"><input type="checkbox" id="all"><i></i></span>` +
		`<label for="all"><span>✔</span> Select all</label>`,
	targets: []string{`label[for="all"]`, `label[for="all"]`},
}, {
	// Two buttons of one name, the second over the first: a person clicks
	// the one on top.
	name:    "the button on top",
	actions: "click Button then verify the page shows top",
	holds: `<div style="position:relative;height:40px"><button style="position:absolute;left:0;top:0;width:90px" onclick="say('under')">Button</button>` +
		`<button style="position:absolute;left:0;top:0;width:90px" onclick="say('top')">Button</button></div>`,
	broken: `<div style="position:relative;height:40px"><button style="position:absolute;left:0;top:0;width:90px" onclick="say('top')">Button</button>` +
		`<button style="position:absolute;left:0;top:0;width:90px" onclick="say('under')">Button</button></div>`,
	warnings: []string{`warning: "Button" is read as the button "Button" on top: another of that name is covered`},
}}

// namesPage is a page of body, whose say(text) shows text in #o.
func namesPage(body string) string {
	return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Names</title></head><body>` + body +
		`<p id="o"></p><script>function say(t) { document.getElementById('o').textContent = t; }</script></body></html>`
}

// TestCompileNamesAsSeenBothServers compiles each of nameCases through one
// browser server or the other in turn (compilerOf), and replays the
// export through the other on the page it was compiled on and on its
// broken variant: green there, red here.
func TestCompileNamesAsSeenBothServers(t *testing.T) {
	requireBrowser(t)
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	names := make([]string, len(nameCases))
	for i, c := range nameCases {
		names[i] = compilerOf(i) + "/" + c.name
	}
	// Four at a time: most of each is a replay on the broken page waiting
	// for its check to fail.
	together(t, names, 4, func(t *testing.T, i int) {
		server, c := compilerOf(i), nameCases[i]
		var broken atomic.Bool
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if broken.Load() {
				fmt.Fprint(w, namesPage(c.broken))
				return
			}
			fmt.Fprint(w, namesPage(c.holds))
		}))
		t.Cleanup(srv.Close)

		out := filepath.Join(t.TempDir(), "names.json")
		code, stdout, stderr := runCLI(t, "compile", c.actions, "--url", srv.URL, "-o", out, "--evidence", t.TempDir(), "--mcp", server)
		if code != 0 {
			t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
		}
		for _, want := range c.warnings {
			if !strings.Contains(stdout, want) {
				t.Errorf("compile's output lacks %q:\n%s", want, stdout)
			}
		}
		sc, err := sandy.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		if c.targets != nil {
			var targets []string
			for _, st := range sc.Steps {
				tool := strings.TrimPrefix(st.Tool, "mcp__playwright__")
				if target, ok := commandgen.Lift(tool, st.Params)["target"].(string); ok && tool != "browser_evaluate" {
					targets = append(targets, target)
				}
			}
			if got, want := strings.Join(targets, "\n"), strings.Join(c.targets, "\n"); got != want {
				t.Errorf("targets:\n%s\nwant:\n%s", got, want)
			}
		}
		replayHoldsThenBroken(t, t, out, otherServer(server), &broken)
	})
}

// TestCompileKindAmbiguousBothServers: "the email box" on a page with two
// email fields is refused, naming both.
func TestCompileKindAmbiguousBothServers(t *testing.T) {
	requireBrowser(t)
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, namesPage(`<input type="email" name="work"><input type="email" name="home">`))
		}))
		t.Cleanup(srv.Close)
		code, stdout, stderr := runCLI(t, "compile", "type a@b.c into the email box", "--url", srv.URL,
			"-o", filepath.Join(t.TempDir(), "x.json"), "--evidence", t.TempDir(), "--mcp", server)
		if code == 0 {
			t.Fatalf("compile passed\n%s", stdout)
		}
		for _, want := range []string{`matches 2 elements`, `field name=work`, `field name=home`} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, stderr)
			}
		}
	})
}
