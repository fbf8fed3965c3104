package grammar

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

// The sentences of what is not a page element: the browser's dialogs
// (alert, confirm, prompt), a file to upload, the browser's tabs, a drag
// from one element to another, and several options of a list box picked
// at once.

// dialogNouns are the words that name a browser dialog.
var dialogNouns = `(?:` + lexicon.Alt(lexicon.DialogKinds) + ` )?` + lexicon.Alt(lexicon.DialogNouns)

// buildDialog reads "accept the dialog", "dismiss the confirm", "click OK
// in the alert" (accept is true) or "click Cancel in the confirm": the
// dialog the previous action opened. A click in a dialog that the page
// draws itself (an ARIA alertdialog) is a click, read by the next forms.
func buildDialog(accept, needOpen bool) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(_ *Rules, m []string, req translator.Request) ([]step.Step, error) {
		if req.Dialog == "" {
			if !needOpen {
				return nil, errNoMatch
			}
			return nil, final(noDialog())
		}
		if accept {
			return []step.Step{{Kind: step.AcceptDialog, Element: req.Dialog}}, nil
		}
		return []step.Step{{Kind: step.DismissDialog, Element: req.Dialog}}, nil
	}
}

// buildPrompt reads "type Drafts into the prompt and click OK": the prompt
// accepted with that text. "… and click Cancel" dismisses it.
func buildPrompt(_ *Rules, m []string, req translator.Request) ([]step.Step, error) {
	if req.Dialog == "" {
		return nil, final(noDialog())
	}
	if !strings.Contains(req.Dialog, `"prompt"`) {
		return nil, final(fmt.Errorf("%q types into a prompt, but the dialog open is a %s", m[0], req.Dialog))
	}
	if c := strings.ToLower(m[2]); c == "cancel" || c == "dismiss" {
		return []step.Step{{Kind: step.DismissDialog, Element: req.Dialog}}, nil
	}
	return []step.Step{{Kind: step.AcceptDialog, Element: req.Dialog, Value: names.Unquote(m[1])}}, nil
}

// noDialog is the error of a sentence that handles a browser dialog when
// none is open. It is a NotFoundError: the compiler waits for a dialog a
// timer opens.
func noDialog() error {
	return &translator.NotFoundError{Want: translator.WantDialog}
}

// buildUpload reads "upload notes.txt into Attachment" (a file field) and
// "upload notes.txt using Choose file" (a button that opens the file
// chooser): the file, named relative to the files folder, set as the
// chooser's file. The compiler checks that the file is there.
func buildUpload(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	file := names.Unquote(m[1])
	if file == "" {
		return nil, errNoMatch
	}
	n, err := names.Element(req, m[2], names.Roles("button", "textbox", "link"), "file field or button")
	if err != nil {
		var nf *translator.NotFoundError
		if !names.AsNotFound(err, &nf) {
			return nil, final(err)
		}
		if n, err = names.Element(req, m[2], nil, "file field or button"); err != nil {
			return nil, final(err)
		}
	}
	return []step.Step{{Kind: step.Upload, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: file, Words: names.Words(m[2], n)}}, nil
}

// tabNewest are the words for the tab opened last; tabFirst the words
// beside "first" for the tab the test began in.
var (
	tabNewest = []string{"new", "newly opened", "other", "last", "latest", "newest", "pop-?up"}
	tabFirst  = []string{"original", "main"}
)

// tabPlaces are the words for a browser tab's place in "switch to the …
// tab", a group's alternatives: tabNewest, the first lexicon.TabPlaces
// ordinals, tabFirst, and a place in digits.
var tabPlaces = strings.Join(tabNewest, "|") + "|" + strings.Join(lexicon.Ordinals[:lexicon.TabPlaces], "|") + "|" + strings.Join(tabFirst, "|") + "|" + lexicon.NumberedPlace

// tabOrdinals are the words of tabPlaces with the tab each means: its
// place counted from 1, or step.TabNew.
var tabOrdinals = func() map[string]string {
	m := map[string]string{}
	for i, w := range lexicon.Ordinals[:lexicon.TabPlaces] {
		m[w] = strconv.Itoa(i + 1)
	}
	for _, w := range tabFirst {
		m[w] = "1"
	}
	for _, e := range tabNewest {
		for _, w := range lexicon.Words(e) {
			m[w] = step.TabNew
		}
	}
	return m
}()

