// Package pwspec writes a Playwright Test spec (.spec.ts) from a Sandy
// v2.1 scenario: a test a Playwright user runs with npx playwright test.
//
// Generate takes the scenario and, when it comes from a compile, the
// translator step behind each of its steps (parser.TestStep.Steps, in the
// scenario's order): the intent (kind, role, value, match) that a check's
// browser_evaluate function does not show. Without them, the intent is
// recovered from the scenario (the tools, their params, and the element
// descriptions compile writes for its checks); a step whose intent cannot
// be recovered is an error naming it. The spec navigates with page.goto,
// finds elements with getByRole, getByLabel, getByTestId, getByText (the
// stable selectors, scoped the same way: chained locators, filter), acts
// with fill, click, dblclick, check, selectOption, press, hover, and
// asserts with web-first assertions (toBeVisible, toHaveValue,
// toContainText, toHaveCount, toBeChecked, toHaveURL). Variables and
// secrets are read from process.env. Steps are grouped in a test.step per
// action, each commented with its plain-English action. Chromium is
// Debian's (launchOptions.executablePath: PLAINTEST_CHROMIUM, else
// /usr/bin/chromium). The file is laid out as Prettier would leave it.
package pwspec

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// ErrNoSpec is wrapped by the error of a scenario that has no spec.
var ErrNoSpec = errors.New("no Playwright Test form")

// StepError says why one step of the scenario has no spec form.
type StepError struct {
	Index int // 0-based, in the scenario's steps
	Step  int // the step's number
	Msg   string
}

func (e *StepError) Error() string {
	return fmt.Sprintf("steps[%d] (step %d): %s", e.Index, e.Step, e.Msg)
}

// Error lists every step without a spec form. It wraps ErrNoSpec.
type Error struct{ Steps []*StepError }

func (e *Error) Error() string {
	var lines []string
	for _, s := range e.Steps {
		lines = append(lines, s.Error())
	}
	return strings.Join(lines, "\n")
}

func (e *Error) Unwrap() error { return ErrNoSpec }

// Options describe the spec. The zero value (or nil) is usable.
type Options struct {
	// Intents are the translator steps behind the scenario's steps, one per
	// step; nil recovers them from the scenario.
	Intents []step.Step
	// CreatedBy names the tool in the header ("plaintest 0.1.0").
	CreatedBy string
}

// DefaultChromium is the browser the spec runs when PLAINTEST_CHROMIUM is
// not set: Debian's.
const DefaultChromium = "/usr/bin/chromium"

