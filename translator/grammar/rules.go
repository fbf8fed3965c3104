package grammar

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// Rules is the deterministic translator: a fixed grammar of imperative
// sentences (go to, click, type X into Y, fill Y with X, select X from Y,
// check, uncheck, press KEY, hover, wait, and assertions) and a matcher that
// finds the named element by accessible name, label, placeholder or text,
// ignoring case and punctuation. It never guesses: when nothing fits or
// several elements fit equally well it returns an error listing candidates.
type Rules struct{}

// NewRules returns the rules translator.
func NewRules() *Rules { return &Rules{} }

// pattern is one sentence form of the grammar. The table is tried in order;
// the first pattern whose regexp matches and whose build succeeds wins.
// intent is what the form asks of the page (intent.go).
type pattern struct {
	re     *regexp.Regexp
	build  func(r *Rules, m []string, req translator.Request) ([]step.Step, error)
	intent Intent
}

// waitTimeExpr is the form of a wait for a time ("wait 2 seconds").
const waitTimeExpr = `wait(?: for)? (\d+(?:\.\d+)?) ?(ms|milliseconds?|s|secs?|seconds?)`

var reWaitTime = regexp.MustCompile(`(?i)^` + waitTimeExpr + `$`)

// errNoMatch tells the pattern loop to try the next pattern.
var errNoMatch = fmt.Errorf("no match")

var grammar []pattern

