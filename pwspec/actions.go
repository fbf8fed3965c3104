package pwspec

// The statements of the scenario's steps: actions, the evaluate calls
// (commandgen.ReadStep), dialogs and file choosers with their handlers, tabs.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

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
	if tool == "browser_evaluate" && commandgen.IsStateRead(step.ToolCall{Tool: tool, Args: st.Params}) {
		return nil, 0, nil // the click's condition reads the state itself
	}
	if st.Condition != "" {
		return g.conditional(st, in, next)
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
	hovered := g.hovered
	g.hovered = nil
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
			g.hovered = l
			method = "hover"
		case p["doubleClick"] == true:
			method = "dblclick"
		case kind == step.Check:
			method = "check"
		case kind == step.Uncheck:
			method = "uncheck"
		}
		if hovered != nil && method == "click" {
			return afterHover(hovered, l), 0, nil
		}
		return []doc{await(mc(l, method))}, 0, nil
	case "browser_fill_form":
		// A box set: Playwright's setChecked, as check() or uncheck().
		box, err := commandgen.Read(step.ToolCall{Tool: tool, Args: p})
		if err != nil {
			return nil, 0, err
		}
		l, err := g.locator(box.Ref)
		if err != nil {
			return nil, 0, err
		}
		method := "check"
		if box.Kind == step.Uncheck {
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
// focus (with the key pressed after it, a key pressed in an element), a
// step that commandgen.Read reads from the call (a reload, a step
// forward), or a check, read from its record unless the compile's intent
// says it.
func (g *gen) evaluate(st sandy.Step, in *step.Step, next *sandy.Step) ([]doc, int, error) {
	fn, _ := st.Params["function"].(string)
	target, _ := st.Params["target"].(string)
	if d, ok := commandgen.BusyWaitTimeout(fn); ok {
		// The wait for a page that was still loading when compiled.
		busy := mc(ident("page"), "locator", str(`[aria-busy="true"]`))
		return []doc{await(mc(c(ident("expect"), busy), "toHaveCount", raw("0"), obj{{"timeout", raw(strconv.FormatInt(d.Milliseconds(), 10))}}))}, 0, nil
	}
	if d, ok := commandgen.EnabledWaitTimeout(fn); ok {
		// The wait for a target compile saw disabled before its action.
		l, err := g.locator(target)
		if err != nil {
			return nil, 0, err
		}
		return []doc{await(mc(c(ident("expect"), l), "toBeEnabled", obj{{"timeout", raw(strconv.FormatInt(d.Milliseconds(), 10))}}))}, 0, nil
	}
	call := step.ToolCall{Tool: step.ToolEvaluate, Args: st.Params}
	if commandgen.IsFocus(call) {
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
	read, err := commandgen.ReadStep(st, step.ToolEvaluate)
	if err == nil {
		switch read.Kind {
		case step.Remember:
			return g.remember(read, target)
		case step.Reload:
			return []doc{await(mc(ident("page"), "reload"))}, 0, nil
		case step.Forward:
			return []doc{await(mc(ident("page"), "goForward"))}, 0, nil
		case step.ScrollPage, step.ScrollUntil:
			// The page's own function, as the scenario runs it: on the
			// box scrolled, when one is (a ScrollUntil's scrolls it
			// until its row is there, a virtual list's row).
			fn, _ := st.Params["function"].(string)
			if target == "" {
				return []doc{await(mc(ident("page"), "evaluate", raw(fn)))}, 0, nil
			}
			l, err := g.locator(target)
			if err != nil {
				return nil, 0, err
			}
			return []doc{await(mc(l, "evaluate", raw(fn)))}, 0, nil
		case step.Scroll:
			l, err := g.locator(target)
			if err != nil {
				return nil, 0, err
			}
			return []doc{await(mc(l, "scrollIntoViewIfNeeded"))}, 0, nil
		}
	}
	check := in
	if check == nil || !check.Kind.IsCheck() {
		if err != nil {
			return nil, 0, err
		}
		check = &read
	}
	var wait time.Duration
	if check.Wait {
		// "wait for Saved to appear": as long as the compiled wait.
		wait = defaults.Navigation
		if d, ok := commandgen.CheckTimeout(fn); ok {
			wait = d
		}
	}
	return g.check(*check, target, wait)
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
		// The dialog must open, as browser_handle_dialog fails when none
		// does: the spec waits for it after the action.
		g.dialogs++
		name := "opened"
		if g.dialogs > 1 {
			name += strconv.Itoa(g.dialogs)
		}
		opened := []doc{"const " + name + " = ", printExpr(mc(ident("page"), "waitForEvent", str("dialog"))), ";"}
		once := []doc{printExpr(mc(ident("page"), "once", str("dialog"), raw("(dialog) => "+how))), ";"}
		out := append([]doc{opened, once}, stmts...)
		return append(out, []doc{"await " + name + ";"}), used + 1, nil
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

// afterHover is a click right after a hover: what it clicks may show only
// while the element hovered over is under the mouse (a row's delete
// button), and Playwright, waiting for such a button to stop fading in,
// may scroll it into view and so move the page from under the mouse: the
// button hides, and the click waits out its timeout. So the hover and the
// click are tried again together until the click lands, as a person
// would point again.
func afterHover(hovered, target expr) []doc {
	ms := func(d time.Duration) raw { return raw(strconv.FormatInt(d.Milliseconds(), 10)) }
	tries := []doc{await(mc(hovered, "hover")), await(mc(target, "click", obj{{"timeout", ms(defaults.Step)}}))}
	return []doc{[]doc{"await expect(async () => {", indent(hardline, join(hardline, tries)), hardline,
		"}).toPass({ timeout: ", string(ms(3 * defaults.Step)), " });"}}
}
