package browserserver

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/dom"
)

// refRe is a ref of a snapshot: e7, or f1e3 inside a frame.
var refRe = regexp.MustCompile(`^(?:f\d+)?e\d+$`)

// jsLocatorRe is a target written as Playwright JavaScript:
// getByRole('button', { name: 'Add' }), page.locator('#x').first().
var jsLocatorRe = regexp.MustCompile(`^(?:page\.)?(?:getBy[A-Za-z]+|locator|frameLocator)\s*\(`)

// toolError is a failure the tool reports as its result (isError), not a
// failure of the server.
type toolError struct{ msg string }

func (e *toolError) Error() string { return e.msg }

func toolErrorf(format string, args ...any) error {
	return &toolError{msg: fmt.Sprintf(format, args...)}
}

// target is a resolved `target` argument: the locator, and the JavaScript
// that names it in code.
type target struct {
	loc  playwright.Locator
	code string // page.getByRole('button', { name: 'Add' })
	raw  string
}

// locate resolves a target: a ref of the latest snapshot, or any Playwright
// selector (the selector syntax, or the JavaScript form getByRole(...)). It
// must match exactly one element now: none is the error
// `"SEL" does not match any elements.`, several Playwright's strict mode
// violation, both as @playwright/mcp words them.
func (t *tab) locate(raw string) (*target, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, toolErrorf("target is empty: give a ref from the page snapshot or a selector")
	}
	var tg target
	tg.raw = raw
	switch {
	case refRe.MatchString(raw):
		if _, ok := t.refs[raw]; !ok {
			return nil, toolErrorf("Ref %s not found in the current page snapshot. Try capturing new snapshot.", raw)
		}
		tg.loc = t.refLocator(raw)
		if tg.code = t.codes[raw]; tg.code == "" {
			tg.code = t.generate(raw, tg.loc)
			t.codes[raw] = tg.code
		}
	case jsLocatorRe.MatchString(raw):
		l, err := dom.ParseLocatorCode("await page." + strings.TrimPrefix(raw, "page.") + ".click();")
		if err != nil {
			return nil, toolErrorf("cannot read the locator %s: %v", raw, err)
		}
		tg.loc = t.page.Locator(l.Selector())
		tg.code = "page." + l.JS()
	default:
		tg.loc = t.page.Locator(raw)
		tg.code = "page." + selectorJS(raw)
	}
	n, err := tg.loc.Count()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, toolErrorf("%s does not match any elements.", quoteJSON(raw))
	}
	if n > 1 {
		// Playwright's own error lists the matches and how to tell them apart.
		_, err := tg.loc.Evaluate("(el) => 0", nil)
		if err == nil {
			err = fmt.Errorf("strict mode violation: %s resolved to %d elements", quoteJSON(raw), n)
		}
		return nil, err
	}
	return &tg, nil
}

// selectorJS is the JavaScript locator of a Playwright selector: the getBy…
// form when plaintest reads it, else locator('SEL').
func selectorJS(sel string) string {
	if l, err := dom.ParseSelector(sel); err == nil {
		return l.JS()
	}
	return "locator(" + quoteJS(sel) + ")"
}

// generate returns the JavaScript of a stable locator (no ref) that matches
// the element of ref alone, preferring as Playwright's generator does: its
// test id; its role and name, case-insensitive before exact, alone or in
// the nearest ancestor with a test id; dom.Synthesize's locator (scoped by
// a container when needed); its id. Each candidate is checked on the page
// to match that element only; when none does, its place among the
// elements of its role (internal:role=textbox >> nth=1); the last resort is
// the synthesized locator unchecked.
//
// The page is asked in two rounds of calls made at once (the element and
// its attributes, then every candidate), not one call after another.
func (t *tab) generate(ref string, loc playwright.Locator) string {
	var (
		attrs any
		h     playwright.ElementHandle
		herr  error
		wg    sync.WaitGroup
	)
	wg.Add(2)
	go func() {
		defer wg.Done()
		attrs, _ = loc.Evaluate(`(el) => [el.getAttribute('data-testid') || '', el.id || '',
		(el.parentElement && el.parentElement.closest('[data-testid]') || {getAttribute: () => ''}).getAttribute('data-testid') || '']`, nil)
	}()
	go func() {
		defer wg.Done()
		h, herr = loc.ElementHandle()
	}()
	wg.Wait()
	if herr == nil {
		defer func() { _ = h.Dispose() }()
	}
	var testID, id, scopeID string
	if a, ok := attrs.([]any); ok && len(a) == 3 {
		testID, _ = a[0].(string)
		id, _ = a[1].(string)
		scopeID, _ = a[2].(string)
	}
	var cands []dom.Locator
	add := func(parts ...dom.LocatorPart) { cands = append(cands, dom.Locator{Parts: parts}) }
	if testID != "" {
		add(dom.LocatorPart{Kind: dom.PartTestID, Text: testID})
	}
	n := t.node(ref)
	if !t.refs[ref] {
		n = nil // a frame's element: its locator would need the frame's
	}
	if n != nil && n.Name != "" && n.Role != "text" {
		own := dom.LocatorPart{Kind: dom.PartRole, Role: n.Role, Name: n.Name}
		exact := own
		exact.Exact = true
		add(own)
		add(exact)
		if scopeID != "" {
			scope := dom.LocatorPart{Kind: dom.PartTestID, Text: scopeID}
			add(scope, own)
			add(scope, exact)
		}
	}
	var synth dom.Locator
	if n != nil {
		if l, err := dom.Synthesize(t.tree, n); err == nil {
			synth = l
			if !l.Positional() {
				cands = append(cands, l)
			}
		}
	}
	if id != "" && dom.CSSIdent(id) {
		add(dom.LocatorPart{Kind: dom.PartCSS, Text: "#" + id})
	}
	if len(synth.Parts) > 0 && synth.Positional() {
		cands = append(cands, synth)
	}
	if herr == nil {
		ok := make([]bool, len(cands))
		for i, c := range cands {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok[i] = t.only(h, c.Selector())
			}()
		}
		wg.Wait()
		for i, c := range cands {
			if ok[i] {
				return "page." + c.JS()
			}
		}
		// None singles it out: its place among the elements of its role,
		// as Playwright's generator falls back to (a caller that wants
		// better knows the locator for a positional one).
		if n != nil && n.Role != "" && n.Role != "text" && n.Role != "generic" {
			role := dom.Locator{Parts: []dom.LocatorPart{{Kind: dom.PartRole, Role: n.Role}}}
			v, err := t.page.MainFrame().Locator(role.Selector()).EvaluateAll("(els, t) => els.indexOf(t)", h)
			i := -1
			switch x := v.(type) {
			case int:
				i = x
			case float64:
				i = int(x)
			}
			if err == nil && i >= 0 {
				role.Parts = append(role.Parts, dom.LocatorPart{Kind: dom.PartNth, Index: i})
				return "page." + role.JS()
			}
		}
	}
	if len(synth.Parts) > 0 {
		return "page." + synth.JS()
	}
	return "page.locator(" + quoteJS("aria-ref="+ref) + ")"
}

// only reports whether selector matches the element h and no other, in
// one round trip.
func (t *tab) only(h playwright.ElementHandle, selector string) bool {
	v, err := t.page.MainFrame().Locator(selector).EvaluateAll("(els, t) => els.length === 1 && els[0] === t", h)
	return err == nil && v == true
}

// quoteJS quotes s as a single-quoted JavaScript string, as Playwright's
// code generator writes them.
func quoteJS(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`)
	return "'" + r.Replace(s) + "'"
}

// quoteJSON quotes s as a JSON string.
func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
