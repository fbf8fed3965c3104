package locator

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plaintest/plaintest/dom"
)

func role(r, name string, exact bool) LocatorPart {
	return LocatorPart{Kind: PartRole, Role: r, Name: name, Exact: exact}
}

func loc(parts ...LocatorPart) Locator { return Locator{Parts: parts} }

func TestParseLocatorCode(t *testing.T) {
	tests := []struct {
		name, code string
		want       Locator
		sel        string
	}{
		{"scoped test id", `await page.getByTestId('product-red-mug').getByRole('button', { name: 'Add to cart' }).click();`,
			loc(LocatorPart{Kind: PartTestID, Text: "product-red-mug"}, role("button", "Add to cart", false)),
			`internal:testid=[data-testid="product-red-mug"s] >> internal:role=button[name="Add to cart"i]`},
		{"fill", `await page.getByRole('textbox', { name: 'Username' }).fill('demo');`,
			loc(role("textbox", "Username", false)), `internal:role=textbox[name="Username"i]`},
		{"label", `await page.getByLabel('Password').fill('x')`,
			loc(LocatorPart{Kind: PartLabel, Text: "Password"}), `internal:label="Password"i`},
		{"exact", `await page.getByRole('button', { name: 'Log in', exact: true }).click();`,
			loc(role("button", "Log in", true)), `internal:role=button[name="Log in"s]`},
		{"filter hasText and first", `await page.getByRole('article').filter({ hasText: 'Blue Mug' }).getByRole('button').first().click();`,
			loc(role("article", "", false), LocatorPart{Kind: PartHasText, Text: "Blue Mug"}, role("button", "", false), LocatorPart{Kind: PartNth}),
			`internal:role=article >> internal:has-text="Blue Mug"i >> internal:role=button >> nth=0`},
		{"nth and last", `await page.getByRole('button', { name: 'Remove' }).nth(2).click(); await page.getByRole('link').last().hover();`,
			loc(role("link", "", false), LocatorPart{Kind: PartNth, Index: -1}), `internal:role=link >> nth=-1`},
		{"css locator", `await page.locator('#claim').click();`,
			loc(LocatorPart{Kind: PartCSS, Text: "#claim"}), `#claim`},
		{"locator with hasText", `await page.locator('article', { hasText: 'Red Mug' }).getByRole('button').dblclick();`,
			loc(LocatorPart{Kind: PartCSS, Text: "article"}, LocatorPart{Kind: PartHasText, Text: "Red Mug"}, role("button", "", false)),
			`article >> internal:has-text="Red Mug"i >> internal:role=button`},
		{"text first", `await page.getByText('1 item').first().click();`,
			loc(LocatorPart{Kind: PartText, Text: "1 item"}, LocatorPart{Kind: PartNth}), `internal:text="1 item"i >> nth=0`},
		{"text exact", `await page.getByText("Discount claimed", { exact: true }).hover()`,
			loc(LocatorPart{Kind: PartText, Text: "Discount claimed", Exact: true}), `internal:text="Discount claimed"s`},
		{"placeholder alt title", `await page.getByPlaceholder('you@example.com').fill('a@b.c');
await page.getByAltText('Logo', { exact: true }).click();
await page.getByTitle('Close').click();`,
			loc(LocatorPart{Kind: PartTitle, Text: "Close"}), `internal:attr=[title="Close"i]`},
		{"select option", "```js\nawait page.getByRole('combobox', { name: 'Country' }).selectOption(['France']);\n```",
			loc(role("combobox", "Country", false)), `internal:role=combobox[name="Country"i]`},
		{"states", `await page.getByRole('checkbox', { name: 'Terms', checked: false, disabled: false }).check();`,
			loc(LocatorPart{Kind: PartRole, Role: "checkbox", Name: "Terms", Checked: "false", Disabled: "false"}),
			`internal:role=checkbox[checked=false][disabled=false][name="Terms"i]`},
		{"level and pressed mixed", `await page.getByRole('heading', { level: 2, name: 'Blue Mug' }).click(); await page.getByRole('button', { pressed: 'mixed' }).click()`,
			loc(LocatorPart{Kind: PartRole, Role: "button", Pressed: "mixed"}), `internal:role=button[pressed=mixed]`},
		{"escapes", `await page.getByRole('button', { name: 'It\'s "Go" \\ \u00e9\x41\u{1F600}' }).click();`,
			loc(role("button", `It's "Go" \ éA😀`, false)), `internal:role=button[name="It's \"Go\" \\ éA😀"i]`},
		{"double and backtick quotes", "await page.getByText(\"say \\\"hi\\\"\").press('Enter'); await page.getByLabel(`Notes`).pressSequentially('x');",
			loc(LocatorPart{Kind: PartLabel, Text: "Notes"}), `internal:label="Notes"i`},
		{"check setChecked uncheck type", `await page.getByLabel('A').check(); await page.getByLabel('B').uncheck(); await page.getByLabel('C').setChecked(true); await page.getByLabel('D').type('x');`,
			loc(LocatorPart{Kind: PartLabel, Text: "D"}), `internal:label="D"i`},
		{"ignores goto, keyboard, expect and comments", `// click the button
await page.goto('http://localhost/');
await page.getByRole('button', { name: 'Go' }).click();
await page.keyboard.press('Enter');
await expect(page.getByText('Done')).toBeVisible();
/* await page.getByText('x').click(); */`,
			loc(role("button", "Go", false)), `internal:role=button[name="Go"i]`},
		{"locator with selector syntax", `await page.locator('internal:role=button[name="Go"s] >> nth=1').click();`,
			loc(role("button", "Go", true), LocatorPart{Kind: PartNth, Index: 1}), `internal:role=button[name="Go"s] >> nth=1`},
		{"fill with secret expression", `await page.getByLabel('Password').fill(process.env['PASSWORD']);`,
			loc(LocatorPart{Kind: PartLabel, Text: "Password"}), `internal:label="Password"i`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLocatorCode(tt.code)
			if err != nil {
				t.Fatalf("ParseLocatorCode: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if sel := got.Selector(); sel != tt.sel {
				t.Errorf("got selector %s, want %s", sel, tt.sel)
			}
		})
	}
}

