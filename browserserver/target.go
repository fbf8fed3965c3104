package browserserver

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/commandgen/locator"
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
		l, err := locator.ParseLocatorCode("await page." + strings.TrimPrefix(raw, "page.") + ".click();")
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
	if l, err := locator.ParseSelector(sel); err == nil {
		return l.JS()
	}
	return "locator(" + quoteJS(sel) + ")"
}

// generate returns the JavaScript of a stable locator (no ref) for the
// element of ref: Playwright's own locator generator, as @playwright/mcp
// asks it (locator.normalize(): test id, role and name, label, text,
// scoped or by place, as Playwright prefers), written as getBy… code.
// When Playwright cannot resolve the ref, the aria-ref locator itself.
func (t *tab) generate(ref string, loc playwright.Locator) string {
	if sel := selectorOf(loc.Normalize()); sel != "" && !strings.HasPrefix(sel, "aria-ref=") {
		return "page." + selectorJS(sel)
	}
	return "page.locator(" + quoteJS("aria-ref="+ref) + ")"
}

// selectorOf is the selector of a playwright-go locator, which it keeps
// unexported (Locator.Normalize returns the resolved selector as a
// locator); "" when it has none.
func selectorOf(l playwright.Locator) string {
	v := reflect.ValueOf(l)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return ""
	}
	f := v.FieldByName("selector")
	if !f.IsValid() || f.Kind() != reflect.String {
		return ""
	}
	return f.String()
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
