package names

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// How an action names an element that has no name of its own, or a name
// people do not say: by its kind and its place ("the checkbox for Buy
// milk", "the delete button next to Buy milk", "the toggle in the Buy milk
// row"), by what a symbol means ("delete" for a button showing ×), by
// "its" (what the previous action acted on), or as "the edit box" (the
// field that has the focus).

// iconWords are what people call controls that show a symbol, with the
// names such controls have.
var iconWords = map[string][]string{
	"delete":   {"×", "✕", "✖", "x", "🗑", "trash", "remove", "delete", "destroy", "bin"},
	"remove":   {"×", "✕", "✖", "x", "🗑", "trash", "remove", "delete", "destroy", "bin"},
	"destroy":  {"×", "✕", "✖", "x", "🗑", "trash", "remove", "delete", "destroy"},
	"close":    {"×", "✕", "✖", "x", "close", "dismiss"},
	"dismiss":  {"×", "✕", "✖", "x", "close", "dismiss"},
	"edit":     {"✎", "✏", "✐", "pencil", "edit"},
	"add":      {"+", "＋", "add", "plus", "new"},
	"next":     {"›", "»", "→", ">", "next"},
	"previous": {"‹", "«", "←", "<", "previous", "prev", "back"},
	"menu":     {"☰", "≡", "⋮", "⋯", "menu", "more"},
	"more":     {"⋮", "⋯", "…", "more"},
	"search":   {"🔍", "⌕", "search"},
}

// kindNoun splits a kind noun off the start or the end of s: "checkbox for
// X" gives ("for X", checkbox roles, true); "Log in button" gives ("Log
// in", button roles, true).
func KindNoun(s string, atStart bool) (rest string, set RoleSet, ok bool) {
	if !atStart {
		rest, k, ok := CutNoun(s, kindNouns)
		return rest, k.Roles, ok
	}
	for _, k := range kindNouns {
		if len(s) >= len(k.Word) && strings.EqualFold(s[:len(k.Word)], k.Word) && (len(s) == len(k.Word) || s[len(k.Word)] == ' ') {
			return strings.TrimSpace(s[len(k.Word):]), k.Roles, true
		}
	}
	return s, nil, false
}

// hiddenError says that the place an action names is on the page but the
// element it names is not shown there: it may show on hover.
type HiddenError struct {
	Place *dom.Node
	err   error // what to say if hovering does not show it
}

func (e *HiddenError) Error() string { return e.err.Error() }
func (e *HiddenError) Unwrap() error { return e.err }

// element finds the one element phrase names for an action on elements of
// the roles in want (nil: any named element); wantName names them in
// errors. Beyond resolve it reads the forms in this file's comment. An
// element that is not shown in the place named gives a *hiddenError.
func Element(req translator.Request, phrase string, want RoleSet, wantName string) (*dom.Node, error) {
	p := StripArticle(Unquote(strings.TrimSpace(phrase)))
	if rest, ok := CutWord(p, "its", "their"); ok && req.Previous != "" {
		p = rest + " for " + req.Previous
	}
	if target, in, ok := inDialog(req.Page, p); ok {
		// "OK in the alert": the dialog must be open, and the element is
		// the dialog's, never the words of the page's instructions.
		if in.err != nil {
			return nil, in.err
		}
		n, err := Resolve(in.node, target, want, wantName)
		return holderOf(n), err
	}
	if found, set, ok := kindAlone(req.Page, phrase, want); ok {
		// "click the switch": the page's switch, not a table cell that
		// says "switch" (without the article, "click Link" is a name);
		// of several, the focused one, or the one whose name is the word.
		if len(found) == 1 {
			return found[0], nil
		}
		if f := focused(req.Page, nil, set); f != nil {
			return f, nil
		}
		if n, err := Resolve(req.Page, p, set, wantName); err == nil {
			return n, nil
		}
		return nil, Ambiguous(req.Page, "the "+p, found)
	}
	n, err := Resolve(req.Page, p, want, wantName)
	if err == nil && req.Note != nil && loosely(n, p) {
		req.Note(fmt.Sprintf("%q is read as %s: every word of it, in order, is in that name and no other", p, Short(n)))
	}
	if err == nil && req.Note != nil && overCovered(req.Page, n) {
		req.Note(fmt.Sprintf("%q is read as the %s on top: another of that name is covered", p, Short(n)))
	}
	var hidden *HiddenError
	if err == nil || req.Page == nil || errors.As(err, &hidden) {
		return holderOf(n), err
	}
	var amb *translator.AmbiguousError
	if errors.As(err, &amb) {
		// Elements of one role and name: the compile asks the page which
		// are covered first (OnTop), as the focused one ("Button" just
		// clicked) may lie under another laid over it since.
		if sameNamed(amb.Nodes) && !coverAsked(amb.Nodes) {
			return nil, err
		}
		// Several elements of that name: the focused one is meant by
		// "the edit box", and a scope may still single one out.
		if f := focused(req.Page, amb, want); f != nil {
			return f, nil
		}
	}
	if amb == nil {
		// "Express shipping": the choice Express of the Shipping group.
		if scoped := groupNamedLast(req.Page, p); scoped != "" {
			if n, gerr := Resolve(req.Page, scoped, want, wantName); gerr == nil {
				return holderOf(n), nil
			}
		}
	}
	if n, kerr := byKind(req, p, want, wantName); n != nil || kerr != nil {
		if kerr != nil && amb != nil {
			return nil, err
		}
		return n, kerr
	}
	return nil, err
}

