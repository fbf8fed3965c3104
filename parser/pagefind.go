package parser

// Elements a person names as they see them, which the accessibility
// snapshot lists under another name or not at all.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser/pagefind"
	"github.com/plaintest/plaintest/step"
)

// foundRefPrefix starts the refs of the nodes pageFinds adds to the page:
// no server's snapshot writes refs so.
const foundRefPrefix = "pf"

// pageFinds adds to r.page, as nodes the translator can name, the
// elements a person would name that the snapshot does not list so: an
// element clicked through script with no role (an <a> with no href, as a
// link; another element with an onclick handler, as a button), by its
// text; a text field by its placeholder, when its accessible name is
// another (an aria-label) or the server's snapshot omits placeholders; an
// email field as a text field named "email" and a search field as a
// search box named "search", so that "the email box" finds the only one,
// and every field of a kind dom.FieldKinds names so (a password field
// "password", found as "the PIN box" too; a contenteditable element, a
// text box named by its label, else "editable region"); a button or link
// whose only content is an icon-font glyph by its icon's name (dom.Icons:
// "delete" for fa-trash), noted as a warning when a step acts on it.
// Each node's locator (getByText, getByPlaceholder, the field's type) is
// kept in r.found once the page confirms it finds that element alone;
// one it does not confirm is kept empty, so that a name it shares is
// refused as ambiguous and an action on it fails saying why. It reports
// whether it added any. Only a broken session is an error: a server
// with no browser_evaluate finds nothing more. A page it has added to
// already is left as it is (a first miss that is also the last try reads
// it once: each element is listed once, not twice).
func (r *run) pageFinds(ctx context.Context) (bool, error) {
	if r.page != nil && r.foundOn == r.page {
		return r.foundAdded, nil
	}
	out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": pagefind.Fn}})
	if errors.Is(err, mcpclient.ErrRejected) {
		return false, nil // a server with no browser_evaluate: nothing more is found
	}
	if err != nil {
		return false, err
	}
	if out.IsError || r.page == nil {
		return false, nil
	}
	found, err := pagefind.Parse(out.Value)
	if err != nil {
		r.c.opts.Logger.Debug("the page's answer for elements by their text is not understood", "err", err)
		return false, nil
	}
	if r.found == nil {
		r.found = map[string]foundElement{}
	}
	for _, f := range found {
		node := f.Node()
		if node == nil {
			continue
		}
		node.Ref = fmt.Sprintf("%s%d", foundRefPrefix, len(r.found)+1)
		fe := foundElement{script: f.Kind == "script", note: f.Note(node)}
		loc := f.Locator()
		if got, ok := r.probe(ctx, loc.Selector(), commandgen.ElementPathFn); ok && got == f.Path {
			fe.target = loc.Selector()
		}
		r.found[node.Ref] = fe
		parent := r.page
		if _, field := dom.FieldKindOf(f.Kind); f.Hint != "" && field {
			// A group says which field it is, when the kind alone is
			// refused as ambiguous: textbox "email" in group "field name=work".
			parent = &dom.Node{Role: "group", Name: "field " + f.Hint, Parent: r.page}
			r.page.Children = append(r.page.Children, parent)
		}
		node.Parent = parent
		parent.Children = append(parent.Children, node)
	}
	r.foundOn, r.foundAdded = r.page, len(found) > 0
	return len(found) > 0, nil
}

// refless gives a ref to each control of page that the snapshot lists
// with no ref, named, whose role and exact name no other element of the
// page has: a box Playwright's snapshot gives no ref because it takes no
// pointer events (a design system's checkbox, drawn by a glyph over it,
// in a shadow root). Its locator is that role and name, which pierces
// shadow roots; an action on it that times out goes through its label
// (labelTarget). A control whose role and name another shares keeps no
// ref, and a step on it fails saying so (missingRef). Options are left
// as they are: a closed select's have no ref, and are picked through it.
func (r *run) refless(page *dom.Node) {
	page.Walk(func(n *dom.Node) bool {
		if n.Ref != "" || n.Name == "" || !n.Interactive() || n.Role == "option" {
			return true
		}
		loc := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: n.Role, Name: n.Name, Exact: true}}}
		if locator.Count(page, loc) != 1 {
			return true
		}
		if r.found == nil {
			r.found = map[string]foundElement{}
		}
		n.Ref = fmt.Sprintf("%s%d", foundRefPrefix, len(r.found)+1)
		r.found[n.Ref] = foundElement{target: loc.Selector()}
		return true
	})
}

// foundElement is what pageFinds keeps of a node it added.
type foundElement struct {
	target string // its confirmed locator, "" when none finds it alone
	script bool   // an element with no role, clicked through script
	note   string // what a step on it warns of (pagefind.Found.Note)
}

// foundTarget is the confirmed locator of a node pageFinds added; ok is
// false for a node of the snapshot.
func (r *run) foundTarget(node *dom.Node) (target string, ok bool, err error) {
	fe, ok := r.found[node.Ref]
	if !ok {
		return "", false, nil
	}
	if fe.target == "" {
		return "", true, fmt.Errorf("%s %q is on the page, but no locator finds it alone (another element has the same %s)", node.Role, node.Name, map[bool]string{true: "placeholder", false: "text"}[node.Placeholder != ""])
	}
	return fe.target, true, nil
}

// foundElementText is the description of a step on node when pageFinds
// added it as an element with no role, clicked through script: text
// "Details", which replay's identity check passes over (the page gives
// the element no role to hold it to; its locator holds it to its whole
// text); as an icon's button or link, its role alone (the name is the
// icon's, not the page's; replay holds it to its role); as a
// contenteditable element, generic and its label, as the page's
// accessibility tree has it (its locator holds it to its label); else
// s's own.
func (r *run) foundElementText(node *dom.Node, s step.Step) string {
	fe, ok := r.found[node.Ref]
	switch {
	case ok && fe.script:
		return "text " + strconv.Quote(node.Name)
	case ok && strings.HasPrefix(node.Kind, dom.IconKindPrefix):
		return node.Role
	case ok && node.Kind == "contenteditable" && node.Name != "editable region":
		return "generic " + strconv.Quote(node.Name)
	case ok && node.Kind == "contenteditable":
		return "generic"
	}
	return s.Element
}

// missingRef is the message for a step whose element has no ref in the
// snapshot the translator read: what was looked for, and why it cannot be
// acted on.
func missingRef(s step.Step, ref string) string {
	what := s.Element
	if what == "" {
		what = "the element"
	}
	if ref == "" {
		return fmt.Sprintf("%s was found in the page's snapshot without a ref: the browser server lists it as text, not as an element that can be acted on or checked", what)
	}
	return fmt.Sprintf("%s was named by ref %s, which is not in the page's latest snapshot (the page changed while the step was read)", what, ref)
}
