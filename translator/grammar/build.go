package grammar

// The steps of the grammar's action forms (rules.go): wait, press, type,
// set, select, tick, hover, click, navigate.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

func buildWaitTime(_ *Rules, m []string, _ translator.Request) ([]step.Step, error) {
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return nil, errNoMatch
	}
	if strings.HasPrefix(strings.ToLower(m[2]), "m") {
		n /= 1000
	}
	return []step.Step{{Kind: step.Wait, Value: strconv.FormatFloat(n, 'f', -1, 64)}}, nil
}

var keyNames = map[string]string{
	"enter": "Enter", "return": "Enter", "tab": "Tab", "escape": "Escape", "esc": "Escape",
	"space": "Space", "spacebar": "Space", "backspace": "Backspace", "delete": "Delete", "del": "Delete",
	"arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
	"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
	"home": "Home", "end": "End", "pageup": "PageUp", "pagedown": "PageDown", "insert": "Insert",
	"rightarrow": "ArrowRight", "leftarrow": "ArrowLeft", "uparrow": "ArrowUp", "downarrow": "ArrowDown",
	"pgup": "PageUp", "pgdn": "PageDown", "pgdown": "PageDown",
	"ctrl": "Control", "control": "Control", "shift": "Shift", "alt": "Alt", "meta": "Meta", "cmd": "Meta",
}

// keyName maps "enter", "ctrl+a" or "F5" to Playwright key names, or "".
func KeyName(s string) string {
	parts := strings.Split(s, "+")
	for i, p := range parts {
		// "Page Down", "right arrow", "arrow-up": one key.
		l := strings.NewReplacer(" ", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(p)))
		switch {
		case keyNames[l] != "":
			parts[i] = keyNames[l]
		case len(l) == 1 && i == len(parts)-1 && len(parts) > 1:
			parts[i] = strings.ToUpper(l)
		case len(l) >= 2 && len(l) <= 3 && l[0] == 'f' && l[1] >= '1' && l[1] <= '9':
			parts[i] = strings.ToUpper(l)
		default:
			return ""
		}
	}
	return strings.Join(parts, "+")
}

func buildPress(_ *Rules, m []string, _ translator.Request) ([]step.Step, error) {
	k := KeyName(m[1])
	if k == "" {
		return nil, errNoMatch // "press Log in": a click
	}
	return []step.Step{{Kind: step.Press, Value: k}}, nil
}

func buildType(valueGroup, targetGroup int) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
		value := names.Unquote(m[valueGroup])
		n, err := names.Element(req, m[targetGroup], names.FieldRoles, "text field")
		if err != nil {
			return hoverOr(req, err)
		}
		return []step.Step{{Kind: step.Type, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: value, Words: names.Words(m[targetGroup], n)}}, nil
	}
}

// hoverOr answers an element that could not be found: the hover that may
// show it, else the error, which ends the reading.
func hoverOr(req translator.Request, err error) ([]step.Step, error) {
	steps, err := hoverFirst(req, err)
	return steps, final(err)
}

// buildSet reads "set Country to Japan" (a select or combo box), "set the
// Temperature slider to 25" (a slider or spin button) and "set Email to
// x@y" (a text field).
func buildSet(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	value := names.Unquote(m[2])
	if n, err := names.Element(req, m[1], names.Roles("slider", "spinbutton"), "slider"); err == nil {
		return []step.Step{{Kind: step.SetValue, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: value}}, nil
	}
	if n, err := names.Element(req, m[1], names.SelectRoles, "select"); err == nil {
		return Pick(req, n, value)
	}
	steps, err := buildType(2, 1)(r, m, req)
	if nf := (*translator.NotFoundError)(nil); err != nil && names.AsNotFound(err, &nf) && nf.Want == "text field" && nf.What != "" {
		// It looked for a slider, a spin button and a select too: the
		// error says so, and lists the closest of them all.
		return nil, final(names.NotFound(req.Page, nf.What, names.Candidates(req.Page, setRoles), "slider, spin button, select or text field"))
	}
	return steps, err
}

