package dom

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/demoshop"
)

func mustParseHTML(t testing.TB, s string) *Node {
	t.Helper()
	root, err := ParseHTML(strings.NewReader(s))
	if err != nil {
		t.Fatalf("ParseHTML: %v", err)
	}
	return root
}

// fetch GETs a demo shop page with the given cart cookie ("" for none).
func fetch(t *testing.T, base, path, cart string) string {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cart != "" {
		req.AddCookie(&http.Cookie{Name: "cart", Value: url.QueryEscape(cart)})
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", path, res.StatusCode, err)
	}
	return string(b)
}

// controls lists a tree's interactive elements with their states, in order.
func controls(root *Node) []string {
	var out []string
	root.Walk(func(n *Node) bool {
		if n.Interactive() {
			checked := n.Checked
			if checked == "false" {
				checked = "" // ARIA snapshots do not write unchecked
			}
			out = append(out, fmt.Sprintf("%s %q checked=%s selected=%v", n.Role, n.Name, checked, n.Selected))
		}
		return true
	})
	return out
}

func TestParseHTMLDemoShop(t *testing.T) {
	shop := httptest.NewServer(demoshop.Handler(nil))
	defer shop.Close()

	login := mustParseHTML(t, fetch(t, shop.URL, "/login", ""))
	for _, want := range []struct{ role, name string }{
		{"textbox", "Username"}, {"textbox", "Password"}, {"button", "Log in"},
	} {
		if findNode(login, want.role, func(n string) bool { return n == want.name }) == nil {
			t.Errorf("login: no %s %q in\n%s", want.role, want.name, Serialize(login))
		}
	}
	if u := findNode(login, "textbox", func(n string) bool { return n == "Username" }); u != nil && u.Placeholder != "your user name" {
		t.Errorf("got placeholder %q, want %q", u.Placeholder, "your user name")
	}

	products := mustParseHTML(t, fetch(t, shop.URL, "/products", ""))
	articles := 0
	products.Walk(func(n *Node) bool {
		if n.Role != "article" {
			return true
		}
		articles++
		if findNode(n, "button", func(s string) bool { return s == "Add to cart" }) == nil {
			t.Errorf("article %q has no Add to cart button", n.Name)
		}
		return false
	})
	if articles != 7 {
		t.Errorf("got %d articles, want 7", articles)
	}
	for _, s := range []string{"setTimeout", "font-family"} {
		if strings.Contains(products.TextContent(), s) {
			t.Errorf("script or style text %q leaked into the tree", s)
		}
	}

	// The HTML tree names and orders the controls as Chromium's ARIA
	// snapshot of the same page does.
	for _, tc := range []struct{ page, path, cart string }{
		{"home", "/", ""}, {"login", "/login", ""}, {"products", "/products", ""},
		{"cart", "/cart", "blue-mug:1,green-tea:1"}, {"checkout", "/checkout", "blue-mug:1,green-tea:1"},
	} {
		t.Run(tc.page, func(t *testing.T) {
			got := controls(mustParseHTML(t, fetch(t, shop.URL, tc.path, tc.cart)))
			want := controls(mustParseARIA(t, readTestdata(t, tc.page+".yaml")))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got controls\n%s\nwant (from the ARIA snapshot)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// And the minimized forms match line for line, refs aside.
			html := Serialize(Minimize(mustParseHTML(t, fetch(t, shop.URL, tc.path, tc.cart)), nil))
			aria := Serialize(Minimize(mustParseARIA(t, readTestdata(t, tc.page+".yaml")), nil))
			if stripRefs(html) != stripRefs(aria) {
				t.Errorf("minimized HTML and ARIA differ:\n%s\n---\n%s", html, stripRefs(aria))
			}
		})
	}
}