func TestParseLocatorCodeErrors(t *testing.T) {
	tests := []struct {
		name, code string
		want       error
		msg        string
	}{
		{"regex name", `await page.getByRole('button', { name: /Log in/i }).click();`, ErrUnsupportedLocator, "regular expression"},
		{"regex text", `await page.getByText(/1 items?/).click();`, ErrUnsupportedLocator, "regular expression"},
		{"regex hasText", `await page.getByRole('row').filter({ hasText: /Mug/ }).click();`, ErrUnsupportedLocator, "regular expression"},
		{"frame with an argument", `await page.locator('iframe').contentFrame('x').getByRole('button').click();`, ErrLocatorSyntax, "contentFrame"},
		{"has filter", `await page.getByRole('row').filter({ has: page.getByText('x') }).click();`, ErrUnsupportedLocator, "has"},
		{"no action", `await page.goto('http://x/'); await expect(page.getByText('x')).toBeVisible();`, ErrNoAction, ""},
		{"empty", ``, ErrNoAction, ""},
		{"unterminated string", `await page.getByText('x).click();`, ErrLocatorSyntax, "unterminated string"},
		{"template", "await page.getByText(`${name}`).click();", ErrUnsupportedLocator, "template"},
		{"variable", `await page.getByText(name).click();`, ErrUnsupportedLocator, "only literals"},
		{"bad nth", `await page.getByText('x').nth('a').click();`, ErrLocatorSyntax, "nth"},
		{"bad selector in locator", `await page.locator('internal:role=button[name="x').click();`, ErrLocatorSyntax, "unterminated"},
		{"unknown role option", `await page.getByRole('button', { description: 'x' }).click();`, ErrUnsupportedLocator, "description"},
		{"last expression wins even when broken", `await page.getByText('ok').click(); await page.getByText(/bad/).click();`, ErrUnsupportedLocator, "regular expression"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseLocatorCode(tt.code)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("got %v, want %v mentioning %q", err, tt.want, tt.msg)
			}
		})
	}
}

