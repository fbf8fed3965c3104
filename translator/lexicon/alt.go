package lexicon

import "strings"

// Alt is the words of a table as one regular-expression group that
// captures nothing: (?:w1|w2|…). Some entries are patterns themselves
// ("wish ?list", "pop-?up"), for a word written more than one way.
func Alt(words ...[]string) string {
	var all []string
	for _, ws := range words {
		all = append(all, ws...)
	}
	return "(?:" + strings.Join(all, "|") + ")"
}

// Words is the plain words a table entry stands for: "wish ?list" gives
// "wish list" and "wishlist", "radio(?: button)?" gives "radio" and "radio
// button". It reads only the forms the tables use: an optional character
// ("x?") and an optional group ("(?: …)?").
func Words(entry string) []string {
	if i := strings.Index(entry, "(?:"); i >= 0 {
		j := strings.Index(entry[i:], ")?")
		if j > 0 {
			head, opt, tail := entry[:i], entry[i+3:i+j], entry[i+j+2:]
			return append(Words(head+tail), Words(head+opt+tail)...)
		}
	}
	if i := strings.Index(entry, "?"); i > 0 {
		return append(Words(entry[:i-1]+entry[i+1:]), Words(entry[:i]+entry[i+1:])...)
	}
	return []string{entry}
}
