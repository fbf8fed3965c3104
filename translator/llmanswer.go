package translator

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/step"
)

// invalidAnswer is an answer that does not fit the page or the contract:
// it is sent back to the model with the reason.
type invalidAnswer struct{ reason string }

func (e *invalidAnswer) Error() string { return e.reason }

func invalid(format string, args ...any) error {
	return &invalidAnswer{fmt.Sprintf(format, args...)}
}

var rePlaceholder = regexp.MustCompile(`\{\{\s*([^{}]*?)\s*\}\}`)

// steps checks the answer a against shown, the page the model was shown,
// and turns it into the steps to run: the step and a Then of the action,
// or none for done. Before anything runs:
//   - target_ref must be on the page shown, and fit the action type (text
//     is typed into a text field, an option picked in a select, combo box
//     or list box, a checkbox, radio or switch checked);
//   - input_value must be there where the type needs one, and name only
//     known placeholders;
//   - a navigation, and a click on a link that opens a page, must stay
//     within the allowed origins;
//   - done needs a step taken before it;
//   - the answer keeps the action's intent (IntentOf): a sentence that
//     checks gets only assert (then done, or unknown), one that acts no
//     assert.
//
// Those failures are *invalidAnswer (sent back). An answer that is
// ambiguous or not sure enough gives an *UnsureError, and unknown an
// error wrapping ErrUnparsable with the model's reason.
func (l *LLM) steps(a prompt.IntermediateStep, shown *dom.Node, req Request) ([]step.Step, error) {
	action := l.mask.Replace(req.Action)
	switch a.ActionType {
	case "unknown":
		why := firstOf(a.Error, a.Description, "it gave no reason")
		return nil, fmt.Errorf("%w: the model cannot do %q: %s", ErrUnparsable, action, why)
	case "done":
		if len(req.Taken) == 0 {
			return nil, invalid("no step has been taken for this action yet: answer its first step, or unknown if it cannot be done")
		}
		return []step.Step{}, nil
	}
	switch intent := IntentOf(req.Action); {
	case intent == IntentCheck && a.ActionType != "assert":
		return nil, invalid("%q checks the page, and a check never acts: %s is refused; answer assert with the text that must be visible, or unknown if the page cannot show it", action, a.ActionType)
	case intent == IntentAct && a.ActionType == "assert":
		return nil, invalid("%q does something on the page: an assert cannot stand in for it; answer the step that does it", action)
	}
	var node *dom.Node
	if a.TargetRef != "" {
		if shown.FindRef(a.TargetRef) == nil {
			return nil, invalid("ref %s is not on the page shown: use a ref from a line of the page", a.TargetRef)
		}
		node = req.Page.FindRef(a.TargetRef)
		if node == nil { // the page shown comes from req.Page: cannot happen
			return nil, invalid("ref %s is not on the page", a.TargetRef)
		}
	}
	if a.IsAmbiguous || a.ConfidenceScore < l.opts.MinConfidence {
		why := "finds the action ambiguous"
		if !a.IsAmbiguous {
			why = fmt.Sprintf("is not sure of its answer (confidence %.2f, below %.2f)", a.ConfidenceScore, l.opts.MinConfidence)
		}
		return nil, &UnsureError{Action: action, Why: why, Said: a.Description, Candidates: lookalikes(req.Page, node)}
	}
	for _, m := range rePlaceholder.FindAllStringSubmatch(a.InputValue, -1) {
		if !l.names[m[1]] {
			return nil, invalid("%s is not a placeholder you may type; %s", m[0], l.known())
		}
	}
	value := a.InputValue
	needRef := func(what string) error {
		if node == nil {
			return invalid("target_ref is empty: %s needs the ref of %s", a.ActionType, what)
		}
		return nil
	}
	needValue := func(what string) error {
		if strings.TrimSpace(value) == "" {
			return invalid("input_value is empty: %s needs %s", a.ActionType, what)
		}
		return nil
	}
	st := step.Step{Model: l.opts.Model, Action: req.Action}
	if node != nil {
		st.Role, st.Ref, st.Element = node.Role, node.Ref, describe(req.Page, node)
	}
	var err error
	switch a.ActionType {
	case "navigate":
		if err = needValue("the URL to open"); err != nil {
			return nil, err
		}
		u, ok := l.allowed(req.URL, value)
		if !ok {
			return nil, invalid("navigation to %s is refused: only pages of %s may be opened", u, strings.Join(l.origins, ", "))
		}
		st = step.Step{Kind: step.Navigate, Value: u, Model: l.opts.Model, Action: req.Action}
	case "click":
		if err = needRef("the element to click"); err != nil {
			return nil, err
		}
		if node.URL != "" {
			if u, ok := l.allowed(req.URL, node.URL); !ok && opensPage(u) {
				return nil, invalid("%s leads to %s: only pages of %s may be opened", st.Element, u, strings.Join(l.origins, ", "))
			}
		}
		st.Kind = step.Click
	case "input":
		if err = needRef("a text field"); err != nil {
			return nil, err
		}
		if !fieldRoles[node.Role] || isNativeSelect(node) {
			return nil, invalid("%s is not a text field: input types into a textbox, searchbox or editable combobox; use select for a select", st.Element)
		}
		if err = needValue("the text to type"); err != nil {
			return nil, err
		}
		st.Kind, st.Value = step.Type, value
	case "select":
		if err = needRef("a select, combo box or list box"); err != nil {
			return nil, err
		}
		if !selectRoles[node.Role] {
			return nil, invalid("%s is not a select, combo box or list box: click a radio button or an option instead", st.Element)
		}
		if err = needValue("the option to pick"); err != nil {
			return nil, err
		}
		picked, err := pick(req, node, value)
		if err != nil {
			return nil, invalid("%s: %v", st.Element, err)
		}
		st = picked[0]
		st.Model, st.Action = l.opts.Model, req.Action
	case "check", "uncheck":
		if err = needRef("a checkbox, radio button or switch"); err != nil {
			return nil, err
		}
		if !checkRoles[node.Role] {
			return nil, invalid("%s is not a checkbox, radio button or switch: click it instead", st.Element)
		}
		st.Kind = step.Check
		if a.ActionType == "uncheck" {
			st.Kind = step.Uncheck
		}
		st = toggle(st, node)
	case "press":
		key := keyName(strings.TrimSpace(value))
		if key == "" {
			return nil, invalid("input_value %q is not a key: press needs a key name such as Enter, Escape, Tab or Control+A", value)
		}
		st.Kind, st.Value = step.Press, key
	case "hover":
		if err = needRef("the element to hover"); err != nil {
			return nil, err
		}
		st.Kind = step.Hover
	case "assert":
		if err = needValue("the text that must be visible"); err != nil {
			return nil, err
		}
		st.Kind, st.Value = step.AssertText, value
	}
	return []step.Step{st, {Kind: step.Then, Value: req.Action, Model: l.opts.Model}}, nil
}

