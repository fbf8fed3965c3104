package locator

import (
	"regexp"
	"strings"
	"testing"
)

func TestParseIdentity(t *testing.T) {
	tests := []struct {
		desc string
		want string // String() of the parsed identity; "" when not ok
		sel  string
	}{
		{`button "Add to cart" in article "Blue Mug"`, `button "Add to cart" in article "Blue Mug"`,
			`internal:role=article[name="Blue Mug"i] >> internal:or="internal:role=article >> internal:has-text=\"Blue Mug\"i" >> internal:role=button`},
		{`textbox "Username"`, `textbox "Username"`, `internal:role=textbox`},
		{`checkbox in listitem "Buy milk"`, `checkbox in listitem "Buy milk"`,
			`internal:role=listitem[name="Buy milk"i] >> internal:or="internal:role=listitem >> internal:has-text=\"Buy milk\"i" >> internal:role=checkbox`},
		{`treeitem "\uf15c project-2.docx"`, "treeitem \"\\uf15c project-2.docx\"", "internal:role=treeitem"},
		{`link "A very long name cut…"`, `link "A very long name cut…"`, `internal:role=link`},
		{`button`, `button`, `internal:role=button`},
		{`text "1 item left" is shown`, "", ""},
		{`generic "Walk the dog"`, "", ""},
		{`checkbox in listitem "Buy milk" is checked`, "", ""},
		{`the title is "Todos"`, "", ""},
		{`list shows 2 items`, "", ""},
		{`button "unterminated`, "", ""},
		{``, "", ""},
	}
	for _, tt := range tests {
		id, ok := ParseIdentity(tt.desc)
		if got := map[bool]string{true: id.String(), false: ""}[ok]; got != tt.want {
			t.Errorf("ParseIdentity(%q) = %q, %v; want %q", tt.desc, got, ok, tt.want)
			continue
		}
		if ok && id.Selector() != tt.sel {
			t.Errorf("Selector(%q) =\n %s\nwant\n %s", tt.desc, id.Selector(), tt.sel)
		}
	}
}

func TestAndSelector(t *testing.T) {
	id, _ := ParseIdentity(`button "Delete…"`)
	got := id.AndSelector(`internal:testid=[data-testid="del"s]`)
	want := `internal:testid=[data-testid="del"s] >> internal:and="internal:role=button" >> internal:and="internal:role=button[name=/^\\s*Delete/i] >> internal:or=\"internal:role=button >> internal:has-text=/^\\\\s*Delete/i\""`
	if got != want {
		t.Errorf("AndSelector = %s, want %s", got, want)
	}
	// A click on a list item's words: the item is held to the identity,
	// then its words found in it.
	id, _ = ParseIdentity(`listitem "report.txt"`)
	got = id.AndSelector(`internal:role=listitem >> internal:text="report.txt"s`)
	want = `internal:role=listitem >> internal:and="internal:role=listitem" >> internal:and=` + jsonString(id.NameSelector()) + ` >> internal:text="report.txt"s`
	if got != want {
		t.Errorf("AndSelector of a click on the words = %s, want %s", got, want)
	}
	// Not a text filter that merely ends the target (not exact).
	got = id.AndSelector(`internal:role=list >> internal:text="report"i`)
	if !strings.HasSuffix(got, `internal:and=`+jsonString(id.NameSelector())) {
		t.Errorf("AndSelector of a loose text = %s", got)
	}
}