func stripRefs(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, " ["); i >= 0 {
			if j := strings.IndexByte(line[i:], ']'); j >= 0 {
				line = line[:i] + line[i+j+1:]
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func TestParseHTMLNames(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"label for", `<label for="u">User name</label><input id="u">`, `
generic: User name
textbox "User name"`},
		{"wrapping label", `<label><input type="checkbox" checked> I agree</label>`, `
generic
 checkbox "I agree" checked
 text: I agree`},
		{"aria-label wins over label", `<label for="q">Query</label><input id="q" type="search" aria-label="Search the shop">`, `
generic: Query
searchbox "Search the shop"`},
		{"aria-labelledby", `<h2 id="t">Cart</h2><section aria-labelledby="t x"><p id="x" hidden>2 items</p><p>Body</p></section>`, `
heading "Cart" level=2
region "Cart 2 items"
 paragraph: Body`},
		{"alt and presentation", `<img src="a.png" alt="Logo"><img src="b.png" alt=""><img src="c.png">`, `
img "Logo"
img`},
		{"placeholder and title fallbacks", `<input placeholder="you@example.com"><input title="Age" type="number">`, `
textbox "you@example.com" placeholder="you@example.com"
spinbutton "Age"`},
		{"buttons", `<button>Go <b>now</b></button><input type="submit"><input type="button" value="Press"><input type="image" alt="Send"><a href="/x">Docs</a><a>plain</a>`, `
button "Go now"
button "Submit"
button "Press"
button "Send"
link "Docs" url=/x
generic: plain`},
		{"hidden and skipped", `<script>var x=1</script><style>p{}</style><p hidden>a</p><p aria-hidden="true">b</p><p style="display: none">c</p><input type="hidden" value="d"><dialog><p>e</p></dialog><p>shown</p>`, `
paragraph: shown`},
		{"roles", `<header><nav aria-label="Main"><ul><li><a href="/">Home</a></li></ul></nav></header><main><article><header>Card</header><h3>T</h3></article></main><footer>F</footer>`, `
banner
 navigation "Main"
  list
   listitem
    link "Home" url=/
main
 article
  generic: Card
  heading "T" level=3
contentinfo: F`},
		{"explicit role", `<div role="button" aria-pressed="true">Bold</div><span role="presentation"><i>x</i></span><div role="alert">Oops</div>`, `
button "Bold" pressed
generic: x
alert: Oops`},
		{"unknown and abstract roles are ignored", `<div role="section" aria-label="Deals"><span role="foo button">Buy</span></div>`, `
generic "Deals"
 button "Buy"`},
		{"select, options, textarea", `<label for="c">Country</label><select id="c"><option>Germany</option><option>France</option></select><textarea aria-label="Notes">hello</textarea>`, `
generic: Country
combobox "Country"
 option "Germany" selected
 option "France"
textbox "Notes": hello`},
		{"disabled and fieldset", `<fieldset disabled><legend>Ship</legend><label><input type="radio"> Fast</label></fieldset><button disabled>No</button>`, `
group "Ship" disabled
 generic: Ship
 generic
  radio "Fast" disabled
  text: Fast
button "No" disabled`},
		{"table", `<table><caption>Lines</caption><tr><th>Name</th><th scope="row">R</th></tr><tr><td>Blue Mug</td><td></td></tr></table>`, `
table "Lines"
 caption: Lines
 rowgroup
  row
   columnheader "Name"
   rowheader "R"
  row
   cell "Blue Mug"
   cell`},
		{"form named or not", `<form aria-label="Login"><input aria-label="u"></form><form><input aria-label="v"></form>`, `
form "Login"
 textbox "u"
generic
 textbox "v"`},
		{"text values", `<input aria-label="q" value="mugs"><input type="password" aria-label="p" value="secret">`, `
textbox "q": mugs
textbox "p"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Serialize(mustParseHTML(t, "<html><body>"+tt.html+"</body></html>"))
			if want := strings.TrimPrefix(tt.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestParseHTMLLocatorAttrs: each element's node keeps its tag, test id
// (data-testid before data-test-id before data-test), id and, for form
// controls only, its name attribute.
func TestParseHTMLLocatorAttrs(t *testing.T) {
	root := mustParseHTML(t, `<html><body><ul>
<li data-testid="todo-1" data-test="other"><button><svg><path d="M0"/></svg></button></li>
<li data-test-id="todo-2" id="second"><button name="del" data-test="x-2"></button></li>
</ul>
<form name="signup"><input name="email"><select name="size"><option>S</option></select><textarea name="note"></textarea></form>
<a name="top" href="#">Top</a></body></html>`)
	type attrs struct{ role, tag, testID, testIDAttr, id, field string }
	var got []attrs
	root.Walk(func(n *Node) bool {
		if n != root && n.Role != "text" && n.Role != "option" {
			got = append(got, attrs{n.Role, n.Tag, n.TestID, n.TestIDAttr, n.ID, n.FieldName})
		}
		return true
	})
	want := []attrs{
		{"list", "ul", "", "", "", ""},
		{"listitem", "li", "todo-1", "data-testid", "", ""},
		{"button", "button", "", "", "", ""},
		{"listitem", "li", "todo-2", "data-test-id", "second", ""},
		{"button", "button", "x-2", "data-test", "", "del"},
		{"generic", "form", "", "", "", ""}, // a form's name is not a control's
		{"textbox", "input", "", "", "", "email"},
		{"combobox", "select", "", "", "", "size"},
		{"textbox", "textarea", "", "", "", "note"},
		{"link", "a", "", "", "", ""},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%v\nwant\n%v", got, want)
	}
	// An ARIA snapshot carries none of them.
	aria, err := ParseARIA("- listitem [ref=e1]:\n  - button [ref=e2]\n- textbox \"Email\" [ref=e3]\n")
	if err != nil {
		t.Fatal(err)
	}
	aria.Walk(func(n *Node) bool {
		if n.Tag != "" || n.TestID != "" || n.TestIDAttr != "" || n.ID != "" || n.FieldName != "" {
			t.Errorf("ARIA node %s %q has HTML attributes: %+v", n.Role, n.Name, n)
		}
		return true
	})
}

func FuzzParseHTML(f *testing.F) {
	for _, s := range []string{
		`<label for="u">User</label><input id="u" placeholder="x">`,
		`<article aria-label="Blue Mug"><h2>Blue Mug</h2><button>Add</button></article>`,
		`<section aria-labelledby="a b a"><p id="a">x</p></section><svg aria-label="i"><g/></svg>`,
		`<table><tr><td><select multiple><option selected>a</select></td></tr></table>`,
		`<div role="">x</div><h7>y</h7><input type="IMAGE"><details open><summary>s</summary></details>`,
		`<<<>>>&amp;<p`,
		`<li data-testid="r" data-test-id="s" id="a b"><input name="x\"y" data-test="t"></li>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		root, err := ParseHTML(strings.NewReader(s))
		if err != nil {
			t.Fatalf("ParseHTML: %v", err)
		}
		root.Walk(func(n *Node) bool {
			for _, c := range n.Children {
				if c.Parent != n {
					t.Fatal("bad parent pointer")
				}
			}
			if n.Ref != "" {
				t.Fatal("HTML node with a ref")
			}
			if (n.TestID == "") != (n.TestIDAttr == "") {
				t.Fatalf("test id %q from attribute %q", n.TestID, n.TestIDAttr)
			}
			if n.Parent != nil && n.Role != "text" && n.Tag == "" {
				t.Fatalf("element %s with no tag", n.Role)
			}
			return true
		})
		_ = Serialize(Minimize(root, &MinimizeOptions{Budget: 50}))
	})
}