var ordinalRe = regexp.MustCompile(`^(\d+)(?:st|nd|rd|th)?$`)

// buildSwitchTab reads "switch to the new tab", "switch to tab 2", "go back
// to the first tab": the browser tab, counted from 1 in the order they
// opened. A tab of the page (an ARIA tab) by that name is not this.
func buildSwitchTab(_ *Rules, m []string, req translator.Request) ([]step.Step, error) {
	which := strings.ToLower(strings.TrimSpace(m[1] + m[2]))
	v, ok := tabOrdinals[which]
	if !ok {
		sm := ordinalRe.FindStringSubmatch(which)
		if sm == nil {
			return nil, errNoMatch
		}
		if n, err := strconv.Atoi(sm[1]); err != nil || n < 1 {
			return nil, final(fmt.Errorf("%q: tabs are counted from 1", m[0]))
		}
		v = sm[1]
	}
	if req.Page != nil && m[1] != "" {
		// "switch to the first tab" on a page with a tab list: the page's tab
		// named so wins; its ordinal reading is the tab list's (buildTab).
		for _, c := range names.Candidates(req.Page, names.Roles("tab")) {
			if names.Score(c.Name, m[1]) >= names.ScoreMatch {
				return nil, errNoMatch
			}
		}
	}
	return []step.Step{{Kind: step.SwitchTab, Value: v}}, nil
}

// buildDrag reads "drag Task A to Done": the element dragged onto the
// other. "drag the slider to 30" is a slider's value (buildSet).
func buildDrag(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	if _, err := names.Element(req, m[1], names.Roles("slider", "spinbutton"), "slider"); err == nil {
		return nil, errNoMatch
	}
	from, err := names.Element(req, m[1], nil, "element to drag")
	if err != nil {
		return hoverOr(req, err)
	}
	to, err := names.Element(req, m[2], nil, "element to drop on")
	if err != nil {
		return nil, final(err)
	}
	if from == to {
		return nil, final(fmt.Errorf("%q drags %s onto itself", m[0], names.Describe(req.Page, from)))
	}
	return []step.Step{{Kind: step.Drag, Role: from.Role, Ref: from.Ref, Element: names.Describe(req.Page, from), Words: names.Words(m[1], from),
		Drop: &step.Step{Role: to.Role, Ref: to.Ref, Element: names.Describe(req.Page, to), Words: names.Words(m[2], to)}}}, nil
}

var listSplit = regexp.MustCompile(`(?i)\s*,\s*(?:and\s+)?|\s+and\s+`)

// buildMultiSelect reads "select Cheese and Olives in Toppings": several
// options of one list box (a <select multiple>, or an ARIA list box that
// takes several). An option whose own name holds "and" ("Salt and
// pepper") is read as one option, by buildSelect.
func buildMultiSelect(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	list, err := names.Element(req, m[2], names.Roles("listbox"), "list box")
	if err != nil {
		return nil, errNoMatch
	}
	whole := names.Unquote(m[1])
	if o, err := names.OptionIn(req.Page, list, whole); err == nil && names.Score(o.Name, whole) >= names.ScoreExact {
		return nil, errNoMatch
	}
	var pieces []string
	for _, v := range listSplit.Split(whole, -1) {
		if v = names.Unquote(v); v != "" {
			pieces = append(pieces, v)
		}
	}
	var values []string
	seen := map[*dom.Node]bool{}
	for i := 0; i < len(pieces); i++ {
		v := pieces[i]
		// "Salt and pepper": pieces an "and" split that name one option.
		for j := len(pieces); j > i+1; j-- {
			joined := strings.Join(pieces[i:j], " and ")
			if o, err := names.OptionIn(req.Page, list, joined); err == nil && names.Score(o.Name, joined) >= names.ScoreExact {
				v, i = joined, j-1
				break
			}
		}
		o, err := names.OptionIn(req.Page, list, v)
		if err != nil {
			return nil, final(err)
		}
		if seen[o] {
			return nil, final(fmt.Errorf("%q names %s twice", m[0], names.Describe(req.Page, o)))
		}
		seen[o] = true
		values = append(values, o.Name)
	}
	if len(values) < 2 {
		return nil, errNoMatch
	}
	return []step.Step{{Kind: step.Select, Role: list.Role, Ref: list.Ref, Element: names.Describe(req.Page, list), Values: values, Words: names.Words(m[2], list)}}, nil
}
