package browserserver

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
)

// tab is one MCP session's browser context and page, and what its latest
// snapshot said.
type tab struct {
	s  *Server
	mu sync.Mutex // one call at a time

	bctx playwright.BrowserContext
	page playwright.Page
	// tracing is the context browser_start_tracing started a trace of;
	// the trace is lost when bctx is another (tracing.go).
	tracing playwright.BrowserContext

	// live is the context the current call runs in, which abandon closes
	// without t.mu (bound.go).
	liveMu sync.Mutex
	live   playwright.BrowserContext

	// refs are the refs of the latest snapshot ("e7", "f1e3"), which
	// Playwright resolves (aria-ref=e7), each true when its element is in
	// the main frame (snapRefs).
	refs  map[string]bool
	codes map[string]string // ref -> its generated locator's JavaScript, for this snapshot

	nav *navWatch // the current page's

	// backToBack: the session connected right after another ended
	// (Server.takePage).
	backToBack bool

	// mm guards what Playwright's events change while a call runs: the
	// context's pages (tabs, in the order opened; page is the current
	// one), their navigation counts, and the modal states (dialogs, file
	// choosers) waiting to be handled.
	mm     sync.Mutex
	pages  []playwright.Page
	navs   map[playwright.Page]*navWatch
	modals []modal
	modalC chan struct{} // has a value when a modal state was set
}

// navWatch counts the main frame's navigation requests and commits, so that
// an action that started a navigation waits for the new page. Commits are
// counted always; requests only from an action on (arm) until a
// navigation: browser_navigate's, or one an action started, once settle
// has seen it load. A page's network events cost the driver and this
// process messages each, and a load of an APG example page makes about a
// hundred, more than half of all the driver sent.
type navWatch struct {
	mu    sync.Mutex
	n     navCounts
	page  playwright.Page
	onReq func(playwright.Request) // counts a main frame navigation request
	onEnd func(playwright.Request) // counts one that finished or failed
	armMu sync.Mutex               // guards armed, held while subscribing
	armed bool
}

// navCounts are the counts of a navWatch at one moment.
type navCounts struct {
	requested int
	committed int
	ended     int       // navigation requests that finished or failed
	url       string    // the latest navigation request's URL
	at        time.Time // when it was made
}