func init() {
	add := func(intent Intent) func(string, func(*Rules, []string, translator.Request) ([]step.Step, error)) {
		return func(expr string, build func(r *Rules, m []string, req translator.Request) ([]step.Step, error)) {
			// Grouped: a form of two alternatives ("submit the X form|submit")
			// is anchored at both ends whole, or "click Submit" ends as one.
			grammar = append(grammar, pattern{regexp.MustCompile(`(?i)^(?:` + expr + `)$`), build, intent})
		}
	}
	// p: a form that acts; c: one that checks; either: one that checks
	// when its body is a sentence about the page, else the next form
	// reads it.
	p, c, either := add(IntentAct), add(IntentCheck), add(intentEither)
	p(waitTimeExpr, buildWaitTime)
	p(rememberExpr, buildRemember)
	c(`(?:(?:verify|assert|ensure|confirm|make sure)(?: that)? )?(?:(?:i|we|`+userSubject+`) )?(?:should not|shouldn't|must not|mustn't|do not|don't|does not|doesn't|cannot|can't|can not) see (.+)`, buildAssertGone)
	c(`(?:i|we|`+userSubject+`) (?:do not|don't|does not|doesn't|cannot|can't|can not) see (.+)`, buildAssertGone)
	c(`(?:i )?(?:expect|want|need) not to see (.+)`, buildAssertGone)
	c(onPageExpr, buildOnPage)
	c(`(?:i )?(?:expect|want|need) to see (.+)`, buildAssert)
	c(`wait (?:for|until) (.+?)(?: to (?:appear|show up|be (?:visible|shown|displayed)|load))?`, buildWaitText)
	// The browser's dialogs, files, tabs, drags and multiple choices
	// (modal.go), before the forms whose verbs they share.
	p(lexicon.Alt(lexicon.AcceptVerbs)+` (?:the )?`+dialogNouns, buildDialog(true, true))
	p(lexicon.Alt(lexicon.DismissVerbs)+` (?:the )?`+dialogNouns, buildDialog(false, true))
	p(`close (?:the )?`+dialogNouns, buildDialog(false, false))
	p(lexicon.Alt(lexicon.PressVerbs)+`(?: on)? (?:the )?(?:"?ok"?|"?okay"?|"?yes"?|"?accept"?)(?: button)? (?:in|on|of) (?:the )?`+dialogNouns, buildDialog(true, false))
	p(lexicon.Alt(lexicon.PressVerbs)+`(?: on)? (?:the )?(?:"?cancel"?|"?no"?|"?dismiss"?)(?: button)? (?:in|on|of) (?:the )?`+dialogNouns, buildDialog(false, false))
	p(lexicon.Alt(lexicon.TypeVerbs)+` (.+) (?:into|in) (?:the )?(?:prompt|prompt dialog|prompt box)(?:,? (?:and|then) (?:click|press|hit|tap) (?:the )?"?(ok|okay|accept|cancel|dismiss)"?(?: button)?)?`, buildPrompt)
	p(`answer the prompt with (.+?)()`, buildPrompt)
	p(lexicon.Alt(lexicon.UploadVerbs)+` (.+?) (?:into|in|to|on|for|using|with|via|through) (.+)`, buildUpload)
	p(`(?:switch|go|change|move|return)(?: back)? to (?:the )?(?:(`+tabPlaces+`) (?:browser )?(?:tab|window)|(?:browser )?(?:tab|window) (\d+))`, buildSwitchTab)
	p(`(?:drag(?: and drop)?|drop) (.+?) (?:to|onto|into|on|over) (.+)`, buildDrag)
	p(lexicon.Alt(lexicon.SelectVerbs)+` (?:the )?(?:option|choice) (?:with|whose|of) (?:the )?value (?:is |of )?(.+?) (?:from|in|for|on) (.+)`, buildSelectValue)
	p(lexicon.Alt(lexicon.SelectVerbs)+` (?:the )?value (.+?) (?:from|in|for|on) (.+)`, buildSelectValue)
	p(deselectVerbs+` (.+?) (?:from|in|on|of) (.+)`, buildDeselect)
	p(deselectVerbs+` (.+)`, buildDeselect)
	p(lexicon.Alt(lexicon.SelectVerbs)+` (.+(?:,| and ) ?.+?) (?:from|in|on) (.+)`, buildMultiSelect)
	p(`(?:reload|refresh)(?: the)?(?: page| browser| tab| app)?`, fixed(step.Reload))
	p(`(?:go|navigate|step) back(?: (?:a|one) page| to the previous page)?|(?:click|press) (?:the )?(?:browser'?s? )?back(?: button)?`, fixed(step.Back))
	p(`(?:go|navigate|step) forward(?: (?:a|one) page| to the next page)?|(?:click|press) (?:the )?(?:browser'?s? )?forward(?: button)?`, fixed(step.Forward))
	p(`(?:go|navigate|browse|return) (?:back )?to (.+)`, buildNavigate)
	p(`(?:visit|load) (.+)`, buildNavigate)
	// A feature file's "Given I am on the login page": be there, as "go
	// to" reads it (a Then that checks the page's address says "I should
	// be on /cart").
	p(`(?:i am|i'm|we are|we're|`+userSubject+` is)(?: now| already| still)? (?:on|at) (.+)`, buildNavigate)
	p(`open (.+)`, buildOpen)
	p(`(?:double[- ]?click|dbl[- ]?click)(?: on)? (.+?)(?: (?:to|so (?:that|as to)|in order to) \S.*)?`, buildDoubleClick)
	p(`(?:press|hit|type) (?:the )?(.+?)(?: key)? (?:in|into|on|inside|while in) (.+)`, buildPressIn)
	p(`(?:press|hit|tap) (?:the )?(.+?)(?: key)?`, buildPress)
	p(`(?:clear|empty|erase|wipe)(?: out)?(?: the (?:text|contents?|value|input) (?:of|in))? (.+)`, buildClear)
	p(`leave (.+?) (?:empty|blank)`, buildClear)
	p(lexicon.Alt(lexicon.TypeVerbs)+` nothing (?:into|in) (.+)`, buildClear) // not the word "nothing"
	// A quoted value ends at its quote: "type "x" into Sign in email"
	// types into "Sign in email", whose words the next form would split.
	p(lexicon.Alt(lexicon.TypeVerbs)+` ("[^"]+"|“[^”]+”|'[^']+') (?:into|in|on) (.+)`, buildType(1, 2))
	p(lexicon.Alt(lexicon.TypeVerbs)+` (.+) (?:into|in|on) (.+)`, buildType(1, 2))
	p(lexicon.Alt(lexicon.TypeVerbs)+` (.+) as (?:the )?(.+)`, buildType(1, 2)) // "enter demo as the username"
	p(`fill (?:in |out )?(.+) (?:with|as) (.+)`, buildType(2, 1))
	p(`fill (?:in )?(.+) into (.+)`, buildType(1, 2))
	p(`(?:change|replace) (?:the text of )?(.+) (?:to|with) (.+)`, buildType(2, 1))
	p(`(?:set|move|drag|slide|adjust) (.+?) to (.+)`, buildSet)
	p(lexicon.Alt(lexicon.SelectVerbs)+` (.+) (?:from|in|for|on) (.+)`, buildSelect)
	p(`(?:expand|unfold|open up|show) (.+)`, buildExpand(false))
	p(`(?:collapse|fold|close|hide) (.+)`, buildExpand(true))
	p(lexicon.Alt(lexicon.UncheckVerbs)+` (.+)`, buildCheck(step.Uncheck))
	p(`(?:turn|switch) (.+) off`, buildCheck(step.Uncheck))
	p(`(?:turn on|switch on|enable) (.+)`, buildCheck(step.Check))
	p(`(?:turn|switch) (.+) on`, buildCheck(step.Check))
	p(`toggle (.+)`, buildToggle)
	either(`(?:check|verify)(?: that)? (.+)`, buildCheckThat)
	p(lexicon.Alt(lexicon.CheckVerbs)+` (.+)`, buildCheck(step.Check))
	p(`(?:hover(?: over| on)?|mouse over|move (?:the mouse )?(?:over|to)|point at) (.+)`, buildHover)
	p(`scroll (?:the page |the window )?(down|up)(?: (?:a|one) (?:screen|page))?(?: on the page)?`, buildScrollPage)
	p(`scroll (?:all the way )?(?:down |up |back )?to the (bottom|top|end|start)(?: of the (?:page|window))?`, buildScrollPage)
	p(`scroll (down|up)(?: (?:a|one) (?:screen|page))? (?:in|inside|within) (.+)`, buildScrollBox(2, 1))
	p(`scroll (?:all the way )?(?:down |up |back )?to the (bottom|top|end|start) (?:of|in) (.+)`, buildScrollBox(2, 1))
	p(`scroll (.+?) (?:all the way )?(?:down |up |back )?to (?:the|its) (bottom|top|end|start)`, buildScrollBox(1, 2))
	p(lexicon.Alt(lexicon.ScrollVerbs)+` (.+?) (?:into|in) view(?: by scrolling)?`, buildScroll)
	p(`scroll(?: (?:down|up|back|right|left))?(?: (?:to|until|till))? (.+?)(?: (?:is|comes|appears|shows)(?: (?:into|in) view| visible| shown| on (?:the )?screen)?)?`, buildScroll)
	c(`(?:verify|assert|expect|ensure|confirm|make sure)(?: that)?(?: (?:i|we|`+userSubject+`) (?:can |should |must )?sees?)? (.+)`, buildAssert)
	c(`(?:(?:i|we) )?(?:should |must |can )?see (.+)`, buildAssert)
	c(userSubject+` (?:should see|must see|can see|sees) (.+)`, buildAssert)
	c(`(.+?) should (?:be visible|appear|be shown|show up|be displayed)`, buildAssertWhole)
	p(`add (.+?) to (?:the |my |your )?(`+basketNouns+`)`, buildMoveItem("Add to ", "Add"))
	p(`(?:remove|delete) (.+?) from (?:the |my |your )?(`+basketNouns+`)`, buildMoveItem("Remove from ", "Remove", "Delete"))
	p(lexicon.Alt(lexicon.DeleteVerbs)+`(?: the)?(?: item| todo| row| entry)? (.+?)(?: from the list)?`, buildDeleteItem)
	p(`(?:switch to|go to|open) (?:the )?(.+?) tab`, buildTab)
	p(lexicon.Alt(lexicon.RepeatVerbs)+`(?: on)? (.+?),? (`+lexicon.Alt(slices.Sorted(maps.Keys(lexicon.RepeatCounts)))+`|(\S+) times)`, buildClickTimes)
	p(`(?:submit|send)(?: the)?(?: (.+?))? form|submit(?: it| the page)?`, buildSubmit)
	p(lexicon.Alt(lexicon.ClickVerbs)+`(?: on)? (.+)`, buildClick)
	either(`(.+)`, buildBare) // a sentence about the page, with no verb before it
}