// groupNamedLast reads "Express shipping" where the page has a group (a
// fieldset, a radio group) named "Shipping" whose choices are named
// "Standard ($4.00)", "Express ($9.00)": the choice named by the first
// words in the group the last words name, said as the rules read it
// ("Express in the Shipping group"). "" when the phrase ends with no
// group's whole name.
func groupNamedLast(page *dom.Node, phrase string) string {
	w := StripArticle(Unquote(phrase))
	if rest, _, ok := KindNoun(w, false); ok && rest != "" {
		w = rest // "the Express shipping option"
	}
	words := strings.Fields(w)
	if page == nil || len(words) < 2 {
		return ""
	}
	for k := 1; k <= 2 && k < len(words); k++ {
		group := strings.Join(words[len(words)-k:], " ")
		found := false
		page.Walk(func(n *dom.Node) bool {
			if (n.Role == "group" || n.Role == "radiogroup") && dom.Normalize(n.Name) == dom.Normalize(group) {
				found = true
			}
			return !found
		})
		if found {
			return strings.Join(words[:len(words)-k], " ") + " in the " + group + " group"
		}
	}
	return ""
}

type dialogScope struct {
	node *dom.Node
	err  error
}

// inDialog splits "OK in the alert", "Save in the dialog" into the
// element's words and the one open dialog; ok is false for a phrase that
// names no dialog as its place.
func inDialog(page *dom.Node, p string) (string, dialogScope, bool) {
	if page == nil {
		return "", dialogScope{}, false
	}
	for _, sw := range []string{" in the ", " inside the ", " within the ", " on the ", " of the "} {
		i := IndexFold(p, sw)
		if i <= 0 {
			continue
		}
		n, ok, err := SoleOfKind(page, p[i+len(sw):], Roles("dialog", "alertdialog"))
		if !ok {
			continue
		}
		return strings.TrimSpace(p[:i]), dialogScope{n, err}, true
	}
	return "", dialogScope{}, false
}

// inSelect reports whether the option n is one of a <select>'s, which the
// snapshot lists under its combo box whether the list is open or not.
func InSelect(n *dom.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Role {
		case "combobox":
			return p.Expanded != "true"
		case "listbox", "group":
			continue
		}
		return false
	}
	return false
}

// holderOf is the element that holds n when n is a bare text (which has
// no ref to act on): "hover over Learn archery" hovers the option that
// reads it.
func holderOf(n *dom.Node) *dom.Node {
	if n == nil || n.Ref != "" || n.Role != "text" {
		return n
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Ref != "" {
			return p
		}
	}
	return n
}