func (w *navWatch) read() navCounts {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

func (w *navWatch) add(f func(*navCounts)) {
	w.mu.Lock()
	f(&w.n)
	w.mu.Unlock()
}

// watched is the page whose events w counts (set by listen).
func (w *navWatch) watched() playwright.Page {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.page
}

// arm starts counting the page's navigation requests (its network events
// subscribed, before the action's call reaches the driver) and returns
// the counts now.
func (w *navWatch) arm() navCounts {
	w.armMu.Lock()
	defer w.armMu.Unlock()
	if page := w.watched(); !w.armed && page != nil {
		w.armed = true
		page.OnRequest(w.onReq)
		page.OnRequestFinished(w.onEnd)
		page.OnRequestFailed(w.onEnd)
	}
	return w.read()
}

// disarm stops counting requests (unsubscribes the network events).
func (w *navWatch) disarm() {
	w.armMu.Lock()
	defer w.armMu.Unlock()
	if page := w.watched(); w.armed {
		w.armed = false
		page.RemoveListener("request", w.onReq)
		page.RemoveListener("requestfinished", w.onEnd)
		page.RemoveListener("requestfailed", w.onEnd)
	}
}

// open creates the context and page on first use, or after browser_close.
func (t *tab) open() error {
	if t.page != nil && !t.page.IsClosed() {
		return nil
	}
	if !t.s.browser.IsConnected() {
		// The browser died under the server: a new page would wait for it
		// forever.
		return errors.New("Target page, context or browser has been closed: the browser has disconnected")
	}
	if t.bctx != nil {
		_ = t.bctx.Close()
		t.bctx = nil
	}
	bctx, page, err := t.s.takePage(t.backToBack)
	if err != nil {
		return err
	}
	t.bctx, t.page, t.refs = bctx, page, nil
	t.pages, t.navs, t.modals = nil, map[playwright.Page]*navWatch{}, nil
	t.listen(page, t.addPage(page))
	t.nav = t.navs[page]
	// A page the site opens (target=_blank, window.open) is a new tab, as
	// in @playwright/mcp: listed by browser_tabs, selected by its index.
	// Its listeners are added outside the event handler, which must not
	// wait for the driver.
	bctx.OnPage(func(p playwright.Page) {
		if nav := t.addPage(p); nav != nil {
			go t.listen(p, nav)
		}
	})
	return nil
}

// addPage adds page to the tab's pages with fresh navigation counts, which
// it returns; nil when it is there already.
func (t *tab) addPage(page playwright.Page) *navWatch {
	t.mm.Lock()
	defer t.mm.Unlock()
	if slices.Contains(t.pages, page) {
		return nil
	}
	nav := &navWatch{}
	t.pages = append(t.pages, page)
	t.navs[page] = nav
	return nav
}

// listen counts page's main frame navigations in nav, makes its dialogs
// and file choosers modal states (never dismissed silently), and drops
// the page from the tabs when it closes.
func (t *tab) listen(page playwright.Page, nav *navWatch) {
	main := page.MainFrame()
	nav.mu.Lock()
	nav.page = page
	nav.onReq = func(r playwright.Request) {
		if r.IsNavigationRequest() && r.Frame() == main {
			nav.add(func(c *navCounts) { c.requested, c.url, c.at = c.requested+1, r.URL(), time.Now() })
		}
	}
	nav.onEnd = func(r playwright.Request) {
		if r.IsNavigationRequest() && r.Frame() == main {
			nav.add(func(c *navCounts) { c.ended++ })
		}
	}
	nav.mu.Unlock()
	page.OnFrameNavigated(func(f playwright.Frame) {
		if f == main {
			nav.add(func(c *navCounts) { c.committed++ })
		}
	})
	t.watchModals(page)
	page.OnClose(func(p playwright.Page) {
		t.mm.Lock()
		defer t.mm.Unlock()
		t.pages = slices.DeleteFunc(t.pages, func(x playwright.Page) bool { return x == p })
	})
}

// guard checks every frame of every page of the tab's context against the
// server's navigation rule. On a refusal it closes the context, before
// anything more reads the page, and returns the refusal; the next call
// starts on a fresh page.
func (t *tab) guard() error {
	if t.bctx == nil {
		return nil
	}
	for _, p := range t.bctx.Pages() {
		for _, f := range p.Frames() {
			if err := t.s.rule.Loaded(f.URL()); err != nil {
				t.s.log.Warn("navigation refused", "err", err)
				_ = t.bctx.Close()
				t.bctx, t.page = nil, nil
				return toolErrorf("%v", err)
			}
		}
	}
	return nil
}

// settle waits, after an action that started at the navigation counts
// before, for a navigation it started to load: for the new document to
// commit (or the request to end without one, a download or a 204) and
// then to fire load, up to the navigation timeout. An action that started
// none returns after one round trip to the page, which lets the events of
// a navigation it did start arrive first.
//
// It returns the page's title when no navigation started (the round trip
// reads it), else "". A navigation whose document does not commit within
// the navigation timeout is an error naming its URL and the timeout (an
// action whose own wait for the navigation it started ended at the action
// timeout is waited for here that long: actThen). The title is read in
// Playwright's utility world,
// where the action ran, not the page's own: a new document's main world
// would have to be set up for it first (the first action on a page took
// 10-25 ms more; ReplayVsDirectWarm 1.27x, 1.27x, 1.17x -> 1.19x, 1.16x,
// 1.12x of playwright-go, alternate runs).
func (t *tab) settle(before navCounts) (string, error) {
	title := ""
	if v, err := t.page.Title(); err != nil {
		t.s.log.Debug("settle: page busy", "err", err)
	} else {
		title = v
	}
	if now := t.nav.read(); now.requested == before.requested && now.committed == before.committed {
		return title, nil
	}
	// A new document: its loads are not watched, until the next action.
	defer t.nav.disarm()
	// The page may take the navigation timeout from its request, which
	// the action's own wait (up to the action timeout) may have spent
	// part of: "did not load within 6s" holds for a page of 9 s.
	deadline := time.Now().Add(t.s.opts.NavigationTimeout)
	if c := t.nav.read(); c.requested > before.requested && !c.at.IsZero() {
		deadline = c.at.Add(t.s.opts.NavigationTimeout)
	}
	for {
		c := t.nav.read()
		if c.committed > before.committed {
			break
		}
		if c.ended-before.ended >= c.requested-before.requested {
			return "", nil // the navigation ended without a new document
		}
		if !time.Now().Before(deadline) {
			return "", t.slowPage(c.url)
		}
		time.Sleep(defaults.NavPoll)
	}
	if err := t.page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateLoad}); err != nil {
		t.s.log.Debug("settle: no load", "err", err)
	}
	return "", nil
}