// setRoles are what "set X to V" may set.
var setRoles = names.Roles(append([]string{"slider", "spinbutton", "combobox", "listbox"}, dom.TextFieldRoles()...)...)

// buildSelect reads "select X from Y": an option of a select, combo box or
// list box, a radio button in a group, or an item of a menu Y (which it
// opens first).
func buildSelect(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	value := names.Unquote(m[1])
	n, err := names.Element(req, m[2], names.SelectRoles, "select")
	if err == nil {
		return Pick(req, n, value)
	}
	// "select Express from Shipping": a radio button inside the named group.
	if radio, rerr := names.Resolve(req.Page, m[1]+" in "+m[2], names.RadioRoles, "radio button"); rerr == nil {
		return []step.Step{{Kind: step.Click, Role: radio.Role, Ref: radio.Ref, Element: names.Describe(req.Page, radio)}}, nil
	}
	// "pick Delete from the Actions menu": the item if the menu is open,
	// else the button that opens it, then the item.
	if item, ierr := names.Resolve(req.Page, m[1], names.Roles("menuitem", "menuitemcheckbox", "menuitemradio", "option", "treeitem", "gridcell"), "menu item"); ierr == nil {
		return []step.Step{{Kind: step.Click, Role: item.Role, Ref: item.Ref, Element: names.Describe(req.Page, item)}}, nil
	}
	if opener, oerr := names.Element(req, m[2], names.Roles("button", "menuitem", "combobox", "link"), "menu button"); oerr == nil && !req.Continued {
		return []step.Step{
			{Kind: step.Click, Role: opener.Role, Ref: opener.Ref, Element: names.Describe(req.Page, opener), Words: names.Words(m[2], opener)},
			{Kind: step.Then, Value: "click " + quote(value)},
		}, nil
	}
	return nil, final(err)
}

// quote puts s in double quotes for a continued action.
func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, "") + `"` }

// buildCheck reads "check X" and "uncheck X" as setting a checkbox, switch
// or radio. When X names none, that is the error, naming the ones on the
// page: never a check that X is shown ("check that X" is one). The step
// sets the state whatever the box's state is (commandgen's setChecked): a
// box already as asked stays so, at compile and at replay.
func buildCheck(kind step.Kind) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
		phrase := boxLabel(m[1])
		n, err := names.Element(req, phrase, names.CheckRoles, "checkbox")
		if err != nil {
			return hoverOr(req, err)
		}
		if kind == step.Uncheck && names.RadioRoles[n.Role] {
			return nil, final(fmt.Errorf("%s cannot be unchecked: a radio button is cleared by choosing another of its group", names.Describe(req.Page, n)))
		}
		return []step.Step{{Kind: kind, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(phrase, n)}}, nil
	}
}

