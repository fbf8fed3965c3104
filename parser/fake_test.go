package parser

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/parser/pagefind"
)

// fakeBrowser is a scripted stand-in for a Playwright MCP server over the
// snapshots captured from the demo shop (dom/testdata), answering as
// @playwright/mcp does (mcptest): navigation changes the page, clicks on
// elements named in next move to another page, everything else succeeds.
// Its server records every call. Its fields may be changed before a
// compile starts.
type fakeBrowser struct {
	srv *mcptest.Server

	mu    sync.Mutex
	path  string
	pages map[string]string // path -> snapshot file (without .yaml)
	// late maps a path to the page it turns into after that many snapshots.
	late map[string]struct {
		after int
		page  string
	}
	next       map[string]string         // element description -> path a click leads to
	badTargets map[string]mcptest.Result // target -> the failure an action on it gets
	dieOn      string                    // a tool whose call crashes the browser
	snaps      map[string]int
	typed      map[string]string // element description -> text typed into it
	// hidden names elements whose name is not visible text (aria-label).
	hidden map[string]bool
	// locators are what browser_generate_locator answers, by ref; without
	// them the tool is missing, as without --caps testing.
	locators map[string]string
	// inline: actions answer with the page's new snapshot, as the built-in
	// server does.
	inline bool
	// own holds the snapshots of a test's own pages, by the name pages
	// gives them; other names are files of dom/testdata.
	own map[string]string
	// html holds the page's HTML, by path, where the fake reads the
	// attributes of an element (locatorattrs.js) from the element of the
	// same role and name at the same place; without it an element has
	// none.
	html map[string]string
	// elements maps a selector to the ref of the element it matches alone,
	// for the element path probe (commandgen.ElementPathFn): a selector not listed
	// matches nothing.
	elements map[string]string
	// covered maps a checkbox's target to what labelOf answers for it
	// (labelOfFn), for a box another element covers (coveredBoxFn):
	// clicking it times out, as Playwright's click does, and its label
	// takes clicks.
	covered map[string]string
	// navigating: the next checks of an element, or of the page's text or
	// URL, fail this many times as a check does whose page navigates under it.
	navigating int
	// shadowRoots is what the page says to commandgen.ShadowProbe, once the
	// first probeNavigating probes have failed as a navigation ends them.
	shadowRoots     bool
	probeNavigating int
	// inputs are the targets of <input> elements: a check of their text
	// fails, as they render none (their value is no text).
	inputs map[string]bool
	// pageFound is pagefind.js's answer (pagefind.Fn), by path: the
	// elements the page shows that its snapshot does not name so; a path
	// not listed answers as a server whose page finds nothing more.
	pageFound map[string]string
	// unseen is unseen.js's answer (unseenFn), by path: the text the page
	// renders that a person cannot see; a path not listed has none.
	unseen map[string]string
	// held are the texts the page holds hidden, as heldtext.js reads
	// them (normalized): its answer for any other is false.
	held []string
}

func newFake() *fakeBrowser {
	f := &fakeBrowser{
		pages: map[string]string{"/": "home", "/login": "login", "/products": "products", "/cart": "cart", "/checkout": "checkout"},
		next:  map[string]string{`button "Log in"`: "/products"},
		snaps: map[string]int{}, badTargets: map[string]mcptest.Result{}, typed: map[string]string{},
	}
	f.srv = mcptest.NewServer("playwright")
	handlers := map[string]func(mcptest.Call) mcptest.Result{
		mcpclient.ToolNavigate:   f.navigate,
		mcpclient.ToolSnapshot:   f.snapshot,
		mcpclient.ToolGenLocator: f.generateLocator,
		mcpclient.ToolScreenshot: func(mcptest.Call) mcptest.Result { return mcptest.Screenshot([]byte("PNG")) },
		mcpclient.ToolEvaluate:   f.evaluate,
		mcpclient.ToolWaitFor:    f.waitFor,
	}
	for _, tool := range []string{mcpclient.ToolClick, mcpclient.ToolType, mcpclient.ToolSelectOption,
		mcpclient.ToolFillForm, mcpclient.ToolPressKey, mcpclient.ToolHover} {
		handlers[tool] = f.act
	}
	for tool, h := range handlers {
		f.srv.Handle(tool, func(c mcptest.Call) mcptest.Result {
			f.mu.Lock()
			defer f.mu.Unlock()
			if c.Tool == f.dieOn {
				return mcptest.Crashed()
			}
			return h(c)
		})
	}
	return f
}

