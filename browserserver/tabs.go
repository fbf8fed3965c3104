package browserserver

// browser_tabs: the context's pages, listed, opened, closed, selected.

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
)

// tabs lists, opens, closes or selects the context's pages, answering with
// the list as @playwright/mcp writes it ("- 1: (current) [Title](url)").
// An index that names no tab (after waiting the action timeout for a tab
// being opened) is an error naming the tabs there are.
func (t *tab) tabs(a args, r *response) error {
	idx, hasIdx := a.num("index")
	i := int(idx)
	pages := t.tabList()
	if hasIdx && i >= len(pages) {
		// A tab the last action opened reaches the server a moment after
		// the action returned: wait for it up to the action timeout.
		deadline := time.Now().Add(t.s.opts.ActionTimeout)
		for i >= len(pages) && time.Now().Before(deadline) {
			time.Sleep(defaults.TabPoll)
			pages = t.tabList()
		}
	}
	switch a.str("action") {
	case "list":
	case "new":
		// The URL answers to the navigation rule before the tab opens, as
		// browser_navigate's does: a refused one never reaches the browser.
		if u := a.str("url"); u != "" {
			if err := t.s.rule.Open(u); err != nil {
				return toolErrorf("%v", err)
			}
		}
		p, err := t.bctx.NewPage()
		if err != nil {
			return err
		}
		t.waitTab(p)
		t.selectPage(p)
		if u := a.str("url"); u != "" {
			r.addCode("await page.goto(" + quoteJS(u) + ");")
			if _, err := p.Goto(u); err != nil {
				return err
			}
			if err := t.describe(r, "", !t.s.opts.NoActionSnapshots); err != nil {
				return err
			}
		}
	case "close":
		p := t.page
		if hasIdx {
			if i < 0 || i >= len(pages) || float64(i) != idx {
				return unknownTab(idx, pages)
			}
			p = pages[i]
		}
		if err := p.Close(); err != nil {
			return err
		}
		if p == t.page {
			rest := t.tabList()
			if len(rest) == 0 {
				t.page = nil
				r.result = "No open tabs. Navigate to a URL to create one."
				return nil
			}
			t.selectPage(rest[len(rest)-1])
		}
	case "select":
		if !hasIdx {
			return toolErrorf("Tab index is required")
		}
		if i < 0 || i >= len(pages) || float64(i) != idx {
			return unknownTab(idx, pages)
		}
		if err := pages[i].BringToFront(); err != nil {
			return err
		}
		t.selectPage(pages[i])
	default:
		return toolErrorf("unknown tab action %q: want list, new, close or select", a.str("action"))
	}
	r.result = t.renderTabs(t.page)
	return nil
}

// unknownTab is the error of a tab index that names none: @playwright/mcp's
// words, and the tabs there are.
func unknownTab(idx float64, pages []playwright.Page) error {
	return toolErrorf("Tab %g not found: there %s %d open tab%s (0 to %d)", idx, map[bool]string{true: "is", false: "are"}[len(pages) == 1],
		len(pages), map[bool]string{true: "", false: "s"}[len(pages) == 1], len(pages)-1)
}

// tabList returns the open pages, in the order opened.
func (t *tab) tabList() []playwright.Page {
	t.mm.Lock()
	defer t.mm.Unlock()
	return slices.DeleteFunc(slices.Clone(t.pages), func(p playwright.Page) bool { return p.IsClosed() })
}

// waitTab waits until the context's OnPage handler has added p, else
// adds it.
func (t *tab) waitTab(p playwright.Page) {
	for range defaults.TabAddTries {
		if slices.Contains(t.tabList(), p) {
			return
		}
		time.Sleep(defaults.TabAdd)
	}
	if nav := t.addPage(p); nav != nil {
		t.listen(p, nav)
	}
}

// selectPage makes p the current page: the one tools act on.
func (t *tab) selectPage(p playwright.Page) {
	t.mm.Lock()
	nav := t.navs[p]
	t.mm.Unlock()
	t.page, t.nav = p, nav
	t.refs, t.codes = nil, map[string]string{}
}

// renderTabs is the list of tabs, as @playwright/mcp writes it, current
// marked so.
func (t *tab) renderTabs(current playwright.Page) string {
	pages := t.tabList()
	if len(pages) == 0 {
		return "No open tabs. Navigate to a URL to create one."
	}
	var lines []string
	for i, p := range pages {
		cur := ""
		if p == current {
			cur = " (current)"
		}
		title, _ := p.Title()
		lines = append(lines, fmt.Sprintf("- %d:%s [%s](%s)", i, cur, title, p.URL()))
	}
	return strings.Join(lines, "\n")
}
