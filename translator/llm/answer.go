package llm

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
	"github.com/plaintest/plaintest/translator/names"
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
func (l *Translator) steps(a prompt.IntermediateStep, shown *dom.Node, req translator.Request) ([]step.Step, error) {
	if steps, ended, err := l.ending(a, req); ended {
		return steps, err
	}
	if err := keepsIntent(a, req.Action, l.mask.Replace(req.Action)); err != nil {
		return nil, err
	}
	node, err := l.target(a, shown, req)
	if err != nil {
		return nil, err
	}
	for _, m := range rePlaceholder.FindAllStringSubmatch(a.InputValue, -1) {
		if !l.names[m[1]] {
			return nil, invalid("%s is not a placeholder you may type; %s", m[0], l.known())
		}
	}
	ans := &reading{a: a, node: node, value: a.InputValue, st: step.Step{Model: l.opts.Model, Action: req.Action}}
	if node != nil {
		ans.st.Role, ans.st.Ref, ans.st.Element = node.Role, node.Ref, names.Describe(req.Page, node)
	}
	if read, ok := answerSteps[a.ActionType]; ok {
		if err := read(l, ans, req); err != nil {
			return nil, err
		}
	}
	return []step.Step{ans.st, {Kind: step.Then, Value: req.Action, Model: l.opts.Model}}, nil
}

// ending reads the answers that end an action: unknown (an error) and
// done (no steps, once a step has been taken); ended is false for the
// others.
func (l *Translator) ending(a prompt.IntermediateStep, req translator.Request) (steps []step.Step, ended bool, err error) {
	switch a.ActionType {
	case "unknown":
		why := firstOf(a.Error, a.Description, "it gave no reason")
		return nil, true, fmt.Errorf("%w: the model cannot do %q: %s", translator.ErrUnparsable, l.mask.Replace(req.Action), why)
	case "done":
		if len(req.Taken) == 0 {
			return nil, true, invalid("no step has been taken for this action yet: answer its first step, or unknown if it cannot be done")
		}
		return []step.Step{}, true, nil
	}
	return nil, false, nil
}

// keepsIntent refuses an answer that does not keep the intent of the
// action (as written; masked, the sentence as the model saw it): a
// sentence that checks gets only an assert, one that acts no assert.
func keepsIntent(a prompt.IntermediateStep, written, action string) error {
	switch intent := grammar.IntentOf(written); {
	case intent == grammar.IntentCheck && a.ActionType != "assert":
		return invalid("%q checks the page, and a check never acts: %s is refused; answer assert with the text that must be visible, or unknown if the page cannot show it", action, a.ActionType)
	case intent == grammar.IntentAct && a.ActionType == "assert":
		return invalid("%q does something on the page: an assert cannot stand in for it; answer the step that does it", action)
	case a.ActionType == "assert" && negative(written, a.InputValue):
		// An assert holds when its text is shown: for "the status should
		// not say Error" it would hold when the status said Error.
		return invalid("%q says something must not be so, and an assert holds when its text is shown: answer unknown", action)
	}
	return nil
}

// reNegative finds a negation in a sentence.
var reNegative = regexp.MustCompile(`(?i)\b(?:not|never|no longer|cannot)\b|n't\b`)

// negative reports whether sentence negates outside quotes and outside the
// text an answer asserts ("Not available is shown" asserts "Not
// available": no negation of it).
func negative(sentence, text string) bool {
	if t := strings.TrimSpace(text); t != "" {
		if i := strings.Index(strings.ToLower(sentence), strings.ToLower(t)); i >= 0 {
			sentence = sentence[:i] + sentence[i+len(t):]
		}
	}
	return reNegative.MatchString(names.ReQuoted.ReplaceAllString(sentence, ""))
}

// target is the element the answer names (nil when it names none), which
// must be on the page shown; an answer that is ambiguous or not sure
// enough is an *UnsureError.
func (l *Translator) target(a prompt.IntermediateStep, shown *dom.Node, req translator.Request) (*dom.Node, error) {
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
		return nil, &UnsureError{Action: l.mask.Replace(req.Action), Why: why, Said: a.Description, Candidates: lookalikes(req.Page, node)}
	}
	return node, nil
}

// reading is a model's answer being read into its step, st.
type reading struct {
	a     prompt.IntermediateStep
	node  *dom.Node // the element it names; nil for none
	value string
	st    step.Step
}

// needRef refuses an answer whose type needs an element (what) and names
// none.
func (ans *reading) needRef(what string) error {
	if ans.node == nil {
		return invalid("target_ref is empty: %s needs the ref of %s", ans.a.ActionType, what)
	}
	return nil
}

// needValue refuses an answer whose type needs a value (what) and gives
// none.
func (ans *reading) needValue(what string) error {
	if strings.TrimSpace(ans.value) == "" {
		return invalid("input_value is empty: %s needs %s", ans.a.ActionType, what)
	}
	return nil
}

