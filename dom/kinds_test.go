package dom

import (
	"slices"
	"strings"
	"testing"
)

func TestIconOf(t *testing.T) {
	for _, c := range []struct {
		classes  string
		ligature string
		want     string // the icon's Name, "" for none
		glyph    string
	}{
		{"fa fa-trash", "", "delete", "fa-trash"},
		{"fa-solid fa-trash-can", "", "delete", "fa-trash-can"},
		{"bi bi-trash3", "", "delete", "bi-trash3"},
		{"fas fa-pencil-alt", "", "edit", "fa-pencil-alt"},
		{"fa-regular fa-pen-to-square", "", "edit", "fa-pen-to-square"},
		{"bi bi-plus-lg", "", "add", "bi-plus-lg"},
		{"fa fa-xmark", "", "close", "fa-xmark"},
		{"fa fa-times", "", "close", "fa-times"},
		{"fa fa-magnifying-glass", "", "search", "fa-magnifying-glass"},
		{"fa fa-cog", "", "settings", "fa-cog"},
		{"bi bi-gear-fill", "", "settings", "bi-gear-fill"},
		{"glyphicon glyphicon-trash", "", "delete", "glyphicon-trash"},
		{"material-icons", "delete", "delete", "delete"},
		{"material-symbols-outlined", "delete_outline", "delete", "delete_outline"},
		{"material-icons", "more_vert", "more", "more_vert"},
		// A word in a span that is no icon font's is not a ligature.
		{"label", "delete", "", ""},
		{"fa fa-spin", "", "", ""},
		{"fa-lg", "", "", ""},
		{"", "", "", ""},
	} {
		ic, glyph, ok := IconOf(strings.Fields(c.classes), c.ligature)
		if got := map[bool]string{true: ic.Name}[ok]; got != c.want || glyph != c.glyph {
			t.Errorf("IconOf(%q, %q) = %q from %q, want %q from %q", c.classes, c.ligature, got, glyph, c.want, c.glyph)
		}
	}
}

// TestIconsTable: every icon's Name is its first word, no glyph name is
// two icons', and KindWords reads an icon's words from its kind.
func TestIconsTable(t *testing.T) {
	glyphs := map[string]string{}
	for _, ic := range Icons {
		if len(ic.Words) == 0 || ic.Words[0] != ic.Name {
			t.Errorf("icon %q: words %q do not start with its name", ic.Name, ic.Words)
		}
		for _, g := range ic.Glyphs {
			if other, ok := glyphs[g]; ok {
				t.Errorf("glyph %q is both %q's and %q's", g, other, ic.Name)
			}
			glyphs[g] = ic.Name
		}
		if got := KindWords(IconKindPrefix + ic.Name); !slices.Equal(got, ic.Words) {
			t.Errorf("KindWords(%q) = %q, want %q", IconKindPrefix+ic.Name, got, ic.Words)
		}
	}
}

func TestFieldKinds(t *testing.T) {
	for _, c := range []struct {
		kind, role, word string
	}{
		{"password", "textbox", "pin"},
		{"PASSWORD", "textbox", "password"},
		{"email", "textbox", "email"},
		{"number", "spinbutton", "number"},
		{"search", "searchbox", "search"},
		{"date", "textbox", "date"},
		{"textarea", "textbox", "text area"},
		{"contenteditable", "textbox", "editable region"},
	} {
		k, ok := FieldKindOf(c.kind)
		if !ok || k.Role != c.role || !slices.Contains(KindWords(k.Kind), c.word) {
			t.Errorf("FieldKindOf(%q) = %+v, %v; want role %s and the word %q", c.kind, k, ok, c.role, c.word)
		}
	}
	for _, kind := range []string{"text", "hidden", "checkbox", ""} {
		if k, ok := FieldKindOf(kind); ok {
			t.Errorf("FieldKindOf(%q) = %+v, want none", kind, k)
		}
	}
}

func TestIsSelect(t *testing.T) {
	for _, c := range []struct {
		snap string
		want bool
	}{
		{"- combobox \"Size\" [ref=e1]:\n  - option \"S\" [selected]\n  - option \"M\"", true},
		{"- combobox \"Size\" [ref=e1]:\n  - group \"Small\":\n    - option \"S\"", true},
		{"- combobox \"City\" [ref=e1]", false},
		{"- combobox \"City\" [expanded] [ref=e1]:\n  - option \"Paris\"", false},
		{"- textbox \"Name\" [ref=e1]", false},
	} {
		root, err := ParseARIA(c.snap)
		if err != nil {
			t.Fatal(err)
		}
		var got bool
		root.Walk(func(n *Node) bool {
			if n.Ref == "e1" {
				got = n.IsSelect()
			}
			return true
		})
		if got != c.want {
			t.Errorf("IsSelect of\n%s\n= %v, want %v", c.snap, got, c.want)
		}
	}
}
