package parser

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// docTarget finds a selector for node that is not a ref (stableTarget, an
// element of a frame then put inside its frame): Playwright's own
// locator generator when the server has it (test ids, role and name), else
// one synthesized from the tree and checked to be unique in it. When that
// picks the element by position, or there is none, a locator from the
// element's attributes (its test ids, id or name attribute: attrTarget)
// replaces it. "" means none worked; the caller falls
// back to the ref and the code it ran.
//
// Two locators Playwright writes are replaced, because the page's next
// version breaks them: a name with a live count ("My orders (3)") by the
// words the action used ("My orders") when those single the element out;
// and a filter on a container's whole text, glued from its parts ("Blue
// MugStoneware ·"), by one on a text of its own (its heading).
func (r *run) docTarget(ctx context.Context, node *dom.Node, s step.Step) (string, error) {
	if t, ok, err := r.foundTarget(node); ok {
		return t, err
	}
	if transient(node, s) {
		// A status or alert named by what it shows ("Loading") while its
		// check waits for other text: neither its name nor its text
		// would find it then; its place among its kind does. A value to
		// remember, named by itself, likewise: its id or test id first.
		if s.Kind == step.Remember {
			if h, err := r.attrTarget(ctx, node); err != nil || len(h.Parts) > 0 {
				return h.Selector(), err
			}
		}
		return byPlace(docOf(r.page, node), node).Selector(), nil
	}
	loc, err := r.treeTarget(ctx, node, s)
	if err != nil {
		return "", err
	}
	if len(loc.Parts) == 0 || loc.Positional() || textCheck(s) && byText(loc) {
		// A check of an element's text that finds it by that same text
		// fails on a wrong value as "not on the page": its id or test id,
		// when it has one, lets the check say what it found.
		h, err := r.attrTarget(ctx, node)
		if err != nil {
			return "", err
		}
		if len(h.Parts) > 0 {
			return h.Selector(), nil
		}
	}
	return loc.Selector(), nil
}

// treeTarget is stableTarget's locator from the accessibility tree and
// Playwright's generator; none has no parts.
func (r *run) treeTarget(ctx context.Context, node *dom.Node, s step.Step) (locator.Locator, error) {
	if loc, ok := r.byWords(node, s.Words); ok {
		return loc, nil
	}
	if s.Kind == step.AssertText && node.Role != "generic" && node.Role != "text" && node.Name != "" && dom.Normalize(node.Name) == dom.Normalize(s.Value) {
		// A check of the text an element is named by: that whole name,
		// which a shorter one Playwright may write ("Invoice" for
		// "Invoice 42") does not single out on the next page.
		loc := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: node.Role, Name: node.Name, Exact: true}}}
		if locator.Count(r.page, loc) == 1 {
			return loc, nil
		}
	}
	if (s.Kind == step.AssertCount || s.Kind == step.AssertOrder) && node.Name == "" {
		// An unnamed list is known by its place among the lists: a
		// locator from its items' text would break as they change.
		return byPlace(docOf(r.page, node), node), nil
	}
	if !r.noGen {
		out, err := r.c.browser.CallTool(ctx, mcpclient.ToolGenLocator, map[string]any{"target": node.Ref})
		switch {
		case errors.Is(err, mcpclient.ErrRejected):
			r.noGen = true // a server without the tool (not @playwright/mcp with --caps testing)
		case err != nil:
			return locator.Locator{}, err
		}
		switch {
		case out == nil:
		case !out.IsError:
			if loc, err := locator.ParseLocatorCode("await page." + strings.TrimSpace(out.Value) + ".click();"); err == nil {
				if loc.Positional() || r.glued(loc) {
					// Playwright fell back to a position ("the second Delete
					// button"), which another row's removal would shift, or
					// to a container's glued text: a locator scoped by the
					// container's own name or text is stabler.
					// Only one the page confirms: a text locator that
					// finds no visible element (an edit box's value
					// is no text) is worse than the position.
					if syn, err := locator.Synthesize(r.page, node); err == nil && !syn.Positional() {
						if st, ok := r.confirmed(ctx, syn, node); ok {
							return st, nil
						}
					}
				}
				if k, ok := r.byKey(ctx, node, s, loc); ok {
					return k, nil
				}
				return r.steady(ctx, loc, node), nil
			}
		case out.UnknownTool():
			r.noGen = true
		}
	}
	if loc, err := locator.Synthesize(r.page, node); err == nil {
		if k, ok := r.byKey(ctx, node, s, loc); ok {
			return k, nil
		}
		return r.steady(ctx, loc, node), nil
	}
	return locator.Locator{}, nil
}