func TestSelectorAndJS(t *testing.T) {
	tests := []struct {
		l       Locator
		sel, js string
	}{
		{loc(role("button", "Add to cart", false)), `internal:role=button[name="Add to cart"i]`, `getByRole('button', { name: 'Add to cart' })`},
		{loc(role("button", "Log in", true)), `internal:role=button[name="Log in"s]`, `getByRole('button', { name: 'Log in', exact: true })`},
		{loc(LocatorPart{Kind: PartLabel, Text: "Password"}), `internal:label="Password"i`, `getByLabel('Password')`},
		{loc(LocatorPart{Kind: PartText, Text: "1 item"}), `internal:text="1 item"i`, `getByText('1 item')`},
		{loc(LocatorPart{Kind: PartPlaceholder, Text: "you@example.com"}), `internal:attr=[placeholder="you@example.com"i]`, `getByPlaceholder('you@example.com')`},
		{loc(LocatorPart{Kind: PartAltText, Text: "Logo", Exact: true}), `internal:attr=[alt="Logo"s]`, `getByAltText('Logo', { exact: true })`},
		{loc(LocatorPart{Kind: PartTestID, Text: "product-red-mug"}), `internal:testid=[data-testid="product-red-mug"s]`, `getByTestId('product-red-mug')`},
		{loc(LocatorPart{Kind: PartCSS, Text: "#claim"}, LocatorPart{Kind: PartNth, Index: 2}), `#claim >> nth=2`, `locator('#claim').nth(2)`},
		{loc(role("article", "", false), LocatorPart{Kind: PartHasText, Text: "Blue Mug"}, role("button", "Add to cart", true), LocatorPart{Kind: PartNth, Index: -1}),
			`internal:role=article >> internal:has-text="Blue Mug"i >> internal:role=button[name="Add to cart"s] >> nth=-1`,
			`getByRole('article').filter({ hasText: 'Blue Mug' }).getByRole('button', { name: 'Add to cart', exact: true }).last()`},
		{loc(role("button", `Say "hi" \ it's`, false)), `internal:role=button[name="Say \"hi\" \\ it's"i]`, `getByRole('button', { name: 'Say "hi" \\ it\'s' })`},
		{loc(LocatorPart{Kind: PartText, Text: "a\nb <&> \"q\""}), `internal:text="a\nb <&> \"q\""i`, `getByText('a\nb <&> "q"')`},
		{loc(LocatorPart{Kind: PartHasText, Text: "x"}), `internal:has-text="x"i`, `locator('internal:has-text="x"i')`},
		{loc(role("row", "", false), LocatorPart{Kind: PartHasText, Text: "Blue Mug"}, LocatorPart{Kind: PartHasNotText, Text: "$9.00"}),
			`internal:role=row >> internal:has-text="Blue Mug"i >> internal:has-not-text="$9.00"i`,
			`getByRole('row').filter({ hasText: 'Blue Mug' }).filter({ hasNotText: '$9.00' })`},
		{loc(role("row", "", false), LocatorPart{Kind: PartHas, Text: `internal:role=cell[name="nginx"s]`}, role("cell", "", false), LocatorPart{Kind: PartNth, Index: 1}),
			`internal:role=row >> internal:has="internal:role=cell[name=\"nginx\"s]" >> internal:role=cell >> nth=1`,
			`getByRole('row').filter({ has: page.getByRole('cell', { name: 'nginx', exact: true }) }).getByRole('cell').nth(1)`},
		{loc(role("row", "", false), LocatorPart{Kind: PartHas, Text: `internal:text="a >> b"i`}),
			`internal:role=row >> internal:has="internal:text=\"a >> b\"i"`,
			`getByRole('row').filter({ has: page.getByText('a >> b') })`},
		{loc(LocatorPart{Kind: PartRole, Role: "checkbox", Checked: "mixed", Level: 0, Expanded: "true"}), `internal:role=checkbox[checked=mixed][expanded=true]`, `getByRole('checkbox', { checked: 'mixed', expanded: true })`},
		{loc(LocatorPart{Kind: PartRole, Role: "heading", Name: "A", Level: 2}), `internal:role=heading[level=2][name="A"i]`, `getByRole('heading', { name: 'A', level: 2 })`},
		{loc(LocatorPart{Kind: PartRole, Role: "button", Name: "Bold", Checked: "false", Disabled: "true", Selected: "false",
			Expanded: "false", IncludeHidden: "true", Level: 3, Pressed: "mixed"}),
			`internal:role=button[checked=false][disabled=true][selected=false][expanded=false][include-hidden=true][level=3][name="Bold"i][pressed=mixed]`,
			`getByRole('button', { name: 'Bold', checked: false, disabled: true, selected: false, expanded: false, includeHidden: true, level: 3, pressed: 'mixed' })`},
	}
	for _, tt := range tests {
		if got := tt.l.Selector(); got != tt.sel {
			t.Errorf("Selector: got %s, want %s", got, tt.sel)
		}
		if got := tt.l.JS(); got != tt.js {
			t.Errorf("JS: got %s, want %s", got, tt.js)
		}
		if got := tt.l.String(); got != tt.js {
			t.Errorf("String: got %s, want %s", got, tt.js)
		}
		back, err := ParseSelector(tt.sel)
		if err != nil {
			t.Errorf("ParseSelector(%s): %v", tt.sel, err)
		} else if !reflect.DeepEqual(back, tt.l) {
			t.Errorf("ParseSelector(%s): got %+v, want %+v", tt.sel, back, tt.l)
		}
		// The JavaScript form parses back to the same locator too.
		if strings.HasPrefix(tt.js, "locator('internal:") || strings.Contains(tt.js, "has: page.") {
			continue // code plaintest does not read back (ParseLocatorCode refuses has)
		}
		code, err := ParseLocatorCode("await page." + tt.js + ".click();")
		if err != nil {
			t.Errorf("ParseLocatorCode(%s): %v", tt.js, err)
		} else if !reflect.DeepEqual(code, tt.l) {
			t.Errorf("ParseLocatorCode(%s): got %+v, want %+v", tt.js, code, tt.l)
		}
	}
}

