package browserserver

// The tools that wait for and verify what the page shows.

import (
	"fmt"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
)

// textSelector matches the visible elements whose text contains text
// (case-insensitive, whitespace normalized), as getByText does.
func textSelector(text string) string {
	return "internal:text=" + quoteJSON(text) + "i >> visible=true"
}

// waitFor waits for a time, for a text to show (any visible match), or for
// a text to be gone (no visible match), up to the action timeout.
func (t *tab) waitFor(a args, r *response) error {
	if secs, ok := a.num("time"); ok {
		secs = min(secs, defaults.WaitForTime.Seconds())
		r.addCode(fmt.Sprintf("await new Promise(f => setTimeout(f, %g * 1000));", secs))
		time.Sleep(time.Duration(secs * float64(time.Second)))
		r.result = fmt.Sprintf("Waited for %g", secs)
	}
	if gone := a.str("textGone"); gone != "" {
		r.addCode("await page.getByText(" + quoteJSON(gone) + ").first().waitFor({ state: 'hidden' });")
		if err := t.page.Locator(textSelector(gone)).First().WaitFor(playwright.LocatorWaitForOptions{State: playwright.WaitForSelectorStateHidden, Timeout: t.timeout()}); err != nil {
			return err
		}
		r.result = "Waited for " + gone
	}
	if text := a.str("text"); text != "" {
		r.addCode("await page.getByText(" + quoteJSON(text) + ").first().waitFor({ state: 'visible' });")
		if err := t.page.Locator(textSelector(text)).First().WaitFor(playwright.LocatorWaitForOptions{State: playwright.WaitForSelectorStateVisible, Timeout: t.timeout()}); err != nil {
			return err
		}
		r.result = "Waited for " + text
	}
	if r.result == "" {
		return toolErrorf("Either time, text or textGone must be provided")
	}
	return t.describe(r, "", !t.s.opts.NoActionSnapshots)
}

// poll calls check every 50 ms until it returns "" or the action timeout
// passes, and then fails with its last answer.
func (t *tab) poll(check func() (string, error)) error {
	deadline := time.Now().Add(t.s.opts.ActionTimeout)
	for {
		msg, err := check()
		if err != nil {
			return err
		}
		if msg == "" {
			return nil
		}
		if time.Now().After(deadline) {
			return toolErrorf("%s", msg)
		}
		time.Sleep(defaults.WaitForPoll)
	}
}

func (t *tab) verifyElement(a args, r *response) error {
	role, name := a.str("role"), a.str("accessibleName")
	sel := "internal:role=" + role + "[name=" + quoteJSON(name) + "i] >> visible=true"
	r.addCode("await expect(page.getByRole(" + quoteJS(role) + ", { name: " + quoteJS(name) + " })).toBeVisible();")
	return t.verifyShown(sel, "Element not found", r)
}

func (t *tab) verifyText(a args, r *response) error {
	text := a.str("text")
	r.addCode("await expect(page.getByText(" + quoteJSON(text) + ").first()).toBeVisible();")
	return t.verifyShown(textSelector(text), "Text not found", r)
}

// verifyShown polls until sel matches an element, failing with missing
// after the action timeout.
func (t *tab) verifyShown(sel, missing string, r *response) error {
	err := t.poll(func() (string, error) {
		n, err := t.page.Locator(sel).Count()
		if err != nil {
			return "", err
		}
		if n == 0 {
			return missing, nil
		}
		return "", nil
	})
	if err != nil {
		return err
	}
	r.result = "Done"
	return nil
}

func (t *tab) verifyValue(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	want := a.str("value")
	typ := a.str("type")
	if typ == "checkbox" || typ == "radio" {
		r.addCode("await expect(" + tg.code + ").toBeChecked({ checked: " + want + " });")
	} else {
		r.addCode("await expect(" + tg.code + ").toHaveValue(" + quoteJS(want) + ");")
	}
	err = t.poll(func() (string, error) {
		var got string
		if typ == "checkbox" || typ == "radio" {
			on, err := tg.loc.IsChecked(playwright.LocatorIsCheckedOptions{Timeout: t.timeout()})
			if err != nil {
				return "", err
			}
			got = fmt.Sprint(on)
		} else {
			v, err := tg.loc.InputValue(playwright.LocatorInputValueOptions{Timeout: t.timeout()})
			if err != nil {
				return "", err
			}
			got = v
		}
		if got != want {
			return fmt.Sprintf("Expected value %q, but got %q", want, got), nil
		}
		return "", nil
	})
	if err != nil {
		return err
	}
	r.result = "Done"
	return nil
}