// userSubject is a feature file's third person before a check's verb:
// "the user should see Welcome".
const userSubject = `(?:the |a )?user`

// stopError ends the reading of an action: the verb is clear and the
// element it names is not there, and no other reading may take its place
// (an action read as an assertion would pass without doing anything).
type stopError struct{ err error }

func (e *stopError) Error() string { return e.err.Error() }
func (e *stopError) Unwrap() error { return e.err }

// final marks err as the end of an action's reading.
func final(err error) error {
	if err == nil || err == errNoMatch {
		return err
	}
	return &stopError{err}
}

// fixed builds a step of a kind that takes no element or value.
func fixed(k step.Kind) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(*Rules, []string, translator.Request) ([]step.Step, error) { return []step.Step{{Kind: k}}, nil }
}

// basketNouns are the places "add X to …" and "remove X from …" name,
// as the alternatives of a group that captures the one said.
var basketNouns = strings.Join(lexicon.BasketNouns, "|")

// buildMoveItem reads "add the Blue Mug to the cart" as a click on the
// button for that item whose name says so: "Add to cart" (the place as
// said, then the usual ones), else a plain "Add". "remove X from the cart"
// likewise looks for "Remove from cart", "Remove" or "Delete". The item is a
// scope, as in "click Add to cart for Blue Mug"; nothing is guessed.
func buildMoveItem(prefix string, plain ...string) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
		item, place := names.StripArticle(strings.TrimSpace(m[1])), strings.ToLower(m[2])
		labels := []string{prefix + place}
		for _, p := range []string{"cart", "basket", "bag"} {
			if p != place {
				labels = append(labels, prefix+p)
			}
		}
		labels = append(labels, plain...)
		buttons := names.Roles("button", "link")
		var first error
		for _, name := range labels {
			n, err := names.Resolve(req.Page, name+" for "+item, buttons, "button")
			if err == nil && names.Score(n.Name, name) >= names.ScoreExact {
				return []step.Step{{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n)}}, nil
			}
			var nf *translator.NotFoundError
			if err != nil && !names.AsNotFound(err, &nf) {
				return nil, err // ambiguous: say so rather than try a looser name
			}
			if first == nil {
				first = err
			}
		}
		if first == nil {
			first = &translator.NotFoundError{What: prefix + place + " for " + item, Want: "button"}
		}
		return nil, first
	}
}

