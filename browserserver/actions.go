package browserserver

// The tools that act on the page, and how an action's response ends.

import (
	"fmt"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
)

// afterAction finishes an action's response: it waits for a navigation the
// action started, then adds the page and, unless turned off, the new
// snapshot.
func (t *tab) afterAction(before navCounts, r *response) error {
	title, err := t.settle(before)
	if err != nil {
		return err
	}
	return t.describe(r, title, !t.s.opts.NoActionSnapshots)
}

// describe adds the Page section (title "" when not known yet) and, with
// snap, a fresh snapshot. A dialog that opens while it reads the page (a
// timer the action started, a handler of the load) blocks the page's
// scripts, and with them the title and the snapshot: the response then
// ends with the Modal state section instead, as when the action itself
// opens one, and the snapshot read on behind it is dropped.
func (t *tab) describe(r *response, title string, snap bool) error {
	var (
		tabs, header, yaml string
		err                error
	)
	// The reading may go on after this call returns, beside the next:
	// it reads the page as it is now, and no field of t a call changes.
	page := t.page
	opened, _ := t.act(func() error {
		if len(t.tabList()) > 1 {
			tabs = t.renderTabs(page)
		}
		header = t.pageHeader(page, title)
		if snap {
			yaml, err = t.readSnapshot(page, nil, 0)
		}
		return nil
	})
	if opened {
		t.describeModal(r)
		return nil
	}
	if err != nil {
		return err
	}
	r.tabs, r.page = tabs, header
	if snap {
		t.keepSnapshot(yaml)
		r.snapshot, r.lang = yaml, "yaml"
	}
	return nil
}

func (t *tab) timeout() *float64 {
	return playwright.Float(float64(t.s.opts.ActionTimeout.Milliseconds()))
}

func (t *tab) navigate(a args, r *response) error {
	url := a.str("url")
	if err := t.s.rule.Open(url); err != nil {
		return toolErrorf("%v", err)
	}
	r.addCode("await page.goto(" + quoteJS(url) + ");")
	t.nav.disarm() // the load's requests are not counted: Goto waits for it
	page := t.page
	return t.load(r, func() error { _, err := page.Goto(url); return err })
}

func (t *tab) navigateBack(_ args, r *response) error {
	r.addCode("await page.goBack();")
	t.nav.disarm()
	page := t.page
	return t.load(r, func() error { _, err := page.GoBack(); return err })
}

// load runs a navigation that waits for its page to load, and describes
// the page. A dialog the page opens as it loads (a script, its load
// handler) holds the load until it is handled: the result then names it,
// as an action's does, and the navigation ends in the background once the
// dialog is handled.
func (t *tab) load(r *response, nav func() error) error {
	opened, err := t.act(nav)
	if err != nil {
		return err
	}
	return t.answer(r, opened, "")
}

func (t *tab) click(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	var mods []playwright.KeyboardModifier
	var modNames []string
	for _, m := range a.strs("modifiers") {
		mods = append(mods, playwright.KeyboardModifier(m))
		modNames = append(modNames, quoteJS(m))
	}
	var opts []string
	button := a.str("button")
	if button != "" && button != "left" {
		opts = append(opts, "button: "+quoteJS(button))
	}
	if len(mods) > 0 {
		opts = append(opts, "modifiers: ["+strings.Join(modNames, ", ")+"]")
	}
	optJS := ""
	if len(opts) > 0 {
		optJS = "{ " + strings.Join(opts, ", ") + " }"
	}
	before := t.navCounts()
	o := playwright.LocatorClickOptions{Modifiers: mods, Timeout: t.timeout()}
	if button != "" {
		mb := playwright.MouseButton(button)
		o.Button = &mb
	}
	method := "click"
	if a.flag("doubleClick") {
		// Playwright's dblclick is a click with a click count of 2; and
		// playwright-go v0.6401.0's Locator.Dblclick refuses every option
		// (its Steps has no place in the frame's options).
		method, o.ClickCount = "dblclick", playwright.Int(2)
	}
	r.addCode("await " + tg.code + "." + method + "(" + optJS + ");")
	return t.actThen(before, r, func() error { return tg.loc.Click(o) })
}

func (t *tab) typeText(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	text := a.str("text")
	before := t.navCounts()
	if a.flag("slowly") {
		r.addCode("await " + tg.code + ".pressSequentially(" + quoteJS(text) + ");")
	} else {
		r.addCode("await " + tg.code + ".fill(" + quoteJS(text) + ");")
	}
	if a.flag("submit") {
		r.addCode("await " + tg.code + ".press('Enter');")
	}
	return t.actThen(before, r, func() error {
		var err error
		if a.flag("slowly") {
			err = tg.loc.PressSequentially(text, playwright.LocatorPressSequentiallyOptions{Timeout: t.timeout()})
		} else {
			err = tg.loc.Fill(text, playwright.LocatorFillOptions{Timeout: t.timeout()})
		}
		if err == nil && a.flag("submit") {
			err = tg.loc.Press("Enter", playwright.LocatorPressOptions{Timeout: t.timeout()})
		}
		return err
	})
}

