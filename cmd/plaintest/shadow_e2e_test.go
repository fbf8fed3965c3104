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

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/sandy"
)

// shadowElements defines the custom elements of the shadow DOM pages
// (issue 21 item 2), each rendering into an open shadow root, as Lit and
// most design systems do:
//   - <shop-card name price>: an article named by aria-label (Playwright's
//     snapshot leaves one named by aria-labelledby inside a shadow root
//     unnamed), a heading, a price and an
//     "Add to cart" button that counts into "In cart: N", all in its
//     shadow root;
//   - <todo-list add="N">: a heading, a "New todo" field, an "Add todo"
//     button (adding N items, 1 unless said), a list "Todo items" of
//     <todo-item> elements, each an <li> in a shadow root of its own, and
//     "N left" in the list's;
//   - <x-field label news="broken">: a labelled email field and a "Send
//     news" checkbox (that cannot be ticked when news is "broken");
//   - <x-note>: a section whose heading is a named slot ("title") and whose
//     body is the default slot;
//   - <x-search swap details>: two fields named by label and placeholder
//     (swap="yes" swaps what they say they are) and a link with no href
//     clicked through script (dead when details is "dead").
const shadowElements = `<script>
customElements.define('shop-card', class extends HTMLElement {
  connectedCallback() {
    const r = this.attachShadow({mode: 'open'});
    r.innerHTML = '<article aria-label="' + this.getAttribute('name') + '"><h2>' + this.getAttribute('name') + '</h2><p>' + this.getAttribute('price') + '</p><button>Add to cart</button><p class="n"></p></article>';
    let n = 0;
    r.querySelector('button').onclick = () => { r.querySelector('.n').textContent = 'In cart: ' + (++n); };
  }
});
customElements.define('todo-item', class extends HTMLElement {
  connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML = '<li>' + this.getAttribute('text') + '</li>'; }
});
customElements.define('todo-list', class extends HTMLElement {
  connectedCallback() {
    const r = this.attachShadow({mode: 'open'});
    r.innerHTML = '<h2>Todos</h2><input aria-label="New todo"><button>Add todo</button><ul aria-label="Todo items"><todo-item text="Buy milk"></todo-item><todo-item text="Walk dog"></todo-item></ul><p class="left">2 left</p>';
    const ul = r.querySelector('ul'), input = r.querySelector('input');
    r.querySelector('button').onclick = () => {
      for (let i = 0; i < +(this.getAttribute('add') || 1); i++) { const t = document.createElement('todo-item'); t.setAttribute('text', input.value); ul.append(t); }
      input.value = '';
      r.querySelector('.left').textContent = ul.children.length + ' left';
    };
  }
});
customElements.define('x-field', class extends HTMLElement {
  connectedCallback() {
    const r = this.attachShadow({mode: 'open'});
    r.innerHTML = '<label for="i">' + this.getAttribute('label') + '</label><input id="i" type="email"><label><input type="checkbox"' + (this.getAttribute('news') === 'broken' ? ' onclick="return false"' : '') + '> Send news</label>';
  }
});
customElements.define('x-search', class extends HTMLElement {
  connectedCallback() {
    const r = this.attachShadow({mode: 'open'});
    r.innerHTML = '<input aria-label="Search" placeholder="Search products…"><input aria-label="Find" placeholder="Search orders…"><p class="q"></p><p>Your orders are below. <a>Details</a></p>';
    const [a, b] = r.querySelectorAll('input'), q = r.querySelector('.q');
    const swap = this.getAttribute('swap') === 'yes';
    a.oninput = () => { q.textContent = (swap ? 'o=' : 'q=') + a.value; };
    b.oninput = () => { q.textContent = (swap ? 'q=' : 'o=') + b.value; };
    if (this.getAttribute('details') !== 'dead') r.querySelector('a').onclick = () => { q.textContent = 'opened details'; };
  }
});
customElements.define('x-note', class extends HTMLElement {
  connectedCallback() {
    this.attachShadow({mode: 'open'}).innerHTML = '<section><h3><slot name="title">No title</slot></h3><div><slot></slot></div><p>Note footer</p></section>';
  }
});
</script>`

