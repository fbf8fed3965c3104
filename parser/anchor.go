package parser

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/grammar"
)

// A text check whose sentence names no element ("verify Saved is shown")
// is anchored to the element that shows the text, so that a copy of the
// words elsewhere (help text, instructions, a legend) can neither satisfy
// it nor stand in for it at replay. Of the elements showing the text, one
// whose content changed since the action before the check is preferred,
// or one whose text a person could not see before it (faded out, clipped
// away, collapsed, off the page: unseen.go), which the action showed;
// text a person could see before the test began acting is never read
// after an action. A check that held before its action is reported as a
// warning: it may be a precondition, or vacuous.

// anchoredText runs an unscoped text check: first on the whole page,
// waiting for the text as the check does; then scoped to the element that
// shows it, which is what the export keeps. false means it failed and the
// failure is recorded.
func (r *run) anchoredText(ctx context.Context, ts *TestStep, s step.Step) (bool, error) {
	call, err := r.gen.Call(s, "")
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
	}
	exported := r.export(call, s)
	out, err := r.askCheck(ctx, call, false)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out)+r.inFrameHint(s)+r.valueHint(s), nil)
	}
	if err := r.snapshot(ctx); err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	text := r.expand(s.Value)
	node, held, why := anchor(r.page, r.start, r.before, text, r.unseenBy(ctx, text))
	if why != "" {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, why, nil)
	}
	if node != nil && labelledBoxes[node.Role] && !r.rendersText(ctx, node, text) {
		// A box named by its label (an <input> around which a <label>
		// says the words) renders none of them: the page's text is read.
		node = nil
	}
	if node == nil {
		// No one element shows the whole text (it runs across several):
		// the page's text is read, as before.
		r.keep(ts, exported, s)
		return true, nil
	}
	scoped := s
	scoped.Ref, scoped.Role, scoped.Element = node.Ref, node.Role, describeShown(node)
	ts.Element = r.masker.Replace(scoped.Element)
	if held && !grammar.Lasts(ts.Action) {
		ts.Warnings = append(ts.Warnings, r.masker.Replace(fmt.Sprintf("%s already showed %q before the action it follows: a precondition, or a check that cannot fail", scoped.Element, s.Value)))
	}
	target, err := r.targets().Stable(ctx, node, scoped)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	if commandgen.Transient(node, scoped) {
		// As execute's: described as it is found, by its role alone.
		scoped.Element = commandgen.Unnamed(scoped.Element, node.Role)
		ts.Element = r.masker.Replace(scoped.Element)
	}
	instead := ""
	if textFields[node.Role] {
		// The snapshot shows a field's value as its text; the check reads
		// the text the element renders, which an <input> has none of (a
		// combo box drawn as a <div> has): its failure says how to check
		// the value.
		instead = valueNotText(s.Value, node)
	}
	return r.checkOr(ctx, ts, scoped, target, instead)
}

// anchor picks the element of page that shows text: of the innermost
// elements whose text holds it, those whose text changed since before (the
// page before the last action), else those that appeared since start (the
// page before the test acted); those present at start only when no action
// ran yet. An element listed with the same text on the earlier page, but
// whose words there a person could not see (unseen, nil when every text
// was seen), counts as changed or appeared: the action showed it. An
// element whose text is the text itself goes before one whose
// text holds more. An element there before the test acted is read after
// an action only when its whole text is the text (a to-do item that must
// stay), never when the words sit inside a longer text (help,
// instructions, a legend). held says the element showed the text before
// the last action; why, when set, is why no element may be read. nil, ""
// when no element holds the whole text.
func anchor(page, start, before *dom.Node, text string, unseen func(n *dom.Node, atStart bool) bool) (node *dom.Node, held bool, why string) {
	want := dom.Normalize(text)
	if page == nil || want == "" {
		return nil, false, ""
	}
	shown := dom.Innermost(page,
		func(n *dom.Node) bool { return strings.Contains(dom.Normalize(n.TextContent()), want) },
		func(n *dom.Node) bool { return n.Ref != "" })
	if len(shown) == 0 {
		return nil, false, ""
	}
	for i, n := range shown {
		// A wrapper with no role of its own inside an alert or a status
		// that shows the same text (a design system's message part around
		// its slot): the check reads the live region, which a person
		// names, found by its place among its kind.
		if p := n.Parent; n.Role == "generic" && p != nil && p.Ref != "" && commandgen.LiveRole(p.Role) && dom.Normalize(p.TextContent()) == dom.Normalize(n.TextContent()) {
			shown[i] = p
		}
	}
	had := func(p *dom.Node, n *dom.Node) bool {
		if p == nil {
			return false
		}
		key := dom.Normalize(n.TextContent())
		found := false
		p.Walk(func(c *dom.Node) bool {
			if !found && c.Role == n.Role && dom.Normalize(c.TextContent()) == key {
				found = true
			}
			return !found
		})
		return found
	}
	// seen says a person saw n's text on the earlier page p.
	seen := func(p, n *dom.Node, atStart bool) bool {
		return had(p, n) && (unseen == nil || !unseen(n, atStart))
	}
	var changed, appeared, static, prose []*dom.Node
	for _, n := range shown {
		switch {
		case before != nil && !seen(before, n, false):
			changed = append(changed, n)
		case !seen(start, n, true):
			appeared = append(appeared, n)
		case dom.Normalize(n.TextContent()) == want:
			static = append(static, n) // an item, a label: the text itself
		default:
			prose = append(prose, n) // the words inside a sentence there all along
		}
	}
	pick := func(ns []*dom.Node) *dom.Node {
		// A field's snapshot text is its label and value, which an
		// <input> does not render: an element that renders the words
		// goes first ("verify the page shows email=a@b.c" after typing
		// a@b.c into Email reads the paragraph that says so).
		ns = slices.Concat(slices.DeleteFunc(slices.Clone(ns), func(n *dom.Node) bool { return textFields[n.Role] }),
			slices.DeleteFunc(slices.Clone(ns), func(n *dom.Node) bool { return !textFields[n.Role] }))
		for _, n := range ns {
			if dom.Normalize(n.TextContent()) == want {
				return n
			}
		}
		return ns[0]
	}
	acted := before != nil
	switch {
	case len(changed) > 0:
		return pick(changed), false, ""
	case len(appeared) > 0:
		return pick(appeared), acted, ""
	case len(static) > 0:
		return pick(static), acted, ""
	case !acted:
		return pick(prose), false, ""
	}
	return nil, false, fmt.Sprintf("%q is shown only inside text that was on the page before the test acted (%s): a check of it cannot fail; name the element that should show it (\"the status shows %s\")",
		text, describeShown(prose[0]), text)
}

