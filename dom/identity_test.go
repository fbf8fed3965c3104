package dom

import "testing"

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
	want := `internal:testid=[data-testid="del"s] >> internal:and="internal:role=button" >> internal:and="internal:role=button[name=\"Delete\"i] >> internal:or=\"internal:role=button >> internal:has-text=\\\"Delete\\\"i\""`
	if got != want {
		t.Errorf("AndSelector = %s, want %s", got, want)
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
	})
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