// session connects to the fake for one test.
func (f *fakeBrowser) session(t *testing.T) *mcpclient.Session {
	t.Helper()
	s, err := f.srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// FakeDemoShop connects to a new fake demo-shop browser (fakeBrowser as
// newFake makes it) for the package's external tests.
func FakeDemoShop(t *testing.T) *mcpclient.Session { return newFake().session(t) }

// toolCalls returns the calls of tool, in order.
func (f *fakeBrowser) toolCalls(tool string) []mcptest.Call { return f.srv.CallsTo(tool) }

// page is the name of the page shown now: a snapshot of own, else of a
// file.
func (f *fakeBrowser) page() string {
	if l, ok := f.late[f.path]; ok && f.snaps[f.path] > l.after {
		return l.page
	}
	return f.pages[f.path]
}

func (f *fakeBrowser) navigate(c mcptest.Call) mcptest.Result {
	u, _ := url.Parse(c.Args["url"].(string))
	if u.Port() == "1" {
		return mcptest.NetError("ERR_CONNECTION_REFUSED", u.String())
	}
	f.path = u.Path
	if f.path == "" {
		f.path = "/"
	}
	if f.inline { // the new page's snapshot, as the built-in server's navigate returns it
		if r := f.snapshot(c); !r.IsError {
			return mcptest.Playwright{Code: fmt.Sprintf("await page.goto('%s');", u), PageURL: u.String(), Snapshot: mcpclient.ParseText(r.Text).Snapshot}.Result()
		}
	}
	return mcptest.Navigated(u.String())
}

// pageText is the snapshot of the page shown now.
func (f *fakeBrowser) pageText() (string, error) {
	if s, ok := f.own[f.page()]; ok {
		return s, nil
	}
	data, err := os.ReadFile(filepath.Join("..", "dom", "testdata", f.page()+".yaml"))
	return string(data), err
}

func (f *fakeBrowser) snapshot(c mcptest.Call) mcptest.Result {
	f.snaps[f.path]++
	snap, err := f.pageText()
	if err != nil {
		return mcptest.Failure(err.Error())
	}
	for el, text := range f.typed { // Playwright shows what was typed
		snap = regexp.MustCompile(`(?m)`+regexp.QuoteMeta(el)+` (\[ref=[^\]]+\])$`).ReplaceAllString(snap, el+" $1: "+text)
	}
	return mcptest.Playwright{PageURL: "http://shop.test" + f.path, PageTitle: "Demo Shop " + f.path, Snapshot: snap}.Result()
}

func (f *fakeBrowser) generateLocator(c mcptest.Call) mcptest.Result {
	if f.locators == nil {
		return mcptest.UnknownTool(c.Tool)
	}
	if loc, ok := f.locators[c.Args["target"].(string)]; ok {
		return mcptest.Playwright{Value: loc}.Result()
	}
	return mcptest.Failure("no locator")
}

// evaluate answers a check inside an element by counting what its target
// matches on the page as it is now, and TextShown's function by whether
// the text is not hidden.
func (f *fakeBrowser) evaluate(c mcptest.Call) mcptest.Result {
	if target, ok := c.Args["target"].(string); ok {
		if bad, ok := f.badTargets[target]; ok {
			return bad
		}
		if el, _ := c.Args["element"].(string); f.navigating > 0 && strings.Contains(el, " showing ") {
			f.navigating--
			return mcptest.Failure("Error: browserBackend.callTool: Execution context was destroyed, most likely because of a navigation")
		}
		if c.Args["function"] == commandgen.LocatorAttrsFn {
			return f.attrs(target)
		}
		switch label, covered := f.covered[target]; {
		case c.Args["function"] == coveredBoxFn:
			return mcptest.Playwright{Value: strconv.Quote(strconv.FormatBool(covered))}.Result()
		case c.Args["function"] == labelOfFn && covered:
			return mcptest.Playwright{Value: strconv.Quote(label)}.Result()
		case strings.HasPrefix(target, "label[") && c.Args["function"] == "(el) => el.localName":
			return mcptest.Playwright{Value: `"label"`}.Result()
		}
		if c.Args["function"] == commandgen.ElementPathFn {
			if isRef(target) {
				return mcptest.Playwright{Value: strconv.Quote("path of " + target)}.Result()
			}
			if ref, ok := f.elements[target]; ok {
				return mcptest.Playwright{Value: strconv.Quote("path of " + ref)}.Result()
			}
			return mcptest.NoMatch(target)
		}
		loc, err := locator.ParseSelector(target)
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		page, err := f.pageText()
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		root, err := dom.ParseARIA(page)
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		if locator.Count(root, loc) == 0 {
			return mcptest.NoMatch(target)
		}
		// A check of the element's text (commandgen.Call): its description
		// says which text; the fake reads the page's.
		el, _ := c.Args["element"].(string)
		if m := regexp.MustCompile(`^(.*) (not )?showing "(.*)"$`).FindStringSubmatch(el); m != nil {
			text := strings.ReplaceAll(m[3], `\"`, `"`)
			switch shown := strings.Contains(f.shownText(), text) && !f.inputs[target]; {
			case !shown && m[2] == "":
				return mcptest.Failure(fmt.Sprintf("Error: expected text %q is not shown in %s (waited 5s)", text, m[1]))
			case shown && m[2] != "":
				return mcptest.Failure(fmt.Sprintf("Error: text %q is still shown in %s (waited 5s)", text, m[1]))
			}
		}
		return mcptest.Playwright{Value: "true"}.Result()
	}
	fn, _ := c.Args["function"].(string)
	if fn == pagefind.Fn {
		if found, ok := f.pageFound[f.path]; ok {
			return mcptest.Playwright{Value: found}.Result()
		}
		return mcptest.Playwright{Value: "[]"}.Result()
	}
	if fn == unseenFn {
		if texts, ok := f.unseen[f.path]; ok {
			return mcptest.Playwright{Value: texts}.Result()
		}
		return mcptest.Playwright{Value: "[]"}.Result()
	}
	if strings.HasPrefix(fn, "() => ("+heldTextFn+")(") {
		var words string
		if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(fn, "() => ("+heldTextFn+")("), ")")), &words); err != nil {
			return mcptest.Failure(err.Error())
		}
		return mcptest.Playwright{Value: strconv.FormatBool(slices.Contains(f.held, words))}.Result()
	}
	if fn == commandgen.ShadowProbe().Args["function"] {
		if f.probeNavigating > 0 {
			f.probeNavigating--
			return mcptest.Failure("Error: browserBackend.callTool: Execution context was destroyed, most likely because of a navigation")
		}
		return mcptest.Playwright{Value: strconv.FormatBool(f.shadowRoots)}.Result()
	}
	if fn == hasFeedFn {
		page, err := f.pageText()
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		return mcptest.Playwright{Value: strconv.FormatBool(regexp.MustCompile(`(?m)^\s*- feed\b`).MatchString(page))}.Result()
	}
	if strings.HasPrefix(fn, "async") { // a check of the page (commandgen.Call): its description says which
		el, _ := c.Args["element"].(string)
		if f.navigating > 0 && (strings.HasPrefix(el, "text ") || strings.HasPrefix(el, "the URL ")) {
			f.navigating--
			return mcptest.Failure("Error: browserBackend.callTool: Execution context was destroyed, most likely because of a navigation")
		}
		if m := regexp.MustCompile(`^text "(.*)" is (not )?shown$`).FindStringSubmatch(el); m != nil {
			switch shown := strings.Contains(f.shownText(), m[1]); {
			case !shown && m[2] == "":
				return mcptest.Failure(fmt.Sprintf("Error: expected text %q is not shown (waited 5s)", m[1]))
			case shown && m[2] != "":
				return mcptest.Failure(fmt.Sprintf("Error: text %q is still shown (waited 5s)", m[1]))
			}
		}
		if m := regexp.MustCompile(`^the URL contains "(.*)"$`).FindStringSubmatch(el); m != nil && !strings.Contains("http://shop.test"+f.path, m[1]) {
			return mcptest.Failure(fmt.Sprintf("Error: the URL is http://shop.test%s, expected it to contain %q (waited 5s)", f.path, m[1]))
		}
		return mcptest.Playwright{Value: `"ok"`}.Result()
	}
	m := regexp.MustCompile(`includes\((".*")\)(; \})?$`).FindStringSubmatch(fn)
	if m == nil {
		return mcptest.Failure("fake: unexpected function")
	}
	var text string
	if err := json.Unmarshal([]byte(m[1]), &text); err != nil {
		return mcptest.Failure(err.Error())
	}
	for name := range f.hidden {
		if strings.EqualFold(name, text) {
			return mcptest.Playwright{Value: "false"}.Result()
		}
	}
	return mcptest.Playwright{Value: "true"}.Result()
}