// buildToggle reads "toggle X": a click on the checkbox, switch or toggle
// button X, whatever its state.
func buildToggle(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, err := names.Element(req, m[1], names.Roles("checkbox", "switch", "button", "menuitemcheckbox"), "switch or checkbox")
	if err != nil {
		return hoverOr(req, err)
	}
	return []step.Step{{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// buildScroll reads "scroll to the Contact heading", "scroll down until
// Item 21 is visible", "bring the footer into view": the element scrolled
// into view, as a person scrolls until they see it.
func buildScroll(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, err := names.Element(req, m[1], nil, "element")
	if err != nil {
		return nil, final(err)
	}
	return []step.Step{{Kind: step.Scroll, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// buildScrollPage reads "scroll down", "scroll up a screen", "scroll to the
// bottom of the page": the page scrolled with no element in mind, a screen
// at a time or to its end or start.
func buildScrollPage(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	where := map[string]string{"end": "bottom", "start": "top"}[strings.ToLower(m[1])]
	if where == "" {
		where = strings.ToLower(m[1])
	}
	return []step.Step{{Kind: step.ScrollPage, Value: where}}, nil
}

// buildScrollBox reads "scroll down in the Messages list", "scroll the
// Results panel to the bottom": a box of the page scrolled, not the
// window, a screen at a time or to its end or start (the box that
// scrolls: the element named, else one in it, else one around it). "the
// page" or "the window" named so is the page's own scroll.
func buildScrollBox(box, where int) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
		if t := reScrollTo.FindStringSubmatch(m[0]); t != nil {
			// "scroll to the End of feed marker": an element named so
			// whole, not the end of a box named "feed marker".
			if n, err := names.Element(req, t[1], nil, "element"); err == nil && names.Score(names.Label(n), names.StripArticle(t[1])) >= names.ScoreExact {
				return nil, errNoMatch
			}
		}
		page, err := buildScrollPage(r, []string{m[0], m[where]}, req)
		if err != nil || reWindow.MatchString(m[box]) {
			return page, err
		}
		n, err := names.Element(req, m[box], nil, "scrolling box")
		if err != nil {
			return nil, final(err)
		}
		page[0].Role, page[0].Ref, page[0].Element, page[0].Words = n.Role, n.Ref, names.Describe(req.Page, n), names.Words(m[box], n)
		return page, nil
	}
}

// reScrollTo is "scroll to X": X may be an element's whole name that
// reads as the end of a box ("the End of feed marker").
var reScrollTo = regexp.MustCompile(`(?i)^scroll (?:all the way )?(?:down |up |back )?to (.+)$`)

// reWindow is a box's name that is the page's own scroll.
var reWindow = regexp.MustCompile(`(?i)^(?:the )?(?:whole )?(?:page|window|screen)$`)

func buildHover(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, err := names.Element(req, m[1], nil, "element")
	if err != nil {
		return nil, final(err)
	}
	return []step.Step{{Kind: step.Hover, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// clickable finds what a click names: a control, else anything named
// ("click Blue Mug"), else the hover that may show it.
func (r *Rules) clickable(req translator.Request, phrase string) (*dom.Node, []step.Step, error) {
	n, err := names.Element(req, phrase, names.ClickRoles, "button or link")
	if err == nil && !(n.Role == "option" && names.InSelect(n)) {
		return n, nil, nil
	}
	if err == nil {
		// A <select>'s options are listed in the snapshot, open or not: a
		// click means something else of that name, or nothing.
		err = names.NotFound(req.Page, phrase, names.Candidates(req.Page, names.ClickRoles), "button or link")
	}
	var nf *translator.NotFoundError
	if !names.AsNotFound(err, &nf) {
		steps, err := hoverOr(req, err)
		return nil, steps, err
	}
	if n2, err2 := names.Element(req, phrase, nil, "element"); err2 == nil && actsAsControl(n2, phrase) {
		return n2, nil, nil
	}
	steps, err := hoverOr(req, err)
	return nil, steps, err
}

// staticRoles are text a person reads: a click means one only when the
// sentence names its whole text ("click Draft" on a status that says
// Draft), never when its words merely hold the phrase (a paragraph of
// instructions that says "Press Confirm" is not the Confirm button).
var staticRoles = names.Roles("paragraph", "text", "blockquote", "caption", "note", "code", "term", "definition",
	"status", "alert", "log", "tooltip", "strong", "emphasis", "figure", "contentinfo", "banner", "main", "region", "document")

// actsAsControl reports whether n, named by phrase but of no control's
// role, may take a click all the same: an element that shows a pointer, or
// whose whole name the phrase is (a to-do's label, a card's heading, a
// status or paragraph whose whole text it is), and never static text that
// merely contains the words.
func actsAsControl(n *dom.Node, phrase string) bool {
	if n.Role == "option" && names.InSelect(n) {
		return false
	}
	if n.Cursor == "pointer" {
		return true
	}
	words := names.StripArticle(names.Unquote(strings.TrimSpace(phrase)))
	for _, sw := range names.ScopeWords { // "San Dimas, CA in the Tito's Tacos article": the words before the place
		if i := names.IndexFold(words, sw); i > 0 {
			words = strings.TrimSpace(words[:i])
		}
	}
	if w, kind, ok := names.KindNoun(words, false); ok && kind[n.Role] && !staticRoles[n.Role] {
		return true // "the todos heading": the sentence names its kind
	} else if ok {
		words = w // "the Draft status": static text still by its whole text
	}
	return names.Score(names.Label(n), words) >= names.ScoreExact
}

// buildSubmit reads "submit the form", "submit the Sign up form": the
// compiler finds that form's submit button in the page and clicks it.
func buildSubmit(_ *Rules, m []string, _ translator.Request) ([]step.Step, error) {
	return []step.Step{{Kind: step.Submit, Value: strings.TrimSpace(m[1])}}, nil
}

func buildClick(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, steps, err := r.clickable(req, m[1])
	if n == nil {
		return steps, err
	}
	return []step.Step{{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// maxClicks bounds "click X N times": a count past it is more likely a
// mistake than a test.
const maxClicks = 10

// buildClickTimes reads "click Next twice", "click Add three times", "tap
// Like 2 times": that many clicks on the one element, each a step of its
// own (two clicks, not a double-click, which "double-click" says). A
// control whose name holds the whole phrase ("click Retry 3 times" for
// that button) is the plain click's.
func buildClickTimes(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, said := lexicon.RepeatCounts[strings.ToLower(m[2])]
	if !said {
		w := strings.ToLower(m[3])
		if v, ok := lexicon.Numbers[w]; ok && v > 0 {
			n = v
		} else if v, err := strconv.Atoi(w); err == nil {
			n = v
		} else {
			return nil, errNoMatch // "click Show 10 more times" is a name
		}
	}
	if _, err := names.Element(req, m[1]+" "+m[2], names.ClickRoles, "button or link"); err == nil {
		return nil, errNoMatch // the button "Retry 3 times", or "Retry 3 times now"
	}
	if n < 1 || n > maxClicks {
		return nil, final(fmt.Errorf("click %s %s: a click is repeated 1 to %d times", m[1], m[2], maxClicks))
	}
	steps, err := buildClick(r, []string{m[0], m[1]}, req)
	if err != nil || len(steps) != 1 || steps[0].Kind != step.Click {
		return steps, err // a hover first, or a refusal: as "click X" says
	}
	out := make([]step.Step, n)
	for i := range out {
		out[i] = steps[0]
	}
	return out, nil
}

// buildNavigate reads "go to the login page", "open /cart", "visit https://…".
func buildNavigate(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	target := names.Unquote(m[1])
	lower := strings.ToLower(target)
	switch {
	case strings.Contains(lower, "://"):
		return []step.Step{{Kind: step.Navigate, Value: target}}, nil
	case strings.HasPrefix(target, "/"):
		return []step.Step{{Kind: step.Navigate, Value: target}}, nil
	}
	name := strings.TrimPrefix(lower, "the ")
	for _, suffix := range []string{" page", " screen", " tab", " section", " view"} {
		name = strings.TrimSuffix(name, suffix)
	}
	switch name {
	case "home", "homepage", "start", "front", "main", "index", "landing":
		return []step.Step{{Kind: step.Navigate, Value: "/"}}, nil
	}
	if req.Page == nil {
		return nil, &translator.NotFoundError{What: target, Want: "link"}
	}
	// Several links to the same place ("Log in" in the header and in the
	// text) are one destination, not an ambiguity.
	if best, top := names.Rank(names.Candidates(req.Page, names.LinkRoles), name); top >= names.ScoreMatch && sameURL(best) {
		return []step.Step{{Kind: step.Navigate, Value: best[0].URL, Element: names.Describe(req.Page, best[0])}}, nil
	}
	n, err := names.Resolve(req.Page, name, names.LinkRoles, "link")
	if err != nil {
		return nil, err
	}
	if n.URL == "" {
		return []step.Step{{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n)}}, nil
	}
	return []step.Step{{Kind: step.Navigate, Value: n.URL, Element: names.Describe(req.Page, n)}}, nil
}

func sameURL(nodes []*dom.Node) bool {
	if len(nodes) == 0 || nodes[0].URL == "" {
		return false
	}
	for _, n := range nodes[1:] {
		if n.URL != nodes[0].URL {
			return false
		}
	}
	return true
}
