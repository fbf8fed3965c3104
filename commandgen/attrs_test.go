package commandgen

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
)

// TestLocatorAttrsFunction: the page function is the .js file's function
// without its comment, and one browser_evaluate takes as it is.
func TestLocatorAttrsFunction(t *testing.T) {
	if !strings.HasPrefix(LocatorAttrsFn, "(el) => {") || !strings.HasSuffix(LocatorAttrsFn, "}") {
		t.Errorf("LocatorAttrsFn = %.40q...", LocatorAttrsFn)
	}
}

// TestHTMLCandidates: the locators an element's attributes offer, best first:
// its test id, its role in its nearest ancestor with a test id (named
// case-insensitively, then exactly), its id when it does not look
// generated, a form control's tag and name.
func TestHTMLCandidates(t *testing.T) {
	tree, err := dom.ParseHTML(strings.NewReader(`<body><div data-testid="outer"><form data-test="signup">
<input id="email" name="e&quot;mail" data-testid="email-field" aria-label="Email">
<input id="ember1234" name="phone" aria-label="Phone">
<button id="a3f9c2e1">Send</button>
</form></div></body>`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	tree.Walk(func(n *dom.Node) bool {
		if n.Interactive() {
			for _, l := range attrsOf(n).candidates(n) {
				got[n.Name] = append(got[n.Name], l.Selector())
			}
		}
		return true
	})
	want := map[string][]string{
		"Email": {`internal:testid=[data-testid="email-field"s]`,
			`[data-test="signup"] >> internal:role=textbox[name="Email"i]`,
			`[data-test="signup"] >> internal:role=textbox[name="Email"s]`,
			`#email`, `input[name="e\"mail"]`},
		"Phone": {`[data-test="signup"] >> internal:role=textbox[name="Phone"i]`,
			`[data-test="signup"] >> internal:role=textbox[name="Phone"s]`,
			`input[name="phone"]`},
		"Send": {`[data-test="signup"] >> internal:role=button[name="Send"i]`,
			`[data-test="signup"] >> internal:role=button[name="Send"s]`},
	}
	for name, w := range want {
		if strings.Join(got[name], "\n") != strings.Join(w, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", name, strings.Join(got[name], "\n"), strings.Join(w, "\n"))
		}
	}
}

// TestUnnamed: a transient element is described by its role alone, its
// container kept; a description of another role, or with no name, is
// left as it is.
func TestUnnamed(t *testing.T) {
	for _, tt := range []struct{ in, role, want string }{
		{`alert "Loading"`, "alert", `alert`},
		{`status "Saved \"draft\"" in region "Cart"`, "status", `status in region "Cart"`},
		{`alert`, "alert", `alert`},
		{`status "Saved"`, "alert", `status "Saved"`},
	} {
		if got := Unnamed(tt.in, tt.role); got != tt.want {
			t.Errorf("Unnamed(%q, %q) = %q, want %q", tt.in, tt.role, got, tt.want)
		}
	}
}

// attrsOf is what locatorattrs.js answers for el, an element of dom's
// HTML tree.
func attrsOf(el *dom.Node) ElementAttrs {
	a := ElementAttrs{Tag: el.Tag, ID: el.ID, Name: el.FieldName}
	if el.TestIDAttr != "" {
		a.TestID = []string{el.TestIDAttr, el.TestID}
	}
	for p := el.Parent; p != nil; p = p.Parent {
		if p.TestIDAttr != "" {
			a.Scope = []string{p.TestIDAttr, p.TestID}
			break
		}
	}
	return a
}