func TestParseSelectorErrors(t *testing.T) {
	tests := []struct {
		sel  string
		want error
	}{
		{`internal:text=/x/i`, ErrUnsupportedLocator},
		{`internal:role=button[name=/x/]`, ErrUnsupportedLocator},
		{`internal:control=leave-frame`, ErrUnsupportedLocator},
		{`internal:testid=[data-qa="x"s]`, ErrUnsupportedLocator},
		{`internal:attr=[href="x"i]`, ErrUnsupportedLocator},
		{`internal:role=button[foo=bar]`, ErrUnsupportedLocator},
		{`internal:text="x`, ErrLocatorSyntax},
		{`internal:text=x`, ErrLocatorSyntax},
		{`internal:text="x"q`, ErrLocatorSyntax},
		{`internal:role=button[name="x"i`, ErrLocatorSyntax},
		{`internal:role=[name="x"]`, ErrLocatorSyntax},
		{`internal:role=button[checked=maybe]`, ErrLocatorSyntax},
		{`internal:role=heading[level=0]`, ErrLocatorSyntax},
		{`internal:role=heading[level=101]`, ErrLocatorSyntax},
		{`internal:role=row >> internal:has=x`, ErrLocatorSyntax},
		{`internal:role=row >> internal:has="internal:text=/x/"`, ErrUnsupportedLocator},
		{`internal:role=row >> internal:has="internal:role=cell"i`, ErrLocatorSyntax},
		{`nth=x`, ErrLocatorSyntax},
		{`nth=-2`, ErrLocatorSyntax},
		{`#a >> >> #b`, ErrLocatorSyntax},
		{``, ErrLocatorSyntax},
	}
	for _, tt := range tests {
		if _, err := ParseSelector(tt.sel); !errors.Is(err, tt.want) {
			t.Errorf("ParseSelector(%q): got %v, want %v", tt.sel, err, tt.want)
		}
	}
	// Quotes protect ">>" inside names.
	l, err := ParseSelector(`internal:role=button[name="a >> b"i] >> nth=0`)
	if err != nil || len(l.Parts) != 2 || l.Parts[0].Name != "a >> b" {
		t.Errorf("got %+v, %v; want the name to keep its >>", l, err)
	}
}

