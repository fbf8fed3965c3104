package browserserver

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/mcpclient"
)

// toolsJSON holds the tools' names, descriptions and input schemas: those
// of @playwright/mcp 0.0.83 (with --caps testing) for the tools built in,
// and browser_snapshot's format.
//
//go:embed tools.json
var toolsJSON []byte

type toolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// toolFunc runs one call on the session's tab and fills the response; an
// error is the call's failure (isError).
type toolFunc func(t *tab, a args, r *response) error

// tools maps each tool to its implementation.
var tools = map[string]toolFunc{
	mcpclient.ToolNavigate:             (*tab).navigate,
	mcpclient.ToolNavigateBack:         (*tab).navigateBack,
	mcpclient.ToolSnapshot:             (*tab).snapshotTool,
	mcpclient.ToolClick:                (*tab).click,
	mcpclient.ToolType:                 (*tab).typeText,
	mcpclient.ToolFillForm:             (*tab).fillForm,
	mcpclient.ToolSelectOption:         (*tab).selectOption,
	mcpclient.ToolHover:                (*tab).hover,
	mcpclient.ToolPressKey:             (*tab).pressKey,
	mcpclient.ToolWaitFor:              (*tab).waitFor,
	mcpclient.ToolEvaluate:             (*tab).evaluate,
	mcpclient.ToolScreenshot:           (*tab).screenshot,
	mcpclient.ToolClose:                (*tab).closeTool,
	mcpclient.ToolGenLocator:           (*tab).generateLocator,
	mcpclient.ToolVerifyElementVisible: (*tab).verifyElement,
	mcpclient.ToolVerifyTextVisible:    (*tab).verifyText,
	mcpclient.ToolVerifyValue:          (*tab).verifyValue,
	mcpclient.ToolHandleDialog:         (*tab).handleDialog,
	mcpclient.ToolFileUpload:           (*tab).fileUpload,
	mcpclient.ToolTabs:                 (*tab).tabs,
	mcpclient.ToolDrag:                 (*tab).drag,
}

// ToolDefs returns the tools the server lists, as tools/list gives them.
func ToolDefs() ([]mcp.Tool, error) {
	var defs []toolDef
	if err := json.Unmarshal(toolsJSON, &defs); err != nil {
		return nil, fmt.Errorf("builtin: tools.json: %w", err)
	}
	out := make([]mcp.Tool, 0, len(defs))
	for _, d := range defs {
		out = append(out, mcp.NewToolWithRawSchema(d.Name, d.Description, d.InputSchema))
	}
	return out, nil
}

// newMCP builds the mcp-go server: every tool, arguments checked against
// its schema (a bad one is a failed call), sessions' contexts closed when
// they end.
func (s *Server) newMCP() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { s.endSession(cs.SessionID()) })
	srv := server.NewMCPServer("plaintest-builtin", Version, server.WithToolCapabilities(false),
		server.WithInputSchemaValidation(), server.WithHooks(hooks))
	defs, err := ToolDefs()
	if err != nil {
		panic(err) // the embedded file is part of the build; its test reads it
	}
	for _, d := range defs {
		fn := tools[d.Name]
		if fn == nil {
			panic("builtin: no implementation of " + d.Name)
		}
		srv.AddTool(d, s.handler(d.Name, fn))
	}
	return srv
}

func (s *Server) handler(name string, fn toolFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		t, err := s.tabFor(ctx)
		if err != nil {
			return errorResult(err), nil
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		if err := t.open(); err != nil {
			return errorResult(err), nil
		}
		if err := t.guard(); err != nil {
			return errorResult(err), nil
		}
		if err := t.modalGuard(name); err != nil {
			return errorResult(err), nil
		}
		var r response
		err = fn(t, args(req.GetArguments()), &r)
		// What the tool read of a page the rule refuses is dropped.
		if gerr := t.guard(); gerr != nil {
			return errorResult(gerr), nil
		}
		if err != nil {
			return errorResult(err), nil
		}
		return r.toMCP(), nil
	}
}

// args are a call's arguments, already checked against the tool's schema.
type args map[string]any

func (a args) str(k string) string {
	s, _ := a[k].(string)
	return s
}

func (a args) flag(k string) bool {
	b, _ := a[k].(bool)
	return b
}

func (a args) num(k string) (float64, bool) {
	f, ok := a[k].(float64)
	return f, ok
}