// settleStarted is settle after a function that said whether it started
// a navigation (navstart.js). When it did, its request or its commit is
// waited for (up to navStartWait) before settle looks: the network's
// report of the request may come after the function's answer, and settle
// would see no navigation and not wait for the new document.
func (t *tab) settleStarted(before navCounts, started bool) (string, error) {
	for deadline := time.Now().Add(defaults.NavStart); started && time.Now().Before(deadline); time.Sleep(defaults.NavPoll) {
		if c := t.nav.read(); c.requested > before.requested || c.committed > before.committed {
			break
		}
	}
	return t.settle(before)
}

// awaitCommit waits, up to commitWait, for the main frame to commit a
// document after the count committed (navCounts.committed).
func (t *tab) awaitCommit(committed int) {
	for deadline := time.Now().Add(defaults.Commit); t.nav.read().committed <= committed && time.Now().Before(deadline); {
		time.Sleep(defaults.NavPoll)
	}
}

// navTimeout is the navigation timeout, for Playwright's options.
func (t *tab) navTimeout() *float64 {
	return playwright.Float(float64(t.s.opts.NavigationTimeout.Milliseconds()))
}

// navCounts is a copy of the navigation counts, taken before an action,
// whose navigation requests are counted from now until settle.
func (t *tab) navCounts() navCounts { return t.nav.arm() }

// snapRefRe finds the refs of a snapshot: [ref=e7], [ref=f1e3].
var snapRefRe = regexp.MustCompile(`\[ref=((?:f\d+)?e\d+)\]`)

// snapshot takes the page's snapshot for AI (or of the element of root,
// when set), as @playwright/mcp takes it: Playwright's ariaSnapshot in its
// "ai" mode, with refs (e7 in the main frame, f1e3 inside frames, whose
// content is put under their iframe line), [active] on the focused
// element, [cursor=pointer] and placeholders. It becomes the latest
// snapshot: refs of earlier ones are no longer valid. depth > 0 keeps that
// many levels.
func (t *tab) snapshot(root playwright.Locator, depth int) (string, error) {
	yaml, err := t.readSnapshot(t.page, root, depth)
	if err != nil {
		return "", err
	}
	t.keepSnapshot(yaml)
	return yaml, nil
}

// readSnapshot reads the snapshot that snapshot takes, of page (or of
// root, when set), and leaves the latest one as it was.
func (t *tab) readSnapshot(page playwright.Page, root playwright.Locator, depth int) (string, error) {
	var d *int
	if depth > 0 {
		d = playwright.Int(depth)
	}
	var (
		yaml string
		err  error
	)
	// The page is there: a busy machine may take longer than the action
	// timeout (as short as --timeout 1s) to read it.
	if root == nil {
		yaml, err = page.AriaSnapshot(playwright.PageAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi, Depth: d, Timeout: t.navTimeout()})
	} else {
		yaml, err = root.AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi, Depth: d, Timeout: t.navTimeout()})
	}
	return yaml, err
}

// keepSnapshot makes yaml the latest snapshot, whose refs the tools take.
func (t *tab) keepSnapshot(yaml string) { t.refs, t.codes = snapRefs(yaml), map[string]string{} }

// snapRefs maps the refs of a snapshot to whether their element is in the
// main frame, not under an iframe line. (The main frame's refs are e7 on
// the first page and f1e7 after a navigation, as Playwright numbers them,
// so the name does not tell.)
func snapRefs(yaml string) map[string]bool {
	refs := map[string]bool{}
	frameIndent := -1 // the indent of the iframe line the lines are under
	for _, line := range strings.Split(yaml, "\n") {
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if frameIndent >= 0 && indent <= frameIndent {
			frameIndent = -1
		}
		m := snapRefRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		refs[m[1]] = frameIndent < 0
		if frameIndent < 0 && strings.HasPrefix(strings.TrimSpace(line), "- iframe") {
			frameIndent = indent
		}
	}
	return refs
}

// refLocator is the element of a ref of the latest snapshot.
func (t *tab) refLocator(ref string) playwright.Locator {
	return t.page.Locator("aria-ref=" + ref)
}

// pageHeader is the "### Page" section: page's URL and title. A title
// of "" is asked for, except by a server without action snapshots (for
// replay, which reads neither): its Page section then has the URL alone.
func (t *tab) pageHeader(page playwright.Page, title string) string {
	if title == "" && !t.s.opts.NoActionSnapshots {
		title, _ = page.Title()
	}
	if title == "" {
		return "- Page URL: " + page.URL()
	}
	return fmt.Sprintf("- Page URL: %s\n- Page Title: %s", page.URL(), title)
}
