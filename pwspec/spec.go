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
// asserts with web-first assertions (toHaveValue, toContainText,
// toHaveCount, toBeChecked, toHaveAttribute, toHaveURL), and, where no
// matcher reads what the check reads (whether an element is shown, the
// states current, required, readonly and invalid, the value of anything
// but a text box, the order of items), with expect.poll of a function
// declared at the spec's top that reads it in the page as the check
// does. Variables and
// secrets are read from process.env. Steps are grouped in a test.step per
// action, each commented with its plain-English action. Chromium is
// set once for a folder of specs by the Playwright Test config Config
// gives (Debian's: PLAINTEST_CHROMIUM, else /usr/bin/chromium), not by
// each spec, which would make Playwright Test start a worker per file.
// The file is laid out as Prettier would leave it.
package pwspec

import (
	"errors"
	"fmt"
	"slices"
	"strings"

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
	g := &gen{vars: map[string]bool{}, used: map[string]bool{}, remembered: map[string]bool{}, uses: map[string]bool{}}
	for k := range sc.Variables {
		g.vars[k] = true
	}
	var bad []*StepError
	type action struct {
		title string
		stmts []doc
		binds string // the const its test.step returns, for a remember step
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
		binds := g.binding
		g.binding = ""
		if n := len(actions); n > 0 && actions[n-1].title == title {
			actions[n-1].stmts = append(actions[n-1].stmts, stmts...)
			if binds != "" {
				actions[n-1].binds = binds
			}
			continue
		}
		actions = append(actions, action{title, stmts, binds})
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
		if a.binds != "" {
			// A value remembered: the const the later steps read, its
			// test.step after the = unless that line would pass 80
			// columns (in the test's body, indented 2), as Prettier lays
			// an assignment out.
			head := "await test.step(" + quote(a.title) + ", async () => {"
			step := []doc{head, indent(hardline, join(hardline, a.stmts)), hardline, "});"}
			decl := []doc{"const ", a.binds, " = ", step}
			if 2+strWidth("const "+a.binds+" = "+head) > width {
				decl = []doc{"const ", a.binds, " =", indent(hardline, step)}
			}
			block = []doc{"// " + oneLine(a.title), hardline, decl}
		}
		body = append(body, block)
	}
	var out []doc
	header := fmt.Sprintf("// %s: a Playwright Test spec exported from the Sandy scenario %q", oneLine(sc.Metadata.Name), oneLine(sc.Metadata.Name))
	if o.CreatedBy != "" {
		header += " by " + o.CreatedBy
	}
	imports := `import { expect, test } from "@playwright/test";`
	if g.uses[helperRead] || g.uses[helperReadAll] {
		imports = `import { expect, test, type Locator } from "@playwright/test";`
	}
	out = append(out, header, hardline, "// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.", hardline,
		imports, hardline, hardline)
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
	if h := g.helpers(); len(h) > 0 {
		out = append(out, h, hardline)
	}
	out = append(out, permissions(sc)...)
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
	// remembered are the names remember steps read values into (consts
	// of the test); binding is the one the step just generated reads.
	remembered map[string]bool
	binding    string
	// choosers counts the file choosers waited for, each its own const.
	choosers int
	// dialogs counts the dialogs waited for, each its own const.
	dialogs int
	// uses names the helpers (read.go) the spec declares.
	uses map[string]bool
	// hovered is the element the step before hovered over, if it did.
	hovered expr
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