// shownText is the snapshot of the page shown now, "" when it cannot be read.
func (f *fakeBrowser) shownText() string {
	s, _ := f.pageText()
	return s
}

func (f *fakeBrowser) waitFor(c mcptest.Call) mcptest.Result {
	if text, ok := c.Args["text"].(string); ok && !strings.Contains(f.shownText(), text) {
		return mcptest.TimedOut("locator.waitFor", 5000)
	}
	return mcptest.Playwright{}.Result()
}

// act answers an action on an element: the failure badTargets gives its
// target, else success, with the code Playwright ran when the target is a
// ref; typing shows in later snapshots, and a click on an element in next
// moves to its page.
func (f *fakeBrowser) act(c mcptest.Call) mcptest.Result {
	var res mcptest.Playwright
	if t, ok := c.Args["target"].(string); ok {
		if bad, ok := f.badTargets[t]; ok {
			return bad
		}
		if _, ok := f.covered[t]; ok {
			return mcptest.TimedOut("locator.click", 5000)
		}
		if isRef(t) {
			res.Code = "await page.getByRole('button', { name: 'Add to cart' }).nth(0).click();"
		}
	}
	if el, ok := c.Args["element"].(string); ok {
		if text, ok := c.Args["text"].(string); ok && c.Tool == mcpclient.ToolType {
			f.typed[el] = text
		}
		if p, move := f.next[el]; move {
			f.path = p
		}
	}
	if f.inline {
		page := mcptest.Playwright{}
		if r := f.snapshot(c); !r.IsError {
			page = mcptest.Playwright{PageURL: "http://shop.test" + f.path, PageTitle: "Demo Shop " + f.path}
			page.Snapshot = mcpclient.ParseText(r.Text).Snapshot
		}
		res.PageURL, res.PageTitle, res.Snapshot = page.PageURL, page.PageTitle, page.Snapshot
	}
	return res.Result()
}