// The selector and JavaScript decoders take the same values for every
// getByRole state: each value both accept gives the same part, and each
// value one refuses the other refuses too.
func TestRoleStatesAgree(t *testing.T) {
	for _, st := range roleStates {
		for _, v := range []string{"true", "false", "mixed", "0", "1", "100", "101", "2.5", "-1"} {
			js := v
			if v == "mixed" {
				js = "'mixed'"
			}
			sel, selErr := ParseSelector("internal:role=x[" + st.attr + "=" + v + "]")
			code, codeErr := ParseLocatorCode("page.getByRole('x', { " + st.js + ": " + js + " }).click()")
			switch {
			case (selErr == nil) != (codeErr == nil):
				t.Errorf("%s=%s: selector %v, JavaScript %v", st.attr, v, selErr, codeErr)
			case selErr != nil:
				if !errors.Is(selErr, ErrLocatorSyntax) || !errors.Is(codeErr, ErrLocatorSyntax) {
					t.Errorf("%s=%s: got %v and %v, want ErrLocatorSyntax", st.attr, v, selErr, codeErr)
				}
			case !reflect.DeepEqual(sel, code):
				t.Errorf("%s=%s: selector gives %+v, JavaScript %+v", st.attr, v, sel, code)
			}
		}
	}
}

func FuzzParseLocatorCode(f *testing.F) {
	for _, s := range []string{
		`await page.getByTestId('product-red-mug').getByRole('button', { name: 'Add to cart' }).click();`,
		`await page.getByRole('button', { name: 'Log in', exact: true }).click();`,
		`await page.getByRole('article').filter({ hasText: 'Blue Mug' }).nth(2).click();`,
		`await page.locator('#id', { hasText: "x" }).getByText('1 item').first().fill('\u00e9\x41');`,
		"await page.getByLabel(`Pass`).last().check() // done",
		`await page.getByRole('button', { name: /Log in/i }).click();`,
		`/* */ page.getByRole('checkbox', { checked: 'mixed', level: 2 }).setChecked(true)`,
		`await page.locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' }).click();`,
		`await page.frameLocator('iframe').nth(1).getByText('x').click();`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		l, err := ParseLocatorCode(code)
		if err != nil {
			if !errors.Is(err, ErrLocatorSyntax) && !errors.Is(err, ErrUnsupportedLocator) && !errors.Is(err, ErrNoAction) {
				t.Fatalf("got error %v without a sentinel", err)
			}
			return
		}
		if len(l.Parts) == 0 {
			t.Fatal("got an empty locator without error")
		}
		checkSelectorStable(t, l)
	})
}