func (t *tab) fillForm(a args, r *response) error {
	fields, _ := a["fields"].([]any)
	before := t.navCounts()
	for i, f := range fields {
		fa, _ := f.(map[string]any)
		field := args(fa)
		tg, err := t.locate(field.str("target"))
		if err != nil {
			return fmt.Errorf("fields[%d]: %w", i, err)
		}
		value := field.str("value")
		switch field.str("type") {
		case "checkbox", "radio":
			on := value == "true"
			r.addCode(fmt.Sprintf("await %s.setChecked(%t);", tg.code, on))
			err = tg.loc.SetChecked(on, playwright.LocatorSetCheckedOptions{Timeout: t.timeout()})
		case "combobox":
			r.addCode("await " + tg.code + ".selectOption(" + quoteJS(value) + ");")
			_, err = tg.loc.SelectOption(playwright.SelectOptionValues{ValuesOrLabels: &[]string{value}}, playwright.LocatorSelectOptionOptions{Timeout: t.timeout()})
		default:
			r.addCode("await " + tg.code + ".fill(" + quoteJS(value) + ");")
			err = tg.loc.Fill(value, playwright.LocatorFillOptions{Timeout: t.timeout()})
		}
		if err != nil {
			return err
		}
	}
	return t.afterAction(before, r)
}

func (t *tab) selectOption(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	values := a.strs("values")
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = quoteJS(v)
	}
	arg := strings.Join(quoted, ", ")
	if len(values) != 1 {
		arg = "[" + arg + "]"
	}
	r.addCode("await " + tg.code + ".selectOption(" + arg + ");")
	return t.actThen(t.navCounts(), r, func() error {
		_, err := tg.loc.SelectOption(playwright.SelectOptionValues{ValuesOrLabels: &values}, playwright.LocatorSelectOptionOptions{Timeout: t.timeout()})
		return err
	})
}

func (t *tab) hover(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	r.addCode("await " + tg.code + ".hover();")
	return t.actThen(t.navCounts(), r, func() error { return tg.loc.Hover(playwright.LocatorHoverOptions{Timeout: t.timeout()}) })
}

func (t *tab) pressKey(a args, r *response) error {
	key := a.str("key")
	r.addCode("await page.keyboard.press(" + quoteJS(key) + ");")
	before := t.navCounts()
	return t.actThen(before, r, func() error {
		if err := t.page.Keyboard().Press(key); err != nil {
			return err
		}
		if key == "Enter" {
			// A form the key submits asks for its page a moment after the
			// press returns (the keyboard waits for no navigation, as a
			// click does): looked for up to the settle time, as
			// @playwright/mcp does after every action, so that settle
			// waits for that page up to the navigation timeout.
			for end := time.Now().Add(defaults.Settle); time.Now().Before(end) && t.nav.read().requested == before.requested; {
				time.Sleep(defaults.NavPoll)
			}
		}
		return nil
	})
}

func (t *tab) closeTool(_ args, r *response) error {
	r.addCode("await page.close()")
	if t.bctx != nil {
		if err := t.bctx.Close(); err != nil {
			return err
		}
	}
	t.bctx, t.page = nil, nil
	r.result = "No open tabs. Navigate to a URL to create one."
	return nil
}

// drag drags the start target onto the end target.
func (t *tab) drag(a args, r *response) error {
	from, err := t.locate(a.str("startTarget"))
	if err != nil {
		return err
	}
	to, err := t.locate(a.str("endTarget"))
	if err != nil {
		return err
	}
	r.addCode("await " + from.code + ".dragTo(" + to.code + ");")
	return t.actThen(t.navCounts(), r, func() error {
		return from.loc.DragTo(to.loc, playwright.LocatorDragToOptions{Timeout: t.timeout()})
	})
}

// slowPage is the failure of an action whose navigation to url did not
// load within the navigation timeout.
func (t *tab) slowPage(url string) error {
	return toolErrorf("TimeoutError: the page %s, which the action opened, did not load within %s (the navigation timeout)", url, t.s.opts.NavigationTimeout)
}

// pending is the URL of a navigation the action that started at before
// requested and that has not committed yet; "" when there is none.
func (t *tab) pending(before navCounts) string {
	if c := t.nav.read(); c.requested > before.requested && c.committed == before.committed {
		return c.url
	}
	return ""
}