func isRef(s string) bool {
	return len(s) > 1 && (s[0] == 'e' || s[0] == 'f') && strings.Trim(s[1:], "0123456789e") == ""
}

// attrs answers locatorattrs.js for the element ref: the attributes of its
// twin in the page's HTML (htmlTwin), none when there is no HTML or no
// twin.
func (f *fakeBrowser) attrs(ref string) mcptest.Result {
	var a commandgen.ElementAttrs
	if src, ok := f.html[f.path]; ok {
		page, err := f.pageText()
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		root, err := dom.ParseARIA(page)
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		tree, err := dom.ParseHTML(strings.NewReader(src))
		if err != nil {
			return mcptest.Failure(err.Error())
		}
		if el := htmlTwin(root, tree, root.FindRef(ref)); el != nil {
			a = attrsOf(el)
		}
	}
	b, err := json.Marshal(a)
	if err != nil {
		return mcptest.Failure(err.Error())
	}
	return mcptest.Playwright{Value: string(b)}.Result()
}

// attrsOf is what locatorattrs.js answers for el, an element of dom's
// HTML tree.
func attrsOf(el *dom.Node) commandgen.ElementAttrs {
	a := commandgen.ElementAttrs{Tag: el.Tag, ID: el.ID, Name: el.FieldName}
	if el.TestIDAttr != "" {
		a.TestID = []string{el.TestIDAttr, el.TestID}
	}
	for p := el.Parent; p != nil; p = p.Parent {
		if p.TestIDAttr != "" {
			a.Scope = []string{p.TestIDAttr, p.TestID}
			break
		}
	}
	return a
}

// htmlTwin returns node's element in tree, the page's HTML: the node of
// node's role and name that is at node's place among the nodes of that role
// and name in page, in document order. nil when the two trees hold
// different numbers of them, or node is not in page.
func htmlTwin(page, tree, node *dom.Node) *dom.Node {
	if node == nil {
		return nil
	}
	alike := func(root *dom.Node) []*dom.Node {
		var out []*dom.Node
		root.Walk(func(n *dom.Node) bool {
			if n.Role == node.Role && n.Name == node.Name {
				out = append(out, n)
			}
			return true
		})
		return out
	}
	inPage, inHTML := alike(page), alike(tree)
	if len(inPage) != len(inHTML) {
		return nil
	}
	for i, n := range inPage {
		if n == node {
			return inHTML[i]
		}
	}
	return nil
}