// labelledBoxes are the roles whose name may be their label's text,
// which the element itself does not render (a native check box or radio
// button; an ARIA one drawn as a <div> shows its own).
var labelledBoxes = map[string]bool{"checkbox": true, "radio": true, "switch": true}

// rendersText reports whether node's element renders text itself: its
// rendered text holds it (an element the page does not answer for is
// taken to).
func (r *run) rendersText(ctx context.Context, node *dom.Node, text string) bool {
	got, ok := r.probe(ctx, node.Ref, "(el) => el.innerText")
	return !ok || strings.Contains(dom.Normalize(got), dom.Normalize(text))
}

// textFields are the roles whose snapshot text is their value.
var textFields = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range dom.TextFieldRoles() {
		m[r] = true
	}
	return m
}()

// valueNotText says that text is the value of field, which a check of
// the page's text does not read, and how to check the value instead.
func valueNotText(text string, field *dom.Node) string {
	name := strings.TrimRight(strings.TrimSpace(field.Name), ":*? ")
	say := "the field"
	if name != "" {
		say = "the " + name + " field"
	}
	return fmt.Sprintf("%q is the value of %s, not text the page shows, which is what a check of the page reads: say \"check %s shows %s\"",
		text, describeShown(field), say, text)
}

// valueHint says, after an unscoped text check failed, that the page as
// last read holds the text as a field's value; "" when it does not.
func (r *run) valueHint(s step.Step) string {
	want := dom.Normalize(s.Value)
	if s.Kind != step.AssertText || s.Ref != "" || r.page == nil || want == "" {
		return ""
	}
	var field *dom.Node
	r.page.Walk(func(n *dom.Node) bool {
		if field == nil && n.Ref != "" && textFields[n.Role] && strings.Contains(dom.Normalize(n.Value), want) {
			field = n
		}
		return field == nil
	})
	if field == nil {
		return ""
	}
	return "; " + valueNotText(s.Value, field)
}

// describeShown names an element for people: its role and its text, cut.
func describeShown(n *dom.Node) string {
	t := strings.Join(strings.Fields(n.TextContent()), " ")
	if n.Name != "" {
		t = n.Name
	}
	if r := []rune(t); len(r) > 60 {
		t = string(r[:57]) + "..."
	}
	if t == "" {
		return n.Role
	}
	return fmt.Sprintf("%s %q", n.Role, t)
}

// anchored reports whether s is a text check the parser anchors.
func anchored(s step.Step) bool {
	return s.Kind == step.AssertText && s.Ref == "" && !commandgen.NeedsTarget(s.Kind)
}

// vacuousGone says why a check that a text is gone could never fail, or "":
// the text reads as a description of an element ("the Saved widget",
// starting with an article) and no page of the compile showed it, before
// the test acted, before the action or now. Such a check passes whatever
// the page does, unless the page holds the text hidden (a message it
// shows later), which the caller asks it (holdsHidden) when this says
// why; the user meant an element, and is told to name it by its kind or
// to quote the text. A text the action quotes (`verify "Your account was
// deleted" is not shown`) is taken as the text it says.
func (r *run) vacuousGone(s step.Step, action string) string {
	if s.Kind != step.AssertGone || s.Ref != "" || quoted(action, s.Value) {
		return ""
	}
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s.Value)), " ")
	switch first {
	case "the", "a", "an", "your", "my", "this", "that":
	default:
		return ""
	}
	want := dom.Normalize(s.Value)
	for _, p := range []*dom.Node{r.start, r.before, r.page} {
		if p != nil && strings.Contains(dom.Normalize(p.TextContent()), want) {
			return ""
		}
	}
	return fmt.Sprintf("%q is not a text the page showed or holds hidden, and names no element the rules know: a check that it is gone could never fail; "+
		"name the element by its kind (the Saved status, the Details dialog, the Delete button) or quote the text that must go", s.Value)
}

// quoted reports whether action holds text in quotes: straight or curly,
// double or single.
func quoted(action, text string) bool {
	for _, q := range [][2]string{{`"`, `"`}, {"\u201c", "\u201d"}, {"'", "'"}, {"\u2018", "\u2019"}} {
		if strings.Contains(action, q[0]+text+q[1]) {
			return true
		}
	}
	return false
}