// A name is held whole, case and white space aside: "Delete" is not
// "Delete all". A row or list item is named by its first cell, so it is
// held to a name its own holds.
func TestNameSelectorWhole(t *testing.T) {
	tests := []struct{ desc, want string }{
		{`button "Delete"`, `internal:role=button[name=/^\s*Delete\s*$/i] >> internal:or="internal:role=button >> internal:has-text=/^\\s*Delete\\s*$/i"`},
		{`button "Add  to cart"`, `internal:role=button[name=/^\s*Add\s*to\s*cart\s*$/i] >> internal:or="internal:role=button >> internal:has-text=/^\\s*Add\\s*to\\s*cart\\s*$/i"`},
		{`link "a/b (1.5)"`, `internal:role=link[name=/^\s*a\/b\s*\(1\.5\)\s*$/i] >> internal:or="internal:role=link >> internal:has-text=/^\\s*a\\/b\\s*\\(1\\.5\\)\\s*$/i"`},
		{`row "Ada Lovelace"`, `internal:role=row[name="Ada Lovelace"i] >> internal:or="internal:role=row >> internal:has-text=\"Ada Lovelace\"i"`},
	}
	for _, tt := range tests {
		id, ok := ParseIdentity(tt.desc)
		if !ok {
			t.Fatalf("ParseIdentity(%q) failed", tt.desc)
		}
		if got := id.NameSelector(); got != tt.want {
			t.Errorf("NameSelector(%s) =\n %s\nwant\n %s", tt.desc, got, tt.want)
		}
	}
	// The expression itself, read as JavaScript reads it.
	for _, tt := range []struct {
		name, text string
		match      bool
	}{
		{"Delete", "Delete", true}, {"Delete", "  delete ", true}, {"Delete", "Delete all", false},
		{"Delete", "Undelete", false}, {"Add to cart", "Add to  cart", true}, {"Add to cart", "Add to cart (2)", false},
		{"A very long name cut…", "A very long name cut short", true}, {"a/b (1.5)", "A/B (1.5)", true}, {"a/b (1.5)", "a/b (105)", false},
	} {
		re := wholeName(tt.name)
		rx := goRegexp(t, re)
		if got := rx.MatchString(tt.text); got != tt.match {
			t.Errorf("%s on %q: %v, want %v", re, tt.text, got, tt.match)
		}
	}
}

func FuzzParseIdentity(f *testing.F) {
	for _, s := range []string{`button "Add to cart" in article "Blue Mug"`, `checkbox in listitem "x"`, `link "a\"b"`, `row "R" in grid "G" in main`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := ParseIdentity(s)
		if !ok {
			return
		}
		again, ok := ParseIdentity(id.String())
		if !ok || again.String() != id.String() {
			t.Errorf("%q: String() %q does not parse back (%q, %v)", s, id.String(), again.String(), ok)
		}
		_ = id.AndSelector("x")
		// A name's expression accepts the name itself, spaced as
		// Playwright normalizes it, and not the name with a word more.
		if name := strings.Join(strings.Fields(stem(id.Name)), " "); name != "" {
			rx := goRegexp(t, wholeName(id.Name))
			if !rx.MatchString(name) {
				t.Errorf("%s does not accept %q", wholeName(id.Name), name)
			}
			if !strings.HasSuffix(id.Name, "…") && rx.MatchString(name+" all") {
				t.Errorf("%s accepts %q", wholeName(id.Name), name+" all")
			}
		}
	})
}

// goRegexp compiles a JavaScript expression of wholeName (/…/i) as Go's
// regexp reads it: the escapes it writes mean the same in both, but \/.
func goRegexp(t *testing.T, re string) *regexp.Regexp {
	t.Helper()
	i := strings.LastIndex(re, "/")
	rx, err := regexp.Compile("(?" + re[i+1:] + ")" + strings.ReplaceAll(re[1:i], `\/`, "/"))
	if err != nil {
		t.Fatalf("%s: %v", re, err)
	}
	return rx
}

func TestCheckFor(t *testing.T) {
	opt, _ := ParseIdentity(`option "Favorite favorite Learn archery"`)
	if got := opt.CheckFor(`internal:role=option[name="favorite Learn archery"i]`); got.Name != "" || got.Role != "option" {
		t.Errorf("a role target with its own name: %+v, want the name left to the target", got)
	}
	if got := opt.CheckFor(`internal:testid=[data-testid="x"s]`); got.Name == "" {
		t.Errorf("a test id target: %+v, want the name checked", got)
	}
	tb, _ := ParseIdentity(`textbox "Hot Coffee" in row "03-Jan-16"`)
	if got := tb.CheckFor(`internal:role=textbox`); got.Name != "" || got.In == nil {
		t.Errorf("a text field: %+v, want role and container only", got)
	}
}
