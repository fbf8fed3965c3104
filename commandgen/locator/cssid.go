package locator

import "regexp"

// cssIdentRe is a CSS identifier that needs no escapes: usable as #id.
var cssIdentRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// CSSIdent reports whether s can be written as a CSS identifier with no
// escapes (#s selects the element with id s): letters, digits, "_" and "-",
// not starting with a digit or "-".
func CSSIdent(s string) bool { return cssIdentRe.MatchString(s) }

// StableID reports whether id, an element's id attribute, is one a locator
// may name: a CSS identifier (CSSIdent) that does not look generated. An id
// looks generated when it holds a run of four or more digits
// ("ember1234", "row-20240611"), or when its characters change class
// (lower case, upper case, digit; "-" and "_" skipped, an upper-case letter
// followed by lower case counted once) at least once every four characters
// ("a3f9c2e1", "css-1x2y3z"), Playwright's own rule for the ids its
// locator generator skips.
func StableID(id string) bool {
	return CSSIdent(id) && !longDigitRunRe.MatchString(id) && !guidLike(id)
}

var longDigitRunRe = regexp.MustCompile(`[0-9]{4}`)

// guidLike is Playwright's isGuidLike (selectorGenerator.ts): the number of
// changes of character class is at least a quarter of id's length.
func guidLike(id string) bool {
	const (
		none = iota
		lower
		upper
		digit
		other
	)
	last, changes := none, 0
	for _, c := range id {
		var class int
		switch {
		case c == '-' || c == '_':
			continue
		case c >= 'a' && c <= 'z':
			class = lower
		case c >= 'A' && c <= 'Z':
			class = upper
		case c >= '0' && c <= '9':
			class = digit
		default:
			class = other
		}
		if class == lower && last == upper {
			last = class
			continue
		}
		if last != none && last != class {
			changes++
		}
		last = class
	}
	return float64(changes) >= float64(len(id))/4
}
