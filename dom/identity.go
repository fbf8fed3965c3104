package dom

import (
	"strconv"
	"strings"
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
var anonymousRoles = roleSet("generic", "text", "none", "presentation", "paragraph")

// parseShort reads `role` or `role "name"` at the start of s.
func parseShort(s string) (Identity, string, bool) {
	role := s
	if i := strings.IndexByte(s, ' '); i >= 0 {
		role = s[:i]
	}
	if !ariaRoles[role] || anonymousRoles[role] {
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

// Selector is a Playwright selector of the elements that have id: its role
// and a name containing id's (case-insensitive, as compile's own locators
// match names; a name compile cut short with "…" matches by what is left),
// inside a container of its role named, or showing the text, of the
// container's name (a row or a list item is described by its text).
func (id Identity) Selector() string {
	el := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: id.Role, Name: stem(id.Name)}}}
	if id.In == nil {
		return el.Selector()
	}
	c := *id.In
	if c.Name == "" {
		return Locator{Parts: []LocatorPart{{Kind: PartRole, Role: c.Role}}}.Selector() + " >> " + el.Selector()
	}
	named := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: c.Role, Name: stem(c.Name)}}}
	shows := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: c.Role}, {Kind: PartHasText, Text: stem(c.Name)}}}
	return named.Selector() + " >> internal:or=" + jsonString(shows.Selector()) + " >> " + el.Selector()
}

// stem is a name without the "…" that cuts it short.
func stem(name string) string {
	return strings.TrimSpace(strings.TrimSuffix(name, "…"))
}

// AndSelector narrows target, a Playwright selector, to the elements that
// also have id: target >> internal:and="…", which Playwright resolves as
// Locator.and does. An action on it fails as "no element" when target now
// names another control, so the identity check costs no call of its own.
func (id Identity) AndSelector(target string) string {
	return target + " >> internal:and=" + jsonString(id.Selector())
}
