package locator

import (
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
)

// Identity is the element a compiled action meant, as its element
// description names it: a role, an accessible name, and the container that
// told it apart from look-alikes, when it had one:
//
//	button "Add to cart" in article "Blue Mug"
//	checkbox in listitem "Buy milk"
type Identity struct {
	Role string
	Name string    // "" when the element has none
	In   *Identity // its container, or nil
}

// ParseIdentity reads an element description as compile writes it (role,
// then a Go-quoted name, then " in " and the container's). ok is false for
// anything else: a check's description ("text "Saved" is shown"), a role
// that is not one of Playwright's, or a role that carries no identity of
// its own (generic, text, none, presentation, paragraph).
func ParseIdentity(desc string) (id Identity, ok bool) {
	id, rest, ok := parseShort(strings.TrimSpace(desc))
	if !ok {
		return Identity{}, false
	}
	if rest == "" {
		return id, true
	}
	after, found := strings.CutPrefix(rest, " in ")
	if !found {
		return Identity{}, false
	}
	in, rest, ok := parseShort(after)
	if !ok || rest != "" {
		return Identity{}, false
	}
	id.In = &in
	return id, true
}

// anonymousRoles carry no identity a selector could check.
var anonymousRoles = map[string]bool{"generic": true, "text": true, "none": true, "presentation": true, "paragraph": true}

// parseShort reads `role` or `role "name"` at the start of s.
func parseShort(s string) (Identity, string, bool) {
	role := s
	if i := strings.IndexByte(s, ' '); i >= 0 {
		role = s[:i]
	}
	if !dom.KnownRole(role) || anonymousRoles[role] {
		return Identity{}, "", false
	}
	id := Identity{Role: role}
	rest := strings.TrimPrefix(s[len(role):], " ")
	if strings.HasPrefix(rest, `"`) {
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return Identity{}, "", false
		}
		id.Name, _ = strconv.Unquote(q)
		rest = rest[len(q):]
	} else if rest != "" {
		rest = " " + rest
	}
	return id, rest, true
}

// String writes id as compile describes elements.
func (id Identity) String() string {
	s := id.Role
	if id.Name != "" {
		s += " " + strconv.Quote(id.Name)
	}
	if id.In != nil {
		s += " in " + id.In.String()
	}
	return s
}

// Selector is a Playwright selector of the elements with id's role inside
// a container of its role named, or showing the text, of the container's
// name (a row or a list item is described by its text). The name is
// NameSelector's.
func (id Identity) Selector() string {
	el := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: id.Role}}}
	if id.In == nil {
		return el.Selector()
	}
	c := *id.In
	if c.Name == "" {
		return Locator{Parts: []LocatorPart{{Kind: PartRole, Role: c.Role}}}.Selector() + " >> " + el.Selector()
	}
	return named(c) + " >> " + el.Selector()
}

// NameSelector is a Playwright selector of the elements of id's role whose
// accessible name is id's name, or whose text is (a description names an
// unnamed option or cell by its text): the whole name, case and white
// space aside, so that "Delete" never accepts "Delete all" (a regular
// expression, /^\s*Delete\s*$/i, as Playwright's role engine and
// internal:has-text read one). A name compile cut short with "…" matches
// by its start. A row or list item, which a description names by its first
// cell (its own name is all its cells), matches where its name or text
// holds the name, as containers do. "" when id has no name.
func (id Identity) NameSelector() string {
	if id.Name == "" {
		return ""
	}
	if firstCellRoles[id.Role] {
		return named(Identity{Role: id.Role, Name: id.Name})
	}
	re := wholeName(id.Name)
	byName := "internal:role=" + id.Role + "[name=" + re + "]"
	byText := "internal:role=" + id.Role + " >> internal:has-text=" + re
	return byName + " >> internal:or=" + jsonString(byText)
}

// firstCellRoles are the roles a description names by their first cell or
// text rather than by their accessible name.
var firstCellRoles = map[string]bool{"row": true, "listitem": true}

// wholeName is a case-insensitive regular expression (in Playwright's
// selector syntax) of the whole of name, white space aside: any run of
// white space in it, or none, between its words, and any around it. A
// name cut short with "…" is matched by its start.
func wholeName(name string) string {
	words := strings.Fields(stem(name))
	for i, w := range words {
		words[i] = JSRegexEscape(w)
	}
	re := `/^\s*` + strings.Join(words, `\s*`)
	if !strings.HasSuffix(name, "…") {
		re += `\s*$`
	}
	return re + "/i"
}

// named selects the elements of id's role named, or showing the text, id's
// name anywhere in theirs (case-insensitive): a container, which a
// description names by its label, heading or first cell. Both
// alternatives start from the page (internal:or), so it must begin a
// selector.
func named(id Identity) string {
	byName := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: id.Role, Name: stem(id.Name)}}}
	byText := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: id.Role}, {Kind: PartHasText, Text: stem(id.Name)}}}
	return byName.Selector() + " >> internal:or=" + jsonString(byText.Selector())
}

// stem is a name without the "…" that cuts it short.
func stem(name string) string {
	return strings.TrimSpace(strings.TrimSuffix(name, "…"))
}

// AndSelector narrows target, a Playwright selector, to the elements that
// also have id: target >> internal:and="…" for its role and container,
// and another for its name, which Playwright resolves as Locator.and does
// (each alternative from the page, the elements kept those target names).
// An action on it fails as "no element" when target now names another
// control, so the identity check costs no call of its own.
//
// A target that ends in the exact text of the element it names (compile
// clicks the words of a list item, `… >> internal:text="report.txt"s`,
// which Playwright finds in the item or as the item itself) is held to
// the identity before that text.
func (id Identity) AndSelector(target string) string {
	text := ""
	if i := strings.LastIndex(target, " >> internal:text="); i > 0 && id.Role != "text" {
		if last, err := ParseSelector(target[i+4:]); err == nil && len(last.Parts) == 1 && last.Parts[0].Exact {
			target, text = target[:i], target[i:]
		}
	}
	s := target + " >> internal:and=" + jsonString(id.Selector())
	if n := id.NameSelector(); n != "" {
		s += " >> internal:and=" + jsonString(n)
	}
	return s + text
}

// CheckFor is the part of id that a check of target can hold it to. The
// name is dropped when target itself ends in a role with a name (compile
// chose those words because the full name changes: a live count, an icon's
// text), or when the role takes typed text (a description names an
// unlabelled field by its value, which typing changes).
func (id Identity) CheckFor(target string) Identity {
	out := id
	if dom.TextFieldRole(id.Role) {
		out.Name = ""
		return out
	}
	if loc, err := ParseSelector(target); err == nil && len(loc.Parts) > 0 {
		last := loc.Parts[len(loc.Parts)-1]
		if last.Kind == PartRole && last.Role == id.Role && last.Name != "" {
			out.Name = ""
		}
	}
	return out
}