// Generate returns the spec of sc.
func Generate(sc *sandy.Scenario, opts *Options) ([]byte, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Intents != nil && len(o.Intents) != len(sc.Steps) {
		return nil, fmt.Errorf("pwspec: %d intents for %d steps", len(o.Intents), len(sc.Steps))
	}
	g := &gen{vars: map[string]bool{}, used: map[string]bool{}}
	for k := range sc.Variables {
		g.vars[k] = true
	}
	var bad []*StepError
	type action struct {
		title string
		stmts []doc
	}
	var actions []action
	steps := sc.Steps
	for i := 0; i < len(steps); i++ {
		st := steps[i]
		var in *step.Step
		if o.Intents != nil {
			in = &o.Intents[i]
		}
		var next *sandy.Step
		if i+1 < len(steps) {
			next = &steps[i+1]
		}
		stmts, used, err := g.step(st, in, next)
		if err != nil {
			bad = append(bad, &StepError{Index: i, Step: st.Step, Msg: err.Error()})
			continue
		}
		i += used
		title := actionOf(st)
		if n := len(actions); n > 0 && actions[n-1].title == title {
			actions[n-1].stmts = append(actions[n-1].stmts, stmts...)
			continue
		}
		actions = append(actions, action{title, stmts})
	}
	if len(bad) > 0 {
		return nil, &Error{bad}
	}
	var body []doc
	for _, name := range g.secretsUsed(sc) {
		body = append(body, []doc{printExpr(mc(c(ident("expect"), ident(name), str("set "+name+" in the environment")), "not.toBe", str(""))), ";"})
	}
	for i, a := range actions {
		if i > 0 || len(body) > 0 {
			body = append(body, "")
		}
		block := []doc{"// " + oneLine(a.title), hardline, "await test.step(", quote(a.title), ", async () => {",
			indent(hardline, join(hardline, a.stmts)), hardline, "});"}
		body = append(body, block)
	}
	var out []doc
	header := fmt.Sprintf("// %s: a Playwright Test spec exported from the Sandy scenario %q", oneLine(sc.Metadata.Name), oneLine(sc.Metadata.Name))
	if o.CreatedBy != "" {
		header += " by " + o.CreatedBy
	}
	out = append(out, header, hardline, "// Run it with npx playwright test; variables and secrets come from the environment.", hardline,
		`import { expect, test } from "@playwright/test";`, hardline, hardline)
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range g.vars {
			if !yield(k) {
				return
			}
		}
	})
	declared := false
	for _, k := range names {
		v, ok := sc.Variables[k]
		if !ok || !g.used[k] {
			continue
		}
		def := fmt.Sprint(v)
		out = append(out, constDecl(k, def), hardline)
		declared = true
	}
	if declared {
		out = append(out, hardline)
	}
	out = append(out, "test.use({", indent(hardline, "launchOptions: {", indent(hardline,
		"executablePath: process.env.PLAINTEST_CHROMIUM ?? ", quote(DefaultChromium), ","), hardline, "},"), hardline, "});", hardline, hardline)
	out = append(out, "test(", quote(sc.Metadata.Name), ", async ({ page }) => {", indent(hardline, joinBlank(body)), hardline, "});", hardline)
	return []byte(printDoc(out)), nil
}

// joinBlank joins statements by line breaks, an empty string standing for
// a blank line.
func joinBlank(ds []doc) doc {
	var out []doc
	for i, d := range ds {
		if s, ok := d.(string); ok && s == "" {
			out = append(out, hardline)
			continue
		}
		if i > 0 {
			out = append(out, hardline)
		}
		out = append(out, d)
	}
	return out
}

// constDecl is `const NAME = process.env.NAME ?? "default";` laid out as
// Prettier lays out an assignment of a ?? expression.
func constDecl(name, def string) doc {
	rhs := []doc{"process.env." + name + " ??", line, quote(def)}
	return []doc{grp("const "+name+" =", grp(indent(line, grp(rhs)))), ";"}
}

// oneLine keeps s on one line, for a comment.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// actionOf is the plain-English action a step belongs to: its
// description, without what compile adds to it (a wait for a late
// element, the element a check reads).
func actionOf(st sandy.Step) string {
	d := sandy.Action(st.Description)
	if d == "" {
		d = fmt.Sprintf("step %d", st.Step)
	}
	return d
}

type gen struct {
	vars map[string]bool
	used map[string]bool
	// choosers counts the file choosers waited for, each its own const.
	choosers int
}