// Translate implements Translator.
func (r *Rules) Translate(ctx context.Context, req translator.Request) ([]step.Step, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	action := cleanAction(req.Action)
	if action == "" {
		return nil, fmt.Errorf("%w: the action is empty", translator.ErrUnparsable)
	}
	if rest, name, ok := frameScope(action); ok && rest != action {
		return r.inFrame(ctx, req, rest, name)
	}
	steps, err := r.read(req, action)
	if err != nil {
		// "click the Mute button again": the action as it was, when the
		// sentence read whole ("click Try again") names nothing. Actions
		// only: "the status shows Connected again" is a check of the
		// text it says, never of less.
		if rest, ok := lexicon.CutAgain(action); ok {
			if again, aerr := r.read(req, rest); aerr == nil && !slices.ContainsFunc(again, func(s step.Step) bool { return s.Kind.IsCheck() }) {
				return again, nil
			}
		}
	}
	return steps, err
}

// read reads action, a sentence with no frame named, by the grammar's
// forms in order.
func (r *Rules) read(req translator.Request, action string) ([]step.Step, error) {
	var lastErr error
	for _, p := range grammar {
		m := p.re.FindStringSubmatch(action)
		if m == nil {
			continue
		}
		steps, err := p.build(r, m, req)
		if err == errNoMatch {
			continue
		}
		var stop *stopError
		if errors.As(err, &stop) {
			return nil, stop.err
		}
		if err != nil {
			// A later, looser pattern may still read the sentence (e.g.
			// "press Log in" is a click, not a key); keep the first real error.
			if lastErr == nil {
				lastErr = err
			}
			continue
		}
		for i := range steps {
			steps[i].Action = req.Action
		}
		return steps, nil
	}
	if lastErr != nil {
		return nil, lastErr
	}
	return nil, fmt.Errorf("%w %q: start it with go to, click, double-click, type … into, fill … with, clear, select … from, set … to, check, uncheck, expand, collapse, press, hover, scroll, delete, reload, go back, wait or verify", translator.ErrUnparsable, req.Action)
}

// cleanAction trims filler around an action: "Then click Log in." -> "click Log in".
func cleanAction(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ".!")
	for _, p := range []string{"and then ", "then ", "and ", "please ", "now "} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			s = strings.TrimSpace(s[len(p):])
		}
	}
	return withoutSubject(strings.Join(strings.Fields(s), " "))
}

// subjects are the subjects a feature file's sentence starts with: "I
// click", "we type", "the user clicks", "the user then clicks".
var subjects = regexp.MustCompile(`(?i)^(i|we|the user|a user|user)\s+(?:then\s+|also\s+)?(\S+)(\s|$)`)

// withoutSubject is s without a subject before a verb of
// lexicon.SubjectVerbs, the verb in its plain form ("the user clicks Log
// in": "click Log in"); s as it is otherwise ("I should see Welcome").
func withoutSubject(s string) string {
	m := subjects.FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	verb := strings.ToLower(s[m[4]:m[5]])
	if !strings.EqualFold(s[m[2]:m[3]], "i") && !strings.EqualFold(s[m[2]:m[3]], "we") {
		verb = plainVerb(verb) // "the user clicks"
	}
	if !slices.Contains(lexicon.SubjectVerbs, verb) {
		return s
	}
	return verb + s[m[5]:]
}

// plainVerb is a verb of the third person in its plain form: "clicks"
// "click", "presses" "press", "goes" "go", "double-clicks" "double-click".
func plainVerb(v string) string {
	for _, es := range []string{"sses", "shes", "ches", "xes", "oes"} {
		if strings.HasSuffix(v, es) {
			return v[:len(v)-2]
		}
	}
	return strings.TrimSuffix(v, "s")
}
