package commandgen

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// Page is the browser a step's target is chosen in while compiling: the
// questions Targets asks of it, none of them kept as a step of the test.
type Page interface {
	// Evaluate runs fn, a JavaScript function of an element, on the
	// element target finds (a ref or a selector) and returns its value,
	// or failed when the page answered with an error. err is a broken
	// session.
	Evaluate(ctx context.Context, target, fn string) (value string, failed bool, err error)
	// GenerateLocator is Playwright's locator code for the element at
	// ref (browser_generate_locator), "" when the server gives none. err
	// is a broken session.
	GenerateLocator(ctx context.Context, ref string) (code string, err error)
	// Found is the target the compile confirmed already for node, an
	// element it found in the page itself rather than in the snapshot: ok
	// is false for a node of the snapshot, err says why no locator finds
	// it alone.
	Found(node *dom.Node) (target string, ok bool, err error)
}

// Targets chooses the stable target a step records for the element it
// acts on: a Playwright selector that finds that element alone on the
// page's next build, never a snapshot ref.
type Targets struct {
	Page   Page
	Tree   *dom.Node    // the page's latest snapshot, as the translator read it
	Logger *slog.Logger // told of a page's answer not understood; nil discards
}

// Stable finds a selector for node that is not a ref (docTarget); an
// element of a frame gets it inside its frame, the frame by its title or
// other attribute (locator.Reframe), a frame's document (a check of its
// text) its body. "" means none worked; the caller falls back to the ref
// and the code it ran (Reported).
func (tg Targets) Stable(ctx context.Context, node *dom.Node, s step.Step) (string, error) {
	if f := dom.FrameOf(node); f != nil && node.Parent == f {
		// A frame's document, whose text a check reads: its body.
		loc := locator.FramePath(tg.Tree, node)
		loc.Parts = append(loc.Parts, locator.LocatorPart{Kind: locator.PartCSS, Text: "body"})
		return loc.Selector(), nil
	}
	t, err := tg.docTarget(ctx, node, s)
	if err != nil || t == "" || dom.FrameOf(node) == nil {
		return t, err
	}
	// An element of a frame: its frame by the frame's title (locator.Reframe),
	// not by its place as Playwright's generator writes it.
	loc, err := locator.ParseSelector(t)
	if err != nil {
		return t, nil
	}
	if loc, err = locator.Reframe(tg.Tree, loc, node); err != nil {
		return "", nil
	}
	return loc.Selector(), nil
}

// Reported is the stable selector of the locator Playwright reports in
// the code a call on node's ref ran (code, as @playwright/mcp prints it):
// an element of a frame inside its frame (locator.Reframe), made steady
// on the page (steady). node nil (not in the snapshot) leaves the
// locator as reported. An error is code with no locator this package
// reads.
func (tg Targets) Reported(ctx context.Context, code string, node *dom.Node) (string, error) {
	loc, err := locator.ParseLocatorCode(code)
	if err != nil {
		return "", err
	}
	if node != nil {
		if fl, err := locator.Reframe(tg.Tree, loc, node); err == nil {
			loc = fl
		}
		loc = tg.steady(ctx, loc, node)
	}
	return loc.Selector(), nil
}

// docOf is the root of the document n is in: its frame, else page.
func docOf(page, n *dom.Node) *dom.Node {
	if f := dom.FrameOf(n); f != nil {
		return f
	}
	return page
}

// probe asks the element at target a question (fn, a JavaScript function
// of the element): its answer, a JSON value's text as Go prints it; ok
// false when the call failed.
func (tg Targets) probe(ctx context.Context, target, fn string) (string, bool) {
	v, failed, err := tg.Page.Evaluate(ctx, target, fn)
	if err != nil || failed {
		return "", false
	}
	return Answer(v), true
}

// Answer is a browser_evaluate value (v, the JSON text of what the
// function returned) as Go prints the JSON value: a string without its
// quotes; v trimmed when it is no JSON.
func Answer(v string) string {
	var x any
	if json.Unmarshal([]byte(strings.TrimSpace(v)), &x) != nil {
		return strings.TrimSpace(v)
	}
	return fmt.Sprint(x)
}

// docTarget finds a selector for node that is not a ref (Stable, an
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
func (tg Targets) docTarget(ctx context.Context, node *dom.Node, s step.Step) (string, error) {
	if t, ok, err := tg.Page.Found(node); ok {
		return t, err
	}
	if Transient(node, s) {
		// A status or alert named by what it shows ("Loading") while its
		// check waits for other text: neither its name nor its text
		// would find it then; its place among its kind does. A value to
		// remember, named by itself, likewise: its id or test id first.
		if s.Kind == step.Remember {
			if h, err := tg.attrTarget(ctx, node); err != nil || len(h.Parts) > 0 {
				return h.Selector(), err
			}
			if t, ok := tg.cellInRow(ctx, node, s); ok {
				return t, nil
			}
		}
		return byPlace(docOf(tg.Tree, node), node).Selector(), nil
	}
	loc, err := tg.treeTarget(ctx, node, s)
	if err != nil {
		return "", err
	}
	if len(loc.Parts) == 0 || loc.Positional() || textCheck(s) && byText(loc) {
		// A check of an element's text that finds it by that same text
		// fails on a wrong value as "not on the page": its id or test id,
		// when it has one, lets the check say what it found.
		h, err := tg.attrTarget(ctx, node)
		if err != nil {
			return "", err
		}
		if len(h.Parts) > 0 {
			return h.Selector(), nil
		}
	}
	return loc.Selector(), nil
}

