package browserserver

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/playwright-community/playwright-go"
)

// tab is one MCP session's browser context and page, and what its latest
// snapshot said.
type tab struct {
	s  *Server
	mu sync.Mutex // one call at a time

	bctx playwright.BrowserContext
	page playwright.Page

	// refs maps the refs of the latest snapshot ("e7", "f1e3") to their
	// element; tree is that snapshot read (nil until asked for).
	refs  map[string]refTarget
	yaml  string
	tree  *dom.Node
	codes map[string]string // ref -> its generated locator's JavaScript, for this snapshot

	nav *navWatch
}

// refTarget is where a ref's element is: its frame and Playwright's
// aria-ref selector there ("aria-ref=s3e7").
type refTarget struct {
	frame    playwright.Frame
	selector string
}

// navWatch counts the main frame's navigation requests and commits, so that
// an action that started a navigation waits for the new page.
type navWatch struct {
	mu sync.Mutex
	n  navCounts
}

// navCounts are the counts of a navWatch at one moment.
type navCounts struct {
	requested int
	committed int
	ended     int // navigation requests that finished or failed
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

// open creates the context and page on first use, or after browser_close.
func (t *tab) open() error {
	if t.page != nil && !t.page.IsClosed() {
		return nil
	}
	if t.bctx != nil {
		_ = t.bctx.Close()
		t.bctx = nil
	}
	bctx, page, err := t.s.takePage()
	if err != nil {
		return err
	}
	t.bctx, t.page, t.refs, t.tree, t.yaml = bctx, page, nil, nil, ""
	t.nav = &navWatch{}
	main := page.MainFrame()
	nav := t.nav
	page.OnRequest(func(r playwright.Request) {
		if r.IsNavigationRequest() && r.Frame() == main {
			nav.add(func(c *navCounts) { c.requested++ })
		}
	})
	ended := func(r playwright.Request) {
		if r.IsNavigationRequest() && r.Frame() == main {
			nav.add(func(c *navCounts) { c.ended++ })
		}
	}
	page.OnRequestFinished(ended)
	page.OnRequestFailed(ended)
	page.OnFrameNavigated(func(f playwright.Frame) {
		if f == main {
			nav.add(func(c *navCounts) { c.committed++ })
		}
	})
	return nil
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

// close ends the tab's context.
func (t *tab) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.bctx != nil {
		_ = t.bctx.Close()
	}
	t.bctx, t.page = nil, nil
}

// settle waits, after an action that started at the navigation counts
// before, for a navigation it started to load: for the new document to
// commit (or the request to end without one, a download or a 204) and
// then to fire load, up to the navigation timeout. An action that started
// none returns after one round trip to the page, which lets the events of
// a navigation it did start arrive first.
//
// It returns the page's title when no navigation started (the round trip
// reads it), else "".
func (t *tab) settle(before navCounts) string {
	title := ""
	if v, err := t.page.MainFrame().Evaluate("() => document.title"); err != nil {
		t.s.log.Debug("settle: page busy", "err", err)
	} else {
		title, _ = v.(string)
	}
	if now := t.nav.read(); now.requested == before.requested && now.committed == before.committed {
		return title
	}
	deadline := time.Now().Add(t.s.opts.NavigationTimeout)
	for time.Now().Before(deadline) {
		c := t.nav.read()
		if c.committed > before.committed {
			break
		}
		if c.ended-before.ended >= c.requested-before.requested {
			return "" // the navigation ended without a new document
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := t.page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateLoad}); err != nil {
		t.s.log.Debug("settle: no load", "err", err)
	}
	return ""
}

// navTimeout is the navigation timeout, for Playwright's options.
func (t *tab) navTimeout() *float64 {
	return playwright.Float(float64(t.s.opts.NavigationTimeout.Milliseconds()))
}

// navCounts is a copy of the navigation counts, taken before an action.
func (t *tab) navCounts() navCounts { return t.nav.read() }

// ariaRefRe finds Playwright's refs in an aria snapshot: [ref=s3e7].
var ariaRefRe = regexp.MustCompile(`\[ref=s(\d+)e(\d+)\]`)

// iframeLineRe is an iframe's line in a snapshot, after refs are renamed.
var iframeLineRe = regexp.MustCompile(`^(\s*)- iframe(?: "[^"]*")? \[ref=([a-z0-9]+)\]:?$`)

// maxFrameDepth bounds how deep frames in frames are snapshotted.
const maxFrameDepth = 3

// snapshot takes the aria snapshot of the page (or of the element of root,
// when set), with refs for the elements: e7 in the main frame, f1e3 in the
// first frame, and so on; the content of frames is put under their iframe
// line. It becomes the latest snapshot: refs of earlier ones are no longer
// valid. depth > 0 keeps that many levels.
func (t *tab) snapshot(root playwright.Locator, depth int) (string, error) {
	refs := map[string]refTarget{}
	frames := 0
	var snap func(f playwright.Frame, loc playwright.Locator, prefix string, level int) (string, error)
	snap = func(f playwright.Frame, loc playwright.Locator, prefix string, level int) (string, error) {
		// The page is there: a busy machine may take longer than the
		// action timeout (as short as --timeout 1s) to read it.
		yaml, err := loc.AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Ref: playwright.Bool(true), Timeout: t.navTimeout()})
		if err != nil {
			return "", err
		}
		yaml = ariaRefRe.ReplaceAllStringFunc(yaml, func(m string) string {
			sm := ariaRefRe.FindStringSubmatch(m)
			ref := prefix + "e" + sm[2]
			refs[ref] = refTarget{frame: f, selector: "aria-ref=s" + sm[1] + "e" + sm[2]}
			return "[ref=" + ref + "]"
		})
		if level >= maxFrameDepth || !strings.Contains(yaml, "- iframe") {
			return yaml, nil
		}
		lines := strings.Split(yaml, "\n")
		var out []string
		for _, line := range lines {
			m := iframeLineRe.FindStringSubmatch(line)
			if m == nil {
				out = append(out, line)
				continue
			}
			child := t.frameOf(refs[m[2]])
			if child == nil || !readableFrame(child.URL()) {
				out = append(out, line)
				continue
			}
			frames++
			inner, err := snap(child, child.Locator("body"), "f"+strconv.Itoa(frames), level+1)
			if err != nil || strings.TrimSpace(inner) == "" {
				out = append(out, line)
				continue
			}
			out = append(out, strings.TrimSuffix(line, ":")+":")
			for _, l := range strings.Split(inner, "\n") {
				out = append(out, m[1]+"  "+l)
			}
		}
		return strings.Join(out, "\n"), nil
	}
	main := t.page.MainFrame()
	if root == nil {
		root = main.Locator("body")
	}
	focused := t.focused(main)
	yaml, err := snap(main, root, "", 0)
	if err != nil {
		return "", err
	}
	if focused != "" {
		yaml = markActive(yaml, focused, func(ref string) bool {
			r := refs[ref]
			n, err := r.frame.Locator(r.selector).And(r.frame.Locator(":focus")).Count()
			return err == nil && n == 1
		})
	}
	if depth > 0 {
		yaml = cutDepth(yaml, depth)
	}
	t.refs, t.yaml, t.tree, t.codes = refs, yaml, nil, map[string]string{}
	return yaml, nil
}