// byKey is the locator of node, a row or list item that loc finds by its
// whole name of the moment ("db-2 United States 22%"), or the start
// Playwright writes of it, by the part of that
// name its description calls it by (`row "db-2"`: the row's first cell),
// when the page confirms that part singles it out. A table the page rebuilds
// (a refresh, a new snapshot) has a row of that key with other figures,
// which the whole name would not find. A row found otherwise (a test id:
// the demo shop's "line-blue-mug") keeps its locator.
func (r *run) byKey(ctx context.Context, node *dom.Node, s step.Step, loc locator.Locator) (locator.Locator, bool) {
	if !keyedRoles[node.Role] || len(loc.Parts) == 0 {
		return locator.Locator{}, false
	}
	p, viaText := loc.Parts[0], false
	switch {
	case len(loc.Parts) == 1:
	case len(loc.Parts) == 2 && p.Kind == locator.PartRole && p.Name == "" && loc.Parts[1].Kind == locator.PartHasText:
		// Playwright's other form of the same row, as the page's timing
		// decides ("internal:role=row >> internal:has-text=\"db-2\"i"):
		// named by the key as well, so the export does not depend on it.
		p.Name, viaText = node.Name, true
		if p.Name == "" {
			p.Name = loc.Parts[1].Text
		}
	default:
		return locator.Locator{}, false
	}
	// The snapshot may leave a row unnamed, and Playwright's generator may
	// cut a long name short ("web-2 United States 48%" of "web-2 United
	// States 48% healthy").
	full := dom.Normalize(p.Name)
	if p.Kind != locator.PartRole || p.Role != node.Role || full == "" || node.Name != "" && !strings.HasPrefix(dom.Normalize(node.Name), full) {
		return locator.Locator{}, false
	}
	m := reKeyName.FindStringSubmatch(s.Element)
	if m == nil || m[1] != node.Role {
		return locator.Locator{}, false
	}
	key := strings.ReplaceAll(m[2], `\"`, `"`)
	k := dom.Normalize(key)
	if k == "" || k == full && !viaText || !strings.Contains(full, k) {
		return locator.Locator{}, false
	}
	by := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: node.Role, Name: key}}}
	// The page, not the snapshot, says whether the key singles the row
	// out: the snapshot may not name its rows.
	if v, ok := r.probe(ctx, by.Selector(), "(el) => true"); !ok || v != "true" {
		return locator.Locator{}, false
	}
	return by, true
}

// keyedRoles are the items byKey names by their key.
var keyedRoles = map[string]bool{"row": true}

// reKeyName reads the role and name a description starts with
// (`row "db-2" in table "Servers"`).
var reKeyName = regexp.MustCompile(`^([a-z]+) "((?:[^"\\]|\\.)*)"`)

// transient reports whether s checks the text of node where node's name is
// what it shows now, which the page is changing: a live region named by
// its content, or an element named by its own text that the check waits to
// change. Such an element is found by its place among its kind
// (stableTarget) and described by its role alone (unnamed), so that
// neither depends on when compile read the page (an alert read as
// "Loading" or as "Saved successfully", as the page got there).
func transient(node *dom.Node, s step.Step) bool {
	byContent := node.Name == "" || dom.Normalize(node.Name) == dom.Normalize(node.TextContent())
	return contentNamed(node, s) || (liveRoles[node.Role] && textCheck(s) || s.Kind == step.Remember) && byContent
}

// unnamed is description, an element's (`alert "Loading"`, `status "Saved"
// in region "Cart"`), without the name that follows its role.
func unnamed(description, role string) string {
	if m := reNamed.FindStringSubmatch(description); m != nil && m[1] == role {
		return role + description[len(m[0]):]
	}
	return description
}

var reNamed = regexp.MustCompile(`^([a-z]+) "(?:[^"\\]|\\.)*"`)

// liveRoles are the elements whose content changes as the page works.
var liveRoles = map[string]bool{"status": true, "alert": true, "log": true, "timer": true, "marquee": true, "progressbar": true, "meter": true}