// treeTarget is Stable's locator from the accessibility tree and
// Playwright's generator; none has no parts.
func (tg Targets) treeTarget(ctx context.Context, node *dom.Node, s step.Step) (locator.Locator, error) {
	if loc, ok := tg.byWords(node, s.Words); ok {
		return loc, nil
	}
	if s.Kind == step.AssertText && node.Role != "generic" && node.Role != "text" && node.Name != "" && dom.Normalize(node.Name) == dom.Normalize(s.Value) {
		// A check of the text an element is named by: that whole name,
		// which a shorter one Playwright may write ("Invoice" for
		// "Invoice 42") does not single out on the next page.
		loc := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: node.Role, Name: node.Name, Exact: true}}}
		if locator.Count(tg.Tree, loc) == 1 {
			return loc, nil
		}
	}
	if node.Name == "" && landmarkRoles[node.Role] {
		// The page's one header, footer or other landmark, unnamed: by
		// its role. Playwright writes its text ("Home Sign out"), which
		// changes as the page does (the check in it waits for that).
		loc := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: node.Role}}}
		if locator.Count(docOf(tg.Tree, node), loc) == 1 {
			return loc, nil
		}
	}
	if (s.Kind == step.AssertCount || s.Kind == step.AssertOrder) && node.Name == "" {
		// An unnamed list is known by its place among the lists: a
		// locator from its items' text would break as they change.
		return byPlace(docOf(tg.Tree, node), node), nil
	}
	code, err := tg.Page.GenerateLocator(ctx, node.Ref)
	if err != nil {
		return locator.Locator{}, err
	}
	if code != "" {
		if loc, err := locator.ParseLocatorCode("await page." + strings.TrimSpace(code) + ".click();"); err == nil {
			if loc.Positional() || tg.glued(loc) {
				// Playwright fell back to a position ("the second Delete
				// button"), which another row's removal would shift, or
				// to a container's glued text: a locator scoped by the
				// container's own name or text is stabler.
				// Only one the page confirms: a text locator that
				// finds no visible element (an edit box's value
				// is no text) is worse than the position.
				if syn, err := locator.Synthesize(tg.Tree, node); err == nil && !syn.Positional() {
					if st, ok := tg.confirmed(ctx, syn, node); ok {
						return st, nil
					}
				}
			}
			if k, ok := tg.byKey(ctx, node, s, loc); ok {
				return k, nil
			}
			return tg.steady(ctx, loc, node), nil
		}
	}
	if loc, err := locator.Synthesize(tg.Tree, node); err == nil {
		if k, ok := tg.byKey(ctx, node, s, loc); ok {
			return k, nil
		}
		return tg.steady(ctx, loc, node), nil
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
func (tg Targets) byKey(ctx context.Context, node *dom.Node, s step.Step, loc locator.Locator) (locator.Locator, bool) {
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
	if v, ok := tg.probe(ctx, by.Selector(), "(el) => true"); !ok || v != "true" {
		return locator.Locator{}, false
	}
	return by, true
}

// landmarkRoles are the parts of a page a person names by their kind
// alone ("the header", "the footer"): treeTarget finds the one of its
// role by that role.
var landmarkRoles = map[string]bool{"banner": true, "contentinfo": true, "main": true, "navigation": true, "complementary": true, "search": true}

// keyedRoles are the items byKey names by their key.
var keyedRoles = map[string]bool{"row": true}

// reKeyName reads the role and name a description starts with
// (`row "db-2" in table "Servers"`).
var reKeyName = regexp.MustCompile(`^([a-z]+) "((?:[^"\\]|\\.)*)"`)

// Transient reports whether s checks the text of node where node's name is
// what it shows now, which the page is changing: a live region named by
// its content, or an element named by its own text that the check waits to
// change. Such an element is found by its place among its kind
// (Stable) and described by its role alone (unnamed), so that
// neither depends on when compile read the page (an alert read as
// "Loading" or as "Saved successfully", as the page got there).
func Transient(node *dom.Node, s step.Step) bool {
	byContent := node.Name == "" || dom.Normalize(node.Name) == dom.Normalize(node.TextContent())
	return contentNamed(node, s) || (LiveRole(node.Role) && textCheck(s) || s.Kind == step.Remember) && byContent
}

// Unnamed is description, an element's (`alert "Loading"`, `status "Saved"
// in region "Cart"`), without the name that follows its role.
func Unnamed(description, role string) string {
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

// LiveRole reports whether role is one of the elements whose content
// changes as the page works (status, alert, log, timer, marquee,
// progressbar, meter).
func LiveRole(role string) bool { return liveRoles[role] }

// logger is tg.Logger, or one that discards.
func (tg Targets) logger() *slog.Logger {
	if tg.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return tg.Logger
}
