package browserserver

// The tools that read the page: snapshot, evaluate, screenshot, locator.

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mxschmitt/playwright-go"
	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

func (t *tab) snapshotTool(a args, r *response) error {
	title, _ := t.page.Title()
	r.page = t.pageHeader(t.page, title)
	if a.str("format") == "html" {
		html, err := t.html()
		if err != nil {
			return err
		}
		r.snapshot, r.lang = html, "html"
		return nil
	}
	var root playwright.Locator
	if a.str("target") != "" {
		tg, err := t.locate(a.str("target"))
		if err != nil {
			return err
		}
		root = tg.loc
	}
	depth, _ := a.num("depth")
	yaml, err := t.snapshot(root, int(depth))
	if err != nil {
		return err
	}
	if f := a.str("filename"); f != "" {
		path, err := t.s.writeWork(f, []byte(yaml))
		if err != nil {
			return err
		}
		r.result = "- [Snapshot](" + path + ")"
		return nil
	}
	r.snapshot, r.lang = yaml, "yaml"
	return nil
}

// evaluate runs a function in the page (or on the target element) and
// returns its value as JSON, indented as JSON.stringify(v, null, 2) writes
// it ("undefined" for none). A compiled check (commandgen.IsCheck) only reads;
// any other function runs through navstart.js, and the navigation it
// starts (setTimeout(() => location.reload())) is waited for as an
// action's is: the new document committed and loaded. A navigation that
// destroyed the document under the function (started by an earlier step,
// a back-forward cache restore that sent no request) is waited for, and
// the function run once more in the new document; but a step's function
// that navigates (commandgen.Navigates) has done what it says, and is not run
// again: on a loaded machine Playwright reported the document destroyed
// for such a function that had run and started its navigation (a reload
// then loaded the page twice, a step forward went two pages on:
// TestNavigatingStepRunsOnce, 3 runs in 12 under six busy loops).
func (t *tab) evaluate(a args, r *response) error {
	fn := a.str("function")
	call := step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": fn}}
	check := commandgen.IsCheck(call)
	started := false
	run := func() (string, error) {
		var v any
		var err error
		if a.str("target") != "" {
			tg, lerr := t.locate(a.str("target"))
			if lerr != nil {
				return "", lerr
			}
			if len(r.code) == 0 {
				r.addCode("await " + tg.code + ".evaluate(" + quoteJS(fn) + ");")
			}
			v, err = tg.loc.Evaluate(evalGlue(fn, "el", check), nil)
		} else {
			if len(r.code) == 0 {
				r.addCode("await page.evaluate(" + quoteJS(fn) + ");")
			}
			v, err = t.page.Evaluate(evalGlue(fn, "", check))
		}
		if err != nil || check {
			s, _ := v.(string)
			return s, err
		}
		m, _ := v.(map[string]any)
		s, _ := m["value"].(string)
		started, _ = m["started"].(bool)
		return s, nil
	}
	// A compiled check only reads the page: no navigation of its own to
	// wait for (nor network events to watch for one).
	watch := func() navCounts {
		if check {
			return navCounts{}
		}
		return t.navCounts()
	}
	before := watch()
	committed := t.nav.read().committed
	v, err := run()
	// The document went away while the function ran (a navigation it or
	// the page started, perhaps before this call): it runs again in the
	// new one once that has loaded. The driver may report the destroyed
	// context before it has told of the new document, when a load state
	// is still the old document's: so the new document's commit is
	// waited for first (briefly), and the function runs up to three more
	// times. A make test on a loaded machine failed TestEvaluateWaitsForItsNavigation
	// with the context destroyed again after the one run more there was.
	for tries := 0; err != nil && strings.Contains(err.Error(), mcpclient.TextNavigated) && tries < 3; tries++ {
		if commandgen.Navigates(call) {
			v, err, started = "undefined", nil, true
			break
		}
		t.s.log.Debug("evaluate: the document went away; running again after the load", "err", err)
		t.awaitCommit(committed)
		if werr := t.page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateLoad}); werr != nil {
			break
		}
		before = watch()
		committed = t.nav.read().committed
		v, err = run()
	}
	if err != nil {
		return err
	}
	if !check {
		if _, err := t.settleStarted(before, started); err != nil {
			return err
		}
	}
	if f := a.str("filename"); f != "" {
		path, err := t.s.writeWork(f, []byte(v))
		if err != nil {
			return err
		}
		r.result = "- [Result](" + path + ")"
		return nil
	}
	r.result = v
	return nil
}

// navStartJS runs a function that is not a compiled check (navstart.js).
var navStartJS = pagejs.Function(navStartSrc)

//go:embed navstart.js
var navStartSrc string

// evalGlue is the function Playwright runs for fn, of the element when
// param is "el": a compiled check's value as JSON; any other function's
// through navstart.js.
func evalGlue(fn, param string, check bool) string {
	if check {
		return "async (" + param + ") => { const v = await (" + fn + ")(" + param + "); return JSON.stringify(v, null, 2) ?? 'undefined'; }"
	}
	return "async (" + param + ") => (" + navStartJS + ")(() => (" + fn + ")(" + param + "))"
}

func (t *tab) screenshot(a args, r *response) error {
	typ := a.str("type")
	f := a.str("filename")
	if typ == "" {
		typ = "png"
		if ext := strings.ToLower(filepath.Ext(f)); ext == ".jpg" || ext == ".jpeg" {
			typ = "jpeg"
		}
	}
	if typ != "png" && typ != "jpeg" {
		return toolErrorf("screenshot type %q: the built-in server writes png or jpeg", typ)
	}
	var (
		img []byte
		err error
	)
	st := playwright.ScreenshotType(typ)
	if a.str("target") != "" {
		tg, lerr := t.locate(a.str("target"))
		if lerr != nil {
			return lerr
		}
		r.addCode("await " + tg.code + ".screenshot({ type: '" + typ + "' });")
		img, err = tg.loc.Screenshot(playwright.LocatorScreenshotOptions{Type: &st, Scale: playwright.ScreenshotScaleCss})
	} else {
		full := a.flag("fullPage")
		r.addCode(fmt.Sprintf("await page.screenshot({ fullPage: %t, scale: 'css', type: '%s' });", full, typ))
		img, err = t.page.Screenshot(playwright.PageScreenshotOptions{Type: &st, FullPage: playwright.Bool(full), Scale: playwright.ScreenshotScaleCss})
	}
	if err != nil {
		return err
	}
	r.result = "Took the screenshot"
	if f != "" {
		path, err := t.s.writeWork(f, img)
		if err != nil {
			return err
		}
		r.result = "- [Screenshot of viewport](" + path + ")"
	}
	r.images = append(r.images, mcpclient.Image{MIMEType: "image/" + typ, Data: img})
	return nil
}

func (t *tab) generateLocator(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	r.result = strings.TrimPrefix(tg.code, "page.")
	return nil
}