// focused returns the one focused element among the look-alikes of amb
// (when amb is set) or of the roles in want, for "the edit box" when a row
// being edited has the focus; nil otherwise. The page itself having the
// focus (nothing focused) picks nothing.
func focused(page *dom.Node, amb *translator.AmbiguousError, want RoleSet) *dom.Node {
	var found *dom.Node
	count := 0
	among := func(n *dom.Node) bool {
		if amb != nil {
			return slices.Contains(amb.Nodes, n)
		}
		return want != nil && !want[anyRole] && want[n.Role]
	}
	page.Walk(func(n *dom.Node) bool {
		if n.Active && n != page && among(n) {
			found = n
			count++
		}
		return true
	})
	if count == 1 {
		return found
	}
	return nil
}

// focusWords name the element that has the focus: "the edit box", "the
// current field".
var focusWords = map[string]bool{"": true, "edit": true, "editing": true, "current": true, "active": true, "focused": true, "open": true}

// elementScopes split a phrase into what it names and where: "the delete
// button next to Buy milk".
var elementScopes = []string{" for ", " next to ", " beside ", " in the ", " inside ", " within ", " of the ", " on the ", " in ", " of "}

// byKind reads the phrases that say the element's kind: "<words> <kind>"
// ("the Red slider", "the todos heading", "the Treegrids are awesome
// row"), "<kind>" alone ("the edit box": the focused one), and either with
// a place ("the checkbox for Buy milk", "the delete button next to Buy
// milk"): the elements of that kind inside the place, those whose name
// fits the words (or whose symbol means them). (nil, nil) means the phrase
// has no such form.
func byKind(req translator.Request, p string, want RoleSet, wantName string) (*dom.Node, error) {
	var words, scope string
	var set RoleSet
	try := func(h string) bool {
		if rest, kind, whole := KindNoun(h, true); whole && rest == "" { // "checkbox"
			words, set = "", kind
			return true
		}
		if w, kind, suffix := KindNoun(h, false); suffix { // "delete button"
			words, set = w, kind
			return true
		}
		return false
	}
	ok := false
	for _, sw := range elementScopes { // "the toggle in the Buy milk row": a kind, then a place
		if i := IndexFold(p, sw); i > 0 && try(strings.TrimSpace(p[:i])) {
			scope, ok = strings.TrimSpace(p[i+len(sw):]), true
			break
		}
	}
	if !ok {
		ok = try(p)
	}
	if !ok {
		return nil, nil
	}
	set = intersect(want, set)
	if scope != "" {
		return inPlace(req, words, set, scope, wantName)
	}
	if focusWords[strings.ToLower(words)] {
		return focused(req.Page, nil, set), nil
	}
	n, err := Resolve(req.Page, words, set, wantName)
	if err == nil {
		return n, nil
	}
	var nf *translator.NotFoundError
	if AsNotFound(err, &nf) && Overlaps(set, placeKinds) {
		places := placesAround(req.Page, words, set)
		switch len(places) {
		case 1:
			return places[0], nil
		case 0:
		default:
			return nil, Ambiguous(req.Page, words, places)
		}
	}
	return nil, err
}

// overCovered reports whether another element of n's role and name on
// page is covered (dom.Node.Covered): n was taken as the one on top.
func overCovered(page, n *dom.Node) bool {
	found := false
	page.Walk(func(c *dom.Node) bool {
		found = found || c != n && c.Covered && c.Role == n.Role && c.Name == n.Name
		return !found
	})
	return found
}

// coverAsked reports whether the page was asked which of nodes are
// covered (dom.Node.CoverAsked).
func coverAsked(nodes []*dom.Node) bool {
	return !slices.ContainsFunc(nodes, func(n *dom.Node) bool { return !n.CoverAsked })
}

// sameNamed reports whether nodes share one role and name.
func sameNamed(nodes []*dom.Node) bool {
	return !slices.ContainsFunc(nodes, func(n *dom.Node) bool { return n.Role != nodes[0].Role || n.Name != nodes[0].Name })
}