// shadowPage is a page of body after the custom elements are defined.
func shadowPage(body string) string {
	return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Shadow</title>` + shadowElements + `</head><body><h1>Shadow shop</h1>` + body + `</body></html>`
}

// shadowCases compile on holds and replay there, and fail on broken, where
// the fact their checks read inside a shadow root is gone.
var shadowCases = []struct {
	name, actions string
	holds, broken string
}{{
	name:    "text in a card",
	actions: "verify the page shows Blue Mug then verify Blue Mug shows $12.00 then click Add to cart for Blue Mug then verify Blue Mug shows In cart: 1",
	holds:   `<shop-card name="Blue Mug" price="$12.00"></shop-card><shop-card name="Red Plate" price="$9.50"></shop-card>`,
	broken:  `<shop-card name="Blue Mug" price="$13.00"></shop-card><shop-card name="Red Plate" price="$9.50"></shop-card>`,
}, {
	name:    "slotted text",
	actions: "verify the page shows Slotted title then verify the page shows Plain body text",
	holds:   `<x-note><b slot="title">Slotted title</b>Plain body text</x-note>`,
	broken:  `<x-note><b slot="titel">Slotted title</b>Plain body text</x-note>`,
}, {
	name:    "count across shadow roots",
	actions: "type Feed cat into New todo then click Add todo then verify Todo items shows 3 items then verify the page shows 3 left",
	holds:   `<todo-list></todo-list>`,
	broken:  `<todo-list add="2"></todo-list>`,
}, {
	name:    "placeholder in a shadow root",
	actions: "type shoes into Search products… then verify the page shows q=shoes",
	holds:   `<x-search></x-search>`,
	broken:  `<x-search swap="yes"></x-search>`,
}, {
	name:    "link with no href in a shadow root",
	actions: "click Details then verify the page shows opened details",
	holds:   `<x-search></x-search>`,
	broken:  `<x-search details="dead"></x-search>`,
}, {
	name:    "field and checkbox",
	actions: "type a@b.c into Email then check Send news then verify Send news is checked then verify Email shows a@b.c",
	holds:   `<x-field label="Email"></x-field>`,
	broken:  `<x-field label="Email" news="broken"></x-field>`,
}}

// shadowServer serves shadowPage(holds), or shadowPage(broken) once
// broken is set.
func shadowServer(t *testing.T, holds, broken string) (string, *atomic.Bool) {
	var bad atomic.Bool
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if bad.Load() {
			fmt.Fprint(w, shadowPage(broken))
			return
		}
		fmt.Fprint(w, shadowPage(holds))
	})), &bad
}

// TestShadowDOMBothServers compiles each of shadowCases through one
// browser server or the other in turn (compilerOf), and replays the
// export through the other on the page it was compiled on and on its
// broken variant: green there, red here. The Playwright Test specs of the
// compiles then pass npx playwright test on the pages they were compiled
// on and each fails on its broken page: the exported locators and text
// assertions pierce shadow roots. Not the slotted text's, whose spec
// reads the slot's fallback (docs/limits.md).
func TestShadowDOMBothServers(t *testing.T) {
	requireBrowser(t)
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	specs := t.TempDir()
	// The cases beside each other (alongside): most of each is the wait
	// of its replay on the broken page.
	names := make([]string, len(shadowCases))
	for i, c := range shadowCases {
		names[i] = "cases/" + compilerOf(i) + "/" + c.name
	}
	alongside(t, names, 4, func(i int, log *caseLog) {
		server, c := compilerOf(i), shadowCases[i]
		base, broken := shadowServer(t, c.holds, c.broken)
		out := filepath.Join(t.TempDir(), "shadow.json")
		// At /caseN, where the specs' server (below) serves the case.
		code, stdout, stderr := runCLI(t, "compile", c.actions, "--url", fmt.Sprintf("%s/case%d", base, i), "-o", out, "--evidence", t.TempDir(), "--mcp", server, "--format", "playwright")
		if code != 0 {
			log.Errorf("compile: exit %d\n%s\n%s", code, stdout, stderr)
			return
		}
		if _, err := sandy.Load(out); err != nil {
			log.Errorf("%v", err)
			return
		}
		if c.name != "slotted text" {
			if err := os.Rename(strings.TrimSuffix(out, ".json")+".spec.ts", filepath.Join(specs, fmt.Sprintf("case%d.spec.ts", i))); err != nil {
				log.Errorf("%v", err)
				return
			}
		}
		replayHoldsThenBroken(t, log, out, otherServer(server), broken)
	})
	t.Run("specs", func(t *testing.T) { runShadowSpecs(t, specs) })
}

// replayHoldsThenBroken replays the scenario out through server on the
// page it was compiled on, where it must pass, and again once broken is
// set, where it must fail.
func replayHoldsThenBroken(t *testing.T, log errorLog, out, server string, broken *atomic.Bool) {
	t.Helper()
	code, stdout, stderr := runCLI(t, "replay", out, "--mcp", server, "--report", t.TempDir())
	if code != 0 || !strings.Contains(stdout, "PASSED") {
		log.Errorf("replay: exit %d\n%s\n%s", code, stdout, stderr)
	}
	broken.Store(true)
	code, stdout, stderr = runCLI(t, "replay", out, "--mcp", server, "--report", t.TempDir())
	if code == 0 || strings.Contains(stdout, "PASSED") {
		log.Errorf("replay on the broken page passed: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// runShadowSpecs runs the specs in dir (case%d.spec.ts, one for each of
// shadowCases but the slotted text) against their pages, then against
// their broken pages.
func runShadowSpecs(t *testing.T, dir string) {
	modules := nodeModules(t)
	var bad atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i int
		if _, err := fmt.Sscanf(r.URL.Path, "/case%d", &i); err != nil || i < 0 || i >= len(shadowCases) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if bad.Load() {
			fmt.Fprint(w, shadowPage(shadowCases[i].broken))
			return
		}
		fmt.Fprint(w, shadowPage(shadowCases[i].holds))
	}))
	t.Cleanup(srv.Close)
	if n, _ := filepath.Glob(filepath.Join(dir, "*.spec.ts")); len(n) != len(shadowCases)-1 {
		t.Fatalf("%d specs in %s, want %d", len(n), dir, len(shadowCases)-1)
	}
	if got, ok := runSpecs(t, modules, dir, srv.URL); !ok {
		t.Errorf("a spec failed on the page it was compiled on:\n%s", got)
	}
	bad.Store(true)
	if got, failed := runFailingSpecs(t, dir, srv.URL); len(failed) != len(shadowCases)-1 {
		t.Errorf("want all %d specs to fail on the broken pages, %d did:\n%s", len(shadowCases)-1, len(failed), got)
	}
}

// TestShadowDOMIdentity: a card's button inside a shadow root, its target
// held to the card it was compiled in. When the card the test id names is
// renamed, replay does not click it, and says what the target names now
// (replay's describe.js, through the shadow root).
func TestShadowDOMIdentity(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	cards := `<shop-card data-testid="p1" name="%s" price="$12.00"></shop-card><shop-card data-testid="p2" name="Red Plate" price="$9.50"></shop-card>`
	base, broken := shadowServer(t, fmt.Sprintf(cards, "Blue Mug"), fmt.Sprintf(cards, "Navy Mug"))
	out := filepath.Join(t.TempDir(), "identity.json")
	code, stdout, stderr := runCLI(t, "compile", "click Add to cart for Blue Mug then verify Blue Mug shows In cart: 1", "--url", base, "-o", out, "--evidence", t.TempDir())
	if code != 0 {
		t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
	}
	broken.Store(true)
	code, stdout, stderr = runCLI(t, "replay", out, "--timeout", "3s", "--report", t.TempDir())
	if want := `target is now button "Add to cart" in article "Navy Mug", compiled as button "Add to cart" in article "Blue Mug"`; code != exitFailed || !strings.Contains(stdout+stderr, want) {
		t.Errorf("replay: exit %d, want %d saying %q\n%s\n%s", code, exitFailed, want, stdout, stderr)
	}
}