// answerSteps reads each action type of an answer into its step.
var answerSteps = map[string]func(l *Translator, ans *reading, req translator.Request) error{
	"navigate": func(l *Translator, ans *reading, req translator.Request) error {
		if err := ans.needValue("the URL to open"); err != nil {
			return err
		}
		u, ok := l.allowed(req.URL, ans.value)
		if !ok {
			return invalid("navigation to %s is refused: only pages of %s may be opened", u, strings.Join(l.origins, ", "))
		}
		ans.st = step.Step{Kind: step.Navigate, Value: u, Model: l.opts.Model, Action: req.Action}
		return nil
	},
	"click": func(l *Translator, ans *reading, req translator.Request) error {
		if err := ans.needRef("the element to click"); err != nil {
			return err
		}
		if ans.node.URL != "" {
			if u, ok := l.allowed(req.URL, ans.node.URL); !ok && opensPage(u) {
				return invalid("%s leads to %s: only pages of %s may be opened", ans.st.Element, u, strings.Join(l.origins, ", "))
			}
		}
		ans.st.Kind = step.Click
		return nil
	},
	"input": func(_ *Translator, ans *reading, _ translator.Request) error {
		if err := ans.needRef("a text field"); err != nil {
			return err
		}
		if !names.FieldRoles[ans.node.Role] || names.IsNativeSelect(ans.node) {
			return invalid("%s is not a text field: input types into a textbox, searchbox or editable combobox; use select for a select", ans.st.Element)
		}
		if err := ans.needValue("the text to type"); err != nil {
			return err
		}
		ans.st.Kind, ans.st.Value = step.Type, ans.value
		return nil
	},
	"select": func(l *Translator, ans *reading, req translator.Request) error {
		if err := ans.needRef("a select, combo box or list box"); err != nil {
			return err
		}
		if !names.SelectRoles[ans.node.Role] {
			return invalid("%s is not a select, combo box or list box: click a radio button or an option instead", ans.st.Element)
		}
		if err := ans.needValue("the option to pick"); err != nil {
			return err
		}
		picked, err := grammar.Pick(req, ans.node, ans.value)
		if err != nil {
			return invalid("%s: %v", ans.st.Element, err)
		}
		ans.st = picked[0]
		ans.st.Model, ans.st.Action = l.opts.Model, req.Action
		return nil
	},
	"check":   readToggle,
	"uncheck": readToggle,
	"press": func(_ *Translator, ans *reading, _ translator.Request) error {
		key := grammar.KeyName(strings.TrimSpace(ans.value))
		if key == "" {
			return invalid("input_value %q is not a key: press needs a key name such as Enter, Escape, Tab or Control+A", ans.value)
		}
		ans.st.Kind, ans.st.Value = step.Press, key
		return nil
	},
	"hover": func(_ *Translator, ans *reading, _ translator.Request) error {
		if err := ans.needRef("the element to hover"); err != nil {
			return err
		}
		ans.st.Kind = step.Hover
		return nil
	},
	"assert": func(_ *Translator, ans *reading, _ translator.Request) error {
		if err := ans.needValue("the text that must be visible"); err != nil {
			return err
		}
		ans.st.Kind, ans.st.Value = step.AssertText, ans.value
		return nil
	},
}

// readToggle reads a check or uncheck answer.
func readToggle(_ *Translator, ans *reading, _ translator.Request) error {
	if err := ans.needRef("a checkbox, radio button or switch"); err != nil {
		return err
	}
	if !names.CheckRoles[ans.node.Role] {
		return invalid("%s is not a checkbox, radio button or switch: click it instead", ans.st.Element)
	}
	ans.st.Kind = step.Check
	if ans.a.ActionType == "uncheck" {
		if names.RadioRoles[ans.node.Role] {
			return invalid("%s is a radio button: it cannot be unchecked; choose another of its group instead", ans.st.Element)
		}
		ans.st.Kind = step.Uncheck
	}
	return nil
}

// allowed resolves ref against the page's URL and reports whether it
// stays within the allowed origins.
func (l *Translator) allowed(page, ref string) (string, bool) {
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
func (l *Translator) known() string {
	if len(l.placeholders) == 0 {
		return "there are none"
	}
	var shown []string
	for _, p := range l.placeholders {
		shown = append(shown, "{{"+p.Name+"}}")
	}
	return "the placeholders are " + strings.Join(shown, ", ")
}

// lookalikes are the elements an unsure answer may have meant: those of
// n's role and name, described with their container; none without n.
func lookalikes(page, n *dom.Node) []string {
	if n == nil {
		return nil
	}
	var out []string
	page.Walk(func(x *dom.Node) bool {
		if x.Role == n.Role && dom.Normalize(names.Label(x)) == dom.Normalize(names.Label(n)) {
			out = append(out, names.Describe(page, x))
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

// refuse is the error of an action the model is not asked: one that
// remembers a value, or one that took the most steps an action may.
func (l *Translator) refuse(req translator.Request) error {
	if grammar.RulesOnly(req.Action) {
		return fmt.Errorf("%w: %q remembers a value, which only the rules translator reads (--translator rules or auto)", translator.ErrUnparsable, l.mask.Replace(req.Action))
	}
	if len(req.Taken) >= l.opts.MaxSteps {
		return fmt.Errorf("the model did not finish %q in %d steps, the most an action may take (%s)",
			l.mask.Replace(req.Action), l.opts.MaxSteps, l.mask.Replace(takenList(req.Taken)))
	}
	return nil
}
