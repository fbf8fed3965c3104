package lexicon

import (
	"regexp"
	"slices"
	"testing"
)

// TestWords: a table entry that is a pattern stands for the words it
// matches, each matched by Alt of the table.
func TestWords(t *testing.T) {
	for entry, want := range map[string][]string{
		"cart":              {"cart"},
		"wish ?list":        {"wishlist", "wish list"},
		"favou?rites":       {"favorites", "favourites"},
		"radio(?: button)?": {"radio", "radio button"},
		"dialog(?: box)?":   {"dialog", "dialog box"},
		"pop-?up":           {"popup", "pop-up"},
	} {
		got := Words(entry)
		if !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", entry, got, want)
		}
		re := regexp.MustCompile(`^` + Alt([]string{entry}) + `$`)
		for _, w := range got {
			if !re.MatchString(w) {
				t.Errorf("Alt(%q) does not match %q", entry, w)
			}
		}
	}
	if Place(1) != "second" || Place(10) != "11th" {
		t.Errorf("Place: %q, %q", Place(1), Place(10))
	}
}