// focused returns the snapshot line of the element that has the focus in
// frame f, without its children ("- textbox: Hot Coffee"), or "" when none
// has (the body). It is read before the page's snapshot, whose refs a
// later snapshot would replace.
func (t *tab) focused(f playwright.Frame) string {
	v, err := f.Evaluate(`() => { const a = document.activeElement; return !!a && a !== document.body && a !== document.documentElement && a.tagName !== 'IFRAME'; }`)
	if err != nil || v != true {
		return ""
	}
	yaml, err := f.Locator(":focus").AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Timeout: playwright.Float(2000)})
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(strings.TrimSpace(yaml), "\n")
	return line
}

// markActive adds [active] to the line of yaml that is the focused element,
// as @playwright/mcp's snapshots do (Playwright 1.52's do not): the line
// that reads as focused does, attributes aside ("- textbox [ref=e5]: Hot
// Coffee" for "- textbox: Hot Coffee"); when several do, the one whose ref
// isFocused.
func markActive(yaml, focused string, isFocused func(ref string) bool) string {
	strip := func(l string) string {
		return strings.TrimSuffix(snapAttrRe.ReplaceAllString(strings.TrimSpace(l), ""), ":")
	}
	want := strip(focused)
	lines := strings.Split(yaml, "\n")
	var cands []int
	for i, l := range lines {
		if strings.Contains(l, " [ref=") && strip(l) == want {
			cands = append(cands, i)
		}
	}
	for _, i := range cands {
		loc := activeRefRe.FindStringSubmatchIndex(lines[i])
		if loc == nil {
			continue
		}
		if len(cands) == 1 || isFocused(lines[i][loc[2]:loc[3]]) {
			lines[i] = lines[i][:loc[0]] + " [active]" + lines[i][loc[0]:]
			return strings.Join(lines, "\n")
		}
	}
	return yaml
}

// snapAttrRe is an [attribute] of a snapshot line; activeRefRe its ref.
var (
	snapAttrRe  = regexp.MustCompile(` \[[^\]"]*\]`)
	activeRefRe = regexp.MustCompile(` \[ref=([a-z0-9]+)\]`)
)

// frameOf returns the frame an iframe element shows, or nil.
func (t *tab) frameOf(r refTarget) playwright.Frame {
	if r.frame == nil {
		return nil
	}
	h, err := r.frame.Locator(r.selector).ElementHandle(playwright.LocatorElementHandleOptions{Timeout: playwright.Float(1000)})
	if err != nil {
		return nil
	}
	defer func() { _ = h.Dispose() }()
	f, err := h.ContentFrame()
	if err != nil {
		return nil
	}
	return f
}

// readableFrame reports whether a frame at url has a document to snapshot:
// not one never loaded, nor Chromium's error page (a frame whose load the
// browser blocked, a file: URL in a web page), whose snapshot waits out
// the whole timeout.
func readableFrame(url string) bool {
	return url != "" && !strings.HasPrefix(url, "chrome-error:")
}

// cutDepth keeps the lines of an aria snapshot at most depth levels deep.
func cutDepth(yaml string, depth int) string {
	var out []string
	for _, l := range strings.Split(yaml, "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " "))
		if indent/2 < depth {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// node returns the element of ref in the latest snapshot, read on demand.
func (t *tab) node(ref string) *dom.Node {
	if t.tree == nil {
		tree, err := dom.ParseARIA(t.yaml)
		if err != nil {
			return nil
		}
		t.tree = tree
	}
	var found *dom.Node
	t.tree.Walk(func(n *dom.Node) bool {
		if n.Ref == ref {
			found = n
		}
		return found == nil
	})
	return found
}

// pageHeader is the "### Page" section: the page's URL and title. A title
// of "" is asked for, except by a server without action snapshots (for
// replay, which reads neither): its Page section then has the URL alone.
func (t *tab) pageHeader(title string) string {
	if title == "" && !t.s.opts.NoActionSnapshots {
		title, _ = t.page.Title()
	}
	if title == "" {
		return "- Page URL: " + t.page.URL()
	}
	return fmt.Sprintf("- Page URL: %s\n- Page Title: %s", t.page.URL(), title)
}