// allowed resolves ref against the page's URL and reports whether it
// stays within the allowed origins.
func (l *LLM) allowed(page, ref string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return ref, false
	}
	if b, err := url.Parse(page); err == nil && page != "" {
		u = b.ResolveReference(u)
	}
	origin, err := originOf(u.String())
	return u.String(), err == nil && slices.Contains(l.origins, origin)
}

// opensPage reports whether following a link to u opens a page (http,
// https, file), rather than running the page's script or another program
// (javascript:, mailto:, tel:).
func opensPage(u string) bool {
	p, err := url.Parse(u)
	return err != nil || p.Scheme == "http" || p.Scheme == "https" || p.Scheme == "file"
}

// known lists the placeholders the model may type.
func (l *LLM) known() string {
	if len(l.placeholders) == 0 {
		return "there are none"
	}
	var names []string
	for _, p := range l.placeholders {
		names = append(names, "{{"+p.Name+"}}")
	}
	return "the placeholders are " + strings.Join(names, ", ")
}

// lookalikes are the elements an unsure answer may have meant: those of
// n's role and name, described with their container; none without n.
func lookalikes(page, n *dom.Node) []string {
	if n == nil {
		return nil
	}
	var out []string
	page.Walk(func(x *dom.Node) bool {
		if x.Role == n.Role && dom.Normalize(label(x)) == dom.Normalize(label(n)) {
			out = append(out, describe(page, x))
		}
		return true
	})
	return out
}

func firstOf(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}