// secretsUsed lists the required (empty) variables the spec reads, which
// the test checks are set.
func (g *gen) secretsUsed(sc *sandy.Scenario) []string {
	var out []string
	for k, v := range sc.Variables {
		if v == "" && g.used[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

var placeholderRe = regexp.MustCompile(`\{\{\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*\}\}`)

var jsIdent = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// text is s as an expression: a string, or a template literal reading the
// variables its {{NAME}} placeholders name.
func (g *gen) text(s string) (expr, error) {
	ms := placeholderRe.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return str(s), nil
	}
	var b strings.Builder
	b.WriteString("`")
	last := 0
	esc := strings.NewReplacer("\\", "\\\\", "`", "\\`", "${", "\\${")
	for _, m := range ms {
		name := s[m[2]:m[3]]
		if !g.vars[name] {
			return nil, fmt.Errorf("{{%s}} is not a variable of the scenario", name)
		}
		if !jsIdent.MatchString(name) {
			return nil, fmt.Errorf("variable %s is not a JavaScript name", name)
		}
		g.used[name] = true
		b.WriteString(esc.Replace(s[last:m[0]]))
		b.WriteString("${" + name + "}")
		last = m[1]
	}
	b.WriteString(esc.Replace(s[last:]))
	b.WriteString("`")
	if b.String() == "`${"+s[ms[0][2]:ms[0][3]]+"}`" && len(ms) == 1 {
		return ident(s[ms[0][2]:ms[0][3]]), nil
	}
	return raw(b.String()), nil
}

// locator is the Playwright locator of a stable selector, from page.
func (g *gen) locator(target string) (expr, error) {
	l, err := dom.ParseSelector(target)
	if err != nil {
		return nil, fmt.Errorf("params.target: %w", err)
	}
	var x expr = ident("page")
	for i, p := range l.Parts {
		t, err := g.text(p.Text)
		if err != nil {
			return nil, err
		}
		exact := func(method string) expr {
			if p.Exact {
				return mc(x, method, t, obj{{"exact", raw("true")}})
			}
			return mc(x, method, t)
		}
		switch p.Kind {
		case dom.PartRole:
			var o obj
			if p.Name != "" {
				n, err := g.text(p.Name)
				if err != nil {
					return nil, err
				}
				o = append(o, prop{"name", n})
				if p.Exact {
					o = append(o, prop{"exact", raw("true")})
				}
			}
			for _, s := range []struct{ k, v string }{{"checked", p.Checked}, {"disabled", p.Disabled}, {"selected", p.Selected},
				{"expanded", p.Expanded}, {"includeHidden", p.IncludeHidden}} {
				if s.v == "true" || s.v == "false" {
					o = append(o, prop{s.k, raw(s.v)})
				} else if s.v != "" {
					o = append(o, prop{s.k, str(s.v)})
				}
			}
			if p.Level > 0 {
				o = append(o, prop{"level", raw(strconv.Itoa(p.Level))})
			}
			if p.Pressed == "true" || p.Pressed == "false" {
				o = append(o, prop{"pressed", raw(p.Pressed)})
			} else if p.Pressed != "" {
				o = append(o, prop{"pressed", str(p.Pressed)})
			}
			if len(o) == 0 {
				x = mc(x, "getByRole", str(p.Role))
			} else {
				x = mc(x, "getByRole", str(p.Role), o)
			}
		case dom.PartText:
			x = exact("getByText")
		case dom.PartLabel:
			x = exact("getByLabel")
		case dom.PartPlaceholder:
			x = exact("getByPlaceholder")
		case dom.PartAltText:
			x = exact("getByAltText")
		case dom.PartTitle:
			x = exact("getByTitle")
		case dom.PartTestID:
			x = mc(x, "getByTestId", t)
		case dom.PartCSS:
			x = mc(x, "locator", t)
		case dom.PartHasText, dom.PartHasNotText:
			key := "hasText"
			if p.Kind == dom.PartHasNotText {
				key = "hasNotText"
			}
			var v expr = t
			if p.Exact {
				v = raw("/^" + dom.JSRegexEscape(p.Text) + "$/")
			}
			if i == 0 {
				x = mc(x, "locator", str("*"))
			}
			x = mc(x, "filter", obj{{key, v}})
		case dom.PartNth:
			switch p.Index {
			case 0:
				x = mc(x, "first")
			case -1:
				x = mc(x, "last")
			default:
				x = mc(x, "nth", raw(strconv.Itoa(p.Index)))
			}
		case dom.PartVisible:
			x = mc(x, "filter", obj{{"visible", raw("true")}})
		default:
			return nil, fmt.Errorf("params.target: %s selectors have no locator", p.Kind)
		}
	}
	return x, nil
}

func await(x expr) doc { return []doc{"await ", printExpr(x), ";"} }

// step returns the statements of st (with in, its intent, when known),
// and how many of the steps after it they stand for too (a focus and the
// key pressed in the element).
func (g *gen) step(st sandy.Step, in *step.Step, next *sandy.Step) ([]doc, int, error) {
	server, tool, builtin, err := sandy.SplitTool(st.Tool)
	if err != nil || builtin || server != "playwright" {
		return nil, 0, fmt.Errorf("%s has no Playwright Test form", st.Tool)
	}
	if then := nextTool(next); tool != "browser_handle_dialog" && tool != "browser_file_upload" &&
		(then == "browser_handle_dialog" || then == "browser_file_upload") {
		return g.opener(st, in, next, then)
	}
	p := st.Params
	sp := func(k string) string { s, _ := p[k].(string); return s }
	loc := func() (expr, error) {
		t := sp("target")
		if t == "" {
			return nil, errors.New("params.target: missing: the step names no element")
		}
		return g.locator(t)
	}
	kind := step.Kind("")
	if in != nil {
		kind = in.Kind
	}
	switch tool {
	case "browser_navigate":
		u, err := g.text(sp("url"))
		if err != nil {
			return nil, 0, err
		}
		return []doc{await(mc(ident("page"), "goto", u))}, 0, nil
	case "browser_navigate_back":
		return []doc{await(mc(ident("page"), "goBack"))}, 0, nil
	case "browser_click", "browser_hover":
		l, err := loc()
		if err != nil {
			return nil, 0, err
		}
		method := "click"
		switch {
		case tool == "browser_hover":
			method = "hover"
		case p["doubleClick"] == true:
			method = "dblclick"
		case kind == step.Check:
			method = "check"
		case kind == step.Uncheck:
			method = "uncheck"
		}
		return []doc{await(mc(l, method))}, 0, nil
	case "browser_type":
		l, err := loc()
		if err != nil {
			return nil, 0, err
		}
		v, err := g.text(sp("text"))
		if err != nil {
			return nil, 0, err
		}
		method := "fill"
		if p["slowly"] == true {
			method = "pressSequentially"
		}
		stmts := []doc{await(mc(l, method, v))}
		if p["submit"] == true {
			stmts = append(stmts, await(mc(l, "press", str("Enter"))))
		}
		return stmts, 0, nil
	case "browser_select_option":
		l, err := loc()
		if err != nil {
			return nil, 0, err
		}
		vals, _ := p["values"].([]any)
		if len(vals) == 0 {
			return nil, 0, errors.New("params.values: missing: want the options to select")
		}
		var es []string
		for _, v := range vals {
			es = append(es, fmt.Sprint(v))
		}
		var arg expr
		if len(es) == 1 {
			if arg, err = g.text(es[0]); err != nil {
				return nil, 0, err
			}
		} else {
			var items []string
			for _, e := range es {
				t, err := g.text(e)
				if err != nil {
					return nil, 0, err
				}
				items = append(items, printDoc(printExpr(t)))
			}
			arg = raw("[" + strings.Join(items, ", ") + "]")
		}
		return []doc{await(mc(l, "selectOption", arg))}, 0, nil
	case "browser_press_key":
		k, err := g.text(sp("key"))
		if err != nil {
			return nil, 0, err
		}
		return []doc{await(mc(m(ident("page"), "keyboard"), "press", k))}, 0, nil
	case "browser_wait_for":
		switch {
		case p["text"] != nil:
			t, err := g.text(sp("text"))
			if err != nil {
				return nil, 0, err
			}
			return []doc{await(mc(c(ident("expect"), mc(mc(ident("page"), "getByText", t), "first")), "toBeVisible"))}, 0, nil
		case p["textGone"] != nil:
			t, err := g.text(sp("textGone"))
			if err != nil {
				return nil, 0, err
			}
			return []doc{await(mc(c(ident("expect"), mc(mc(ident("page"), "getByText", t), "first")), "toBeHidden"))}, 0, nil
		case p["time"] != nil:
			secs, err := strconv.ParseFloat(fmt.Sprint(p["time"]), 64)
			if err != nil {
				return nil, 0, fmt.Errorf("params.time: %v is not a number of seconds", p["time"])
			}
			return []doc{await(mc(ident("page"), "waitForTimeout", raw(strconv.FormatFloat(secs*1000, 'f', -1, 64))))}, 0, nil
		}
		return nil, 0, errors.New("params: a wait for nothing (no text, textGone or time)")
	case "browser_evaluate":
		return g.evaluate(st, in, next)
	case "browser_handle_dialog", "browser_file_upload":
		return nil, 0, fmt.Errorf("%s with no action before it that opens the dialog or file chooser", st.Tool)
	case "browser_tabs":
		return g.tabs(p)
	case "browser_drag":
		from, err := g.locator(sp("startTarget"))
		if err != nil {
			return nil, 0, fmt.Errorf("params.startTarget: %w", err)
		}
		to, err := g.locator(sp("endTarget"))
		if err != nil {
			return nil, 0, fmt.Errorf("params.endTarget: %w", err)
		}
		return []doc{await(mc(from, "dragTo", to))}, 0, nil
	}
	return nil, 0, fmt.Errorf("%s has no Playwright Test form", st.Tool)
}

// evaluate is a browser_evaluate: a wait for a page still loading, a
// focus (with the key pressed after it, a key pressed in an element), or
// a step that step.Read reads from the call (a reload, a step forward, a
// check) unless the compile's intent says it.
func (g *gen) evaluate(st sandy.Step, in *step.Step, next *sandy.Step) ([]doc, int, error) {
	fn, _ := st.Params["function"].(string)
	target, _ := st.Params["target"].(string)
	if d, ok := step.BusyWaitTimeout(fn); ok {
		// The wait for a page that was still loading when compiled.
		busy := mc(ident("page"), "locator", str(`[aria-busy="true"]`))
		return []doc{await(mc(c(ident("expect"), busy), "toHaveCount", raw("0"), obj{{"timeout", raw(strconv.FormatInt(d.Milliseconds(), 10))}}))}, 0, nil
	}
	call := step.ToolCall{Tool: step.ToolEvaluate, Args: st.Params}
	if step.IsFocus(call) {
		l, err := g.locator(target)
		if err != nil {
			return nil, 0, err
		}
		// A focus, then a key pressed: the key pressed in the element.
		if next != nil && next.Tool == st.Tool[:len(st.Tool)-len(step.ToolEvaluate)]+step.ToolPressKey &&
			(in == nil || in.Kind == step.Press) {
			if k, ok := next.Params["key"].(string); ok {
				kx, err := g.text(k)
				if err != nil {
					return nil, 0, err
				}
				return []doc{await(mc(l, "press", kx))}, 1, nil
			}
		}
		return []doc{await(mc(l, "focus"))}, 0, nil
	}
	read, err := step.Read(call)
	if err == nil {
		switch read.Kind {
		case step.Reload:
			return []doc{await(mc(ident("page"), "reload"))}, 0, nil
		case step.Forward:
			return []doc{await(mc(ident("page"), "goForward"))}, 0, nil
		}
	}
	check := in
	if check == nil || !check.Kind.IsCheck() {
		if err != nil {
			return nil, 0, err
		}
		check = &read
	}
	return g.check(*check, target)
}

// check is the web-first assertion of a check step on target ("" for the
// page).
func (g *gen) check(s step.Step, target string) ([]doc, int, error) {
	var l expr
	if target != "" {
		var err error
		if l, err = g.locator(target); err != nil {
			return nil, 0, err
		}
	}
	page := ident("page")
	expect := func(x expr, matcher string, negated bool, args ...expr) []doc {
		if negated {
			matcher = "not." + matcher
		}
		return []doc{await(mc(c(ident("expect"), x), matcher, args...))}
	}
	v, err := g.text(s.Value)
	if err != nil {
		return nil, 0, err
	}
	textOpts := obj{{"ignoreCase", raw("true")}, {"useInnerText", raw("true")}}
	switch s.Kind {
	case step.AssertText, step.AssertGone:
		if l == nil {
			l = mc(page, "locator", str("body"))
		}
		return expect(l, "toContainText", s.Kind == step.AssertGone, v, textOpts), 0, nil
	case step.AssertVisible:
		if l != nil {
			return expect(l, "toBeVisible", s.Negated), 0, nil
		}
		if len(s.Values) == 0 {
			return nil, 0, errors.New("a check that an element is shown names no role")
		}
		var x expr
		for _, r := range s.Values {
			e := mc(page, "getByRole", str(r), obj{{"name", v}})
			if x == nil {
				x = e
			} else {
				x = mc(x, "or", e)
			}
		}
		if s.Negated {
			return expect(mc(x, "filter", obj{{"visible", raw("true")}}), "toHaveCount", false, raw("0")), 0, nil
		}
		return expect(mc(x, "first"), "toBeVisible", false), 0, nil
	case step.AssertState:
		if l == nil {
			return nil, 0, errors.New("a state check names no element")
		}
		switch s.Value {
		case step.StateChecked:
			return expect(l, "toBeChecked", s.Negated), 0, nil
		case step.StateMixed:
			return expect(l, "toBeChecked", s.Negated, obj{{"indeterminate", raw("true")}}), 0, nil
		case step.StateDisabled:
			return expect(l, "toBeDisabled", s.Negated), 0, nil
		case step.StateFocused:
			return expect(l, "toBeFocused", s.Negated), 0, nil
		case step.StateExpanded, step.StatePressed, step.StateSelected:
			return expect(l, "toHaveAttribute", s.Negated, str("aria-"+s.Value), str("true")), 0, nil
		case step.StateSortedAscending, step.StateSortedDescending:
			return expect(l, "toHaveAttribute", s.Negated, str("aria-sort"), str(strings.TrimPrefix(s.Value, "sorted "))), 0, nil
		}
		return nil, 0, fmt.Errorf("the state %q has no web-first assertion", s.Value)
	case step.AssertValue:
		if l == nil {
			return nil, 0, errors.New("a value check names no element")
		}
		if s.Match == step.MatchNow || !slices.Contains([]string{"textbox", "searchbox", "spinbutton"}, s.Role) {
			return nil, 0, fmt.Errorf("a value check of a %s has no web-first assertion that reads what the check reads", orWhat(s.Role))
		}
		re, err := g.pattern(s.Value, s.Match)
		if err != nil {
			return nil, 0, err
		}
		return expect(l, "toHaveValue", s.Negated, re), 0, nil
	case step.AssertCount:
		n, err := strconv.Atoi(s.Value)
		if err != nil || len(s.Values) == 0 {
			return nil, 0, fmt.Errorf("a count check of %q items with no roles", s.Value)
		}
		from := l
		if from == nil {
			from = page
		}
		var x expr
		for _, r := range s.Values {
			e := mc(from, "getByRole", str(r))
			if r == "row" {
				// Header rows are not counted.
				e = mc(e, "filter", obj{{"has", mc(page, "getByRole", str("cell"))}})
			}
			if x == nil {
				x = e
			} else {
				x = mc(x, "or", e)
			}
		}
		return expect(x, "toHaveCount", false, raw(strconv.Itoa(n))), 0, nil
	case step.AssertURL, step.AssertTitle:
		re, err := g.pattern(s.Value, s.Match)
		if err != nil {
			return nil, 0, err
		}
		matcher := "toHaveURL"
		if s.Kind == step.AssertTitle {
			matcher = "toHaveTitle"
		}
		return expect(page, matcher, false, re), 0, nil
	}
	return nil, 0, fmt.Errorf("a %s check has no web-first assertion yet", strings.TrimPrefix(string(s.Kind), "assert_"))
}

func orWhat(role string) string {
	if role == "" {
		return "element"
	}
	return role
}

// pattern is the case-insensitive regular expression a value, URL or title
// check compares with.
func (g *gen) pattern(v, match string) (expr, error) {
	if placeholderRe.MatchString(v) {
		return nil, fmt.Errorf("a check of %q compares with a variable, which a regular expression cannot hold", v)
	}
	e := dom.JSRegexEscape(strings.TrimRight(v, " "))
	switch match {
	case step.MatchContains:
	case step.MatchStarts:
		e = "^" + e
	case step.MatchEnds:
		e = e + "$"
	default:
		e = "^" + dom.JSRegexEscape(strings.TrimRight(v, " .!?;:,")) + "[.!?;:,]*$"
	}
	return raw("/" + e + "/i"), nil
}

// nextTool is the Playwright tool next calls, or "".
func nextTool(next *sandy.Step) string {
	if next == nil {
		return ""
	}
	_, tool, _, _ := sandy.SplitTool(next.Tool)
	return tool
}

// FilesEnv names the environment variable of the folder a spec's uploads
// come from; the default is replay's, .sandy/files.
const FilesEnv = "PLAINTEST_FILES"

// opener writes st, an action that opens a browser dialog or a file
// chooser, with next, the call that handles it: Playwright handles a
// dialog only with a listener set before the action, and a file chooser
// is waited for as the action opens it.
func (g *gen) opener(st sandy.Step, in *step.Step, next *sandy.Step, then string) ([]doc, int, error) {
	stmts, used, err := g.step(st, in, nil)
	if err != nil {
		return nil, 0, err
	}
	p := next.Params
	if then == "browser_handle_dialog" {
		how := "dialog.dismiss()"
		if p["accept"] == true {
			how = "dialog.accept()"
			if t, ok := p["promptText"].(string); ok {
				x, err := g.text(t)
				if err != nil {
					return nil, 0, fmt.Errorf("steps[%d].params.promptText: %w", next.Step-1, err)
				}
				how = "dialog.accept(" + printDoc(printExpr(x)) + ")"
			}
		}
		once := []doc{printExpr(mc(ident("page"), "once", str("dialog"), raw("(dialog) => "+how))), ";"}
		return append([]doc{once}, stmts...), used + 1, nil
	}
	paths, _ := p["paths"].([]any)
	var files []string
	for _, v := range paths {
		f, ok := v.(string)
		if !ok || strings.Contains(f, "{{") {
			return nil, 0, fmt.Errorf("params.paths: %v is not a file name the spec can read", v)
		}
		files = append(files, "`${process.env."+FilesEnv+" ?? \".sandy/files\"}/"+strings.NewReplacer("`", "\\`", "${", "\\${", "\\", "\\\\").Replace(f)+"`")
	}
	g.choosers++
	name := "fileChooser"
	if g.choosers > 1 {
		name += strconv.Itoa(g.choosers)
	}
	wait := []doc{"const " + name + " = ", printExpr(mc(ident("page"), "waitForEvent", str("filechooser"))), ";"}
	set := await(mc(raw("(await "+name+")"), "setFiles", raw("["+strings.Join(files, ", ")+"]")))
	if len(files) == 1 {
		set = await(mc(raw("(await "+name+")"), "setFiles", raw(files[0])))
	}
	out := append([]doc{wait}, stmts...)
	return append(out, set), used + 1, nil
}

// tabs writes browser_tabs' select: the page the next statements act on
// becomes the tab at index, once the browser has it (a tab the last
// action opened comes a moment later).
func (g *gen) tabs(p map[string]any) ([]doc, int, error) {
	if p["action"] != "select" {
		return nil, 0, fmt.Errorf("browser_tabs %v has no Playwright Test form", p["action"])
	}
	idx, err := strconv.Atoi(fmt.Sprint(p["index"]))
	if err != nil || idx < 0 {
		return nil, 0, fmt.Errorf("params.index: %v is not a tab's index", p["index"])
	}
	n := strconv.Itoa(idx)
	pages := mc(mc(ident("page"), "context"), "pages")
	return []doc{
		await(mc(c(m(ident("expect"), "poll"), raw("() => page.context().pages().length")), "toBeGreaterThan", raw(n))),
		[]doc{"page = ", printExpr(pages), "[" + n + "];"},
		await(mc(ident("page"), "bringToFront")),
		await(mc(ident("page"), "waitForLoadState")),
	}, 0, nil
}