func FuzzParseSelector(f *testing.F) {
	for _, s := range []string{
		`internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]`,
		`internal:testid=[data-testid="product-red-mug"s] >> nth=-1`,
		`internal:label="Pass\"word"i >> internal:has-text="x"s`,
		`internal:attr=[placeholder="you@example.com"i]`,
		`#claim >> internal:text="1 item"i`,
		`internal:role=checkbox[checked=mixed][disabled=true][name="a\\b"i]`,
		`iframe[title="Payment"] >> internal:control=enter-frame >> internal:role=button[name="Pay"i]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sel string) {
		l, err := ParseSelector(sel)
		if err != nil {
			if !errors.Is(err, ErrLocatorSyntax) && !errors.Is(err, ErrUnsupportedLocator) {
				t.Fatalf("got error %v without a sentinel", err)
			}
			return
		}
		checkSelectorStable(t, l)
	})
}

// checkSelectorStable asserts that the selector of l parses back into a
// locator with the same selector, and that JS does not panic.
func checkSelectorStable(t *testing.T, l Locator) {
	t.Helper()
	_ = l.JS()
	for _, p := range l.Parts {
		for _, s := range []string{p.Name, p.Text} {
			if !utf8.ValidString(s) {
				return // JSON turns invalid UTF-8 into U+FFFD: not a round trip
			}
		}
		if p.Kind == PartCSS && (strings.Contains(p.Text, ">>") || strings.ContainsAny(p.Text, `"'`)) {
			return // CSS is passed through, not parsed
		}
	}
	sel := l.Selector()
	back, err := ParseSelector(sel)
	if err != nil {
		t.Fatalf("selector %q of %+v does not parse: %v", sel, l, err)
	}
	if got := back.Selector(); got != sel {
		t.Fatalf("selector round trip: got %q, want %q", got, sel)
	}
}

// The visible filter round-trips through selectors and code, and matches
// what the tree (of visible nodes) holds.
func TestVisibleFilter(t *testing.T) {
	l := Locator{Parts: []LocatorPart{{Kind: PartText, Text: "Walk the dog"}, {Kind: PartVisible}}}
	if got, want := l.Selector(), `internal:text="Walk the dog"i >> visible=true`; got != want {
		t.Errorf("Selector() = %s, want %s", got, want)
	}
	if got, want := l.JS(), `getByText('Walk the dog').filter({ visible: true })`; got != want {
		t.Errorf("JS() = %s, want %s", got, want)
	}
	for _, code := range []string{"await page." + l.JS() + ".click();", "await page.getByText('Walk the dog').visible().click();"} {
		back, err := ParseLocatorCode(code)
		if err != nil || back.Selector() != l.Selector() {
			t.Errorf("ParseLocatorCode(%s) = %v, %v", code, back.Selector(), err)
		}
	}
	back, err := ParseSelector(l.Selector())
	if err != nil || back.Selector() != l.Selector() {
		t.Errorf("ParseSelector round trip: %v, %v", back.Selector(), err)
	}
	root, err := dom.ParseARIA("- list:\n  - listitem: Walk the dog\n")
	if err != nil {
		t.Fatal(err)
	}
	if n := Count(root, l); n != 1 {
		t.Errorf("Count = %d, want 1", n)
	}
}

func TestStableID(t *testing.T) {
	for id, want := range map[string]bool{
		"email":          true,
		"new-todo":       true,
		"main_nav":       true,
		"SearchBox":      true,
		"todo-12":        true,
		"":               false,
		"2fa":            false, // not a CSS identifier
		"a b":            false,
		":r1:":           false, // React's useId
		"ember1234":      false, // a long run of digits
		"row-20240611":   false,
		"a3f9c2e1":       false, // a hash
		"css-1x2y3z":     false,
		"x7Kq2Lm9":       false,
		"btn-deadbeef":   true, // only letters: indistinguishable from words
		"checkoutButton": true,
	} {
		if got := StableID(id); got != want {
			t.Errorf("StableID(%q) = %v, want %v", id, got, want)
		}
	}
}