// textCheck reports whether s checks an element's text or value.
func textCheck(s step.Step) bool {
	return s.Kind == step.AssertText || s.Kind == step.AssertGone || s.Kind == step.AssertValue
}

// byText reports whether loc finds its element by a text engine.
func byText(loc locator.Locator) bool {
	for _, p := range loc.Parts {
		if textEngines[p.Kind] {
			return true
		}
	}
	return false
}

// contentNamed reports whether s checks the text or value of node, whose
// name is its own text and does not hold the text s expects: a locator by
// that name finds nothing once the text changes as s waits for it.
func contentNamed(node *dom.Node, s step.Step) bool {
	if !textCheck(s) {
		return false
	}
	name := dom.Normalize(node.Name)
	return name != "" && name == dom.Normalize(node.TextContent()) && !strings.Contains(name, dom.Normalize(s.Value))
}

// byPlace is the locator of n by its role and its place among the visible
// elements of that role: internal:role=list >> nth=1.
func byPlace(page, n *dom.Node) locator.Locator {
	i, found := 0, false
	page.Walk(func(x *dom.Node) bool {
		found = found || x == n
		if !found && x.Role == n.Role {
			i++
		}
		return !found
	})
	return locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: n.Role}, {Kind: locator.PartNth, Index: i}}}
}

// act runs s on target, its stable selector, and appends the exported call
// to ts (see targetedCall).
func (r *run) act(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	return r.targetedCall(ctx, ts, s, target, func(t string) step.ToolCall {
		call, _ := r.gen.Call(s, t)
		return call
	})
}

// labelCall ticks or unticks the box of s through its label, at lt: the
// box takes no click, its label does, as a person clicks it.
func (r *run) labelCall(ctx context.Context, ts *TestStep, s step.Step, lt string, build func(target string) step.ToolCall) (bool, error) {
	s.Element = labelElement(s)
	ts.Element = r.masker.Replace(s.Element)
	call := build(lt)
	call.Args["element"] = s.Element
	out, err := r.exec(ctx, call)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(call, s)), err.Error(), err)
	}
	return r.ran(ctx, ts, s, call, out, lt)
}

// ran records call's outcome: a failure with the call as exported, or the
// step kept with target.
func (r *run) ran(ctx context.Context, ts *TestStep, s step.Step, call step.ToolCall, out *mcpclient.Result, target string) (bool, error) {
	exported := r.export(call, s)
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
	}
	ts.Target = r.masker.Replace(target)
	r.keep(ts, exported, s)
	return true, nil
}

// targetedCall runs the call build makes for target, s's stable selector,
// and appends the exported call to ts. When there is no such selector, or
// it does not single out the element after all (none or several match),
// the call runs on the element's ref instead and the export keeps the
// locator Playwright reports in the code it ran. False means the step
// failed and the failure is recorded.
func (r *run) targetedCall(ctx context.Context, ts *TestStep, s step.Step, target string, build func(target string) step.ToolCall) (bool, error) {
	var err error
	var out *mcpclient.Result
	var call step.ToolCall
	if lt, ok := r.coveredLabel(ctx, s, target); ok {
		return r.labelCall(ctx, ts, s, lt, build)
	}
	if target != "" {
		call = build(target)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(call, s)), err.Error(), err)
		}
	}
	if target == "" || out.SelectorProblem() {
		// The selector did not single out the element: act on the ref and
		// keep the locator Playwright reports for it.
		r.c.opts.Logger.Debug("selector fallback to ref", "target", r.masker.Replace(target), "ref", s.Ref)
		call = build(s.Ref)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
		}
		if !out.IsError {
			loc, lerr := locator.ParseLocatorCode(out.Code)
			if lerr != nil {
				return false, r.fail(ctx, ts.Index, ts.Action, nil,
					fmt.Sprintf("%s ran, but no stable selector was found for %s: %v", s.Kind, s.Element, lerr), nil)
			}
			if node := r.page.FindRef(s.Ref); node != nil {
				if fl, err := locator.Reframe(r.page, loc, node); err == nil {
					loc = fl
				}
				loc = r.steady(ctx, loc, node)
			}
			target = loc.Selector()
			call = build(target)
		}
	}
	at, _ := call.Args["target"].(string)
	if lt, ok := r.labelTarget(ctx, s, at, out); ok {
		return r.labelCall(ctx, ts, s, lt, build)
	}
	return r.ran(ctx, ts, s, call, out, target)
}