func (a args) strs(k string) []string {
	var out []string
	if l, ok := a[k].([]any); ok {
		for _, v := range l {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// afterAction finishes an action's response: it waits for a navigation the
// action started, then adds the page and, unless turned off, the new
// snapshot.
func (t *tab) afterAction(before navCounts, r *response) error {
	title := t.settle(before)
	return t.describe(r, title, !t.s.opts.NoActionSnapshots)
}

// describe adds the Page section (title "" when not known yet) and, with
// snap, a fresh snapshot.
func (t *tab) describe(r *response, title string, snap bool) error {
	if len(t.tabList()) > 1 {
		r.tabs = t.renderTabs()
	}
	r.page = t.pageHeader(title)
	if !snap {
		return nil
	}
	yaml, err := t.snapshot(nil, 0)
	if err != nil {
		return err
	}
	r.snapshot, r.lang = yaml, "yaml"
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
	if _, err := t.page.Goto(url); err != nil {
		return err
	}
	return t.describe(r, "", !t.s.opts.NoActionSnapshots)
}

func (t *tab) navigateBack(_ args, r *response) error {
	r.addCode("await page.goBack();")
	if _, err := t.page.GoBack(); err != nil {
		return err
	}
	return t.describe(r, "", !t.s.opts.NoActionSnapshots)
}

func (t *tab) snapshotTool(a args, r *response) error {
	title, _ := t.page.Title()
	r.page = t.pageHeader(title)
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
		path, err := t.s.workPath(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
			return err
		}
		r.result = "- [Snapshot](" + path + ")"
		return nil
	}
	r.snapshot, r.lang = yaml, "yaml"
	return nil
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
	if a.flag("doubleClick") {
		r.addCode("await " + tg.code + ".dblclick(" + optJS + ");")
		// Playwright's dblclick is a click with a click count of 2; and
		// playwright-go v0.6401.0's Locator.Dblclick refuses every option
		// (its Steps has no place in the frame's options).
		o := playwright.LocatorClickOptions{Modifiers: mods, Timeout: t.timeout(), ClickCount: playwright.Int(2)}
		if button != "" {
			mb := playwright.MouseButton(button)
			o.Button = &mb
		}
		return t.actThen(before, r, func() error { return tg.loc.Click(o) })
	}
	r.addCode("await " + tg.code + ".click(" + optJS + ");")
	o := playwright.LocatorClickOptions{Modifiers: mods, Timeout: t.timeout()}
	if button != "" {
		mb := playwright.MouseButton(button)
		o.Button = &mb
	}
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
	return t.actThen(t.navCounts(), r, func() error { return t.page.Keyboard().Press(key) })
}

// contextDestroyed is Playwright's error when a navigation replaced the
// document an evaluation ran in.
const contextDestroyed = "Execution context was destroyed"

// textSelector matches the visible elements whose text contains text
// (case-insensitive, whitespace normalized), as getByText does.
func textSelector(text string) string {
	return "internal:text=" + quoteJSON(text) + "i >> visible=true"
}

// waitFor waits for a time, for a text to show (any visible match), or for
// a text to be gone (no visible match), up to the action timeout.
func (t *tab) waitFor(a args, r *response) error {
	if secs, ok := a.num("time"); ok {
		secs = min(secs, 30)
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

// evaluate runs a function in the page (or on the target element) and
// returns its value as JSON, indented as JSON.stringify(v, null, 2) writes
// it ("undefined" for none). A function that starts a navigation
// (setTimeout(() => location.reload())) is waited for as an action's is. A
// navigation that destroyed the document under the function (started by
// an earlier step, a back-forward cache restore that sent no request) is
// waited for, and the function run once more in the new document.
func (t *tab) evaluate(a args, r *response) error {
	fn := a.str("function")
	run := func() (any, error) {
		if a.str("target") != "" {
			tg, err := t.locate(a.str("target"))
			if err != nil {
				return nil, err
			}
			if len(r.code) == 0 {
				r.addCode("await " + tg.code + ".evaluate(" + quoteJS(fn) + ");")
			}
			return tg.loc.Evaluate("async (el) => { const v = await ("+fn+")(el); return JSON.stringify(v, null, 2) ?? 'undefined'; }", nil)
		}
		if len(r.code) == 0 {
			r.addCode("await page.evaluate(" + quoteJS(fn) + ");")
		}
		return t.page.Evaluate("async () => { const v = await (" + fn + ")(); return JSON.stringify(v, null, 2) ?? 'undefined'; }")
	}
	before := t.navCounts()
	v, err := run()
	if err != nil && strings.Contains(err.Error(), contextDestroyed) {
		t.s.log.Debug("evaluate: the document went away; running again after the load", "err", err)
		if werr := t.page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateLoad}); werr == nil {
			before = t.navCounts()
			v, err = run()
		}
	}
	if err != nil {
		return err
	}
	t.settle(before)
	s, _ := v.(string)
	if f := a.str("filename"); f != "" {
		path, err := t.s.workPath(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			return err
		}
		r.result = "- [Result](" + path + ")"
		return nil
	}
	r.result = s
	return nil
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
		path, err := t.s.workPath(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, img, 0o644); err != nil {
			return err
		}
		r.result = "- [Screenshot of viewport](" + path + ")"
	}
	r.images = append(r.images, mcpclient.Image{MIMEType: "image/" + typ, Data: img})
	return nil
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

func (t *tab) generateLocator(a args, r *response) error {
	tg, err := t.locate(a.str("target"))
	if err != nil {
		return err
	}
	r.result = strings.TrimPrefix(tg.code, "page.")
	return nil
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
		time.Sleep(50 * time.Millisecond)
	}
}

func (t *tab) verifyElement(a args, r *response) error {
	role, name := a.str("role"), a.str("accessibleName")
	sel := "internal:role=" + role + "[name=" + quoteJSON(name) + "i] >> visible=true"
	r.addCode("await expect(page.getByRole(" + quoteJS(role) + ", { name: " + quoteJS(name) + " })).toBeVisible();")
	err := t.poll(func() (string, error) {
		n, err := t.page.Locator(sel).Count()
		if err != nil {
			return "", err
		}
		if n == 0 {
			return "Element not found", nil
		}
		return "", nil
	})
	if err != nil {
		return err
	}
	r.result = "Done"
	return nil
}

func (t *tab) verifyText(a args, r *response) error {
	text := a.str("text")
	r.addCode("await expect(page.getByText(" + quoteJSON(text) + ").first()).toBeVisible();")
	err := t.poll(func() (string, error) {
		n, err := t.page.Locator(textSelector(text)).Count()
		if err != nil {
			return "", err
		}
		if n == 0 {
			return "Text not found", nil
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

// workPath resolves a file name of a tool argument in the server's
// workspace; a name outside it is refused.
func (s *Server) workPath(name string) (string, error) {
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.opts.WorkDir, p)
	}
	p = filepath.Clean(p)
	rel, err := filepath.Rel(s.opts.WorkDir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", toolErrorf("File access denied: %s is outside the server's workspace %s", name, s.opts.WorkDir)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	return p, nil
}
