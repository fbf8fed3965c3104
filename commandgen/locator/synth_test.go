package locator

import (
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
)

func TestCount(t *testing.T) {
	products := mustParseARIA(t, readTestdata(t, "products.yaml"))
	checkout := mustParseARIA(t, readTestdata(t, "checkout.yaml"))
	home := mustParseARIA(t, readTestdata(t, "home.yaml"))
	cart := mustParseARIA(t, readTestdata(t, "cart.yaml"))
	tests := []struct {
		name string
		root *dom.Node
		sel  string
		want int
	}{
		{"role and name, substring", products, `internal:role=button[name="add to"i]`, 7},
		{"role and exact name", products, `internal:role=button[name="Add to cart"s]`, 7},
		{"exact is case-sensitive", products, `internal:role=button[name="add to cart"s]`, 0},
		{"scoped by article", products, `internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]`, 1},
		{"scope is descendants only", products, `internal:role=button >> internal:role=button`, 0},
		{"name substring across articles", products, `internal:role=article[name="mug"i]`, 2},
		{"has-text filter", products, `internal:role=article >> internal:has-text="sencha"i`, 1},
		{"has-text exact", products, `internal:role=paragraph >> internal:has-text="$8.50"s`, 1},
		{"has-not-text filter", products, `internal:role=article >> internal:has-not-text="$12.00"i`, 5},
		{"has-text then has-not-text", products, `internal:role=article[name="Blue Mug"i] >> internal:has-text="$12.00"i >> internal:has-not-text="$99"i`, 1},
		{"has: articles with such a button", products, `internal:role=article >> internal:has="internal:role=button[name=\"Add to cart\"s]"`, 7},
		{"has: the article of one heading", products, `internal:role=article >> internal:has="internal:role=heading[name=\"Blue Mug\"s]" >> internal:role=button`, 1},
		{"has: not the element itself", products, `internal:role=button >> internal:has="internal:role=button"`, 0},
		{"nth", products, `internal:role=button[name="Add to cart"i] >> nth=3`, 1},
		{"nth last", products, `internal:role=button >> nth=-1`, 1},
		{"nth out of range", products, `internal:role=button >> nth=7`, 0},
		{"text is the deepest match", products, `internal:text="Blue Mug"i`, 1},
		{"text lax", products, `internal:text="$12.00"i`, 2},
		{"text exact", products, `internal:text="Products"s`, 2},
		{"text on a link name", products, `internal:text="0 items"i`, 1},
		{"label", checkout, `internal:label="Email"i`, 1},
		{"label exact", checkout, `internal:label="email"s`, 0},
		{"label is not a button", checkout, `internal:label="Place order"i`, 0},
		{"placeholder", checkout, `internal:attr=[placeholder="you@example.com"s]`, 1},
		{"checked state", checkout, `internal:role=radio[checked=true]`, 1},
		{"unchecked state", checkout, `internal:role=radio[checked=false]`, 1},
		{"option selected", checkout, `internal:role=option[selected=true]`, 1},
		{"heading level", products, `internal:role=heading[level=2]`, 7},
		{"case-insensitive link text", home, `internal:role=link[name="log in"i]`, 2},
		{"exact link text", home, `internal:role=link[name="log in"s]`, 1},
		{"unnamed rows by text", cart, `internal:role=row >> internal:has-text="Green Tea"i >> internal:role=button[name="Remove"s]`, 1},
		{"testid unknown", products, `internal:testid=[data-testid="product-blue-mug"s]`, -1},
		{"css unknown", products, `#claim`, -1},
		{"title unknown", products, `internal:attr=[title="x"i]`, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseSelector(tt.sel)
			if err != nil {
				t.Fatal(err)
			}
			if got := Count(tt.root, l); got != tt.want {
				t.Errorf("Count(%s): got %d, want %d", tt.sel, got, tt.want)
			}
		})
	}
	// A name counts as text only where it is the element's own text: not
	// a status named by aria-label, nor a check box named by its label.
	labelled := mustParseARIA(t, `- status "Saved" [ref=e1]
- checkbox "I agree" [ref=e2]
- generic [ref=e3]: I agree
- button "Save" [ref=e4]`)
	for sel, want := range map[string]int{
		`internal:text="Saved"i`:   0,
		`internal:text="I agree"s`: 1,
		`internal:text="Save"s`:    1,
	} {
		l, err := ParseSelector(sel)
		if err != nil {
			t.Fatal(err)
		}
		if got := Count(labelled, l); got != want {
			t.Errorf("Count(%s): got %d, want %d", sel, got, want)
		}
	}
	if got := Count(products, Locator{}); got != 0 {
		t.Errorf("empty locator: got %d, want 0", got)
	}
}

func TestSynthesize(t *testing.T) {
	tests := []struct {
		page, ref, want string
	}{
		{"products", "f2e16", `internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]`},
		{"products", "f2e52", `internal:role=article[name="Water Bottle"i] >> internal:role=button[name="Add to cart"s]`},
		{"products", "f2e6", `internal:role=link[name="Cart 0 items"s]`},
		{"products", "f2e12", `internal:role=heading[name="Blue Mug"s]`},
		{"products", "f2e13", `internal:text="A sturdy ceramic mug in ocean blue."s`},
		{"products-offer", "f2e58", `internal:role=button[name="Claim discount"s]`},
		{"login", "f1e12", `internal:role=textbox[name="Username"s]`},
		{"login", "f1e16", `internal:role=button[name="Log in"s]`},
		{"login", "f1e7", `internal:role=link[name="Log in"s]`},
		{"home", "e13", `internal:role=link[name="log in"s]`},
		{"cart", "f5e24", `internal:role=row >> internal:has-text="Blue Mug"i >> internal:role=button[name="Remove"s]`},
		{"cart", "f5e31", `internal:role=row >> internal:has-text="Green Tea"i >> internal:role=button[name="Remove"s]`},
		{"checkout", "f6e23", `internal:role=radio[name="Express ($9.00)"s]`},
		{"checkout", "f6e15", `internal:role=textbox[name="Email"s]`},
		{"cart", "f5e20", `internal:role=row >> internal:has-text="Blue Mug"i >> internal:role=cell[name="1"s]`},
	}
	for _, tt := range tests {
		t.Run(tt.page+"/"+tt.ref, func(t *testing.T) {
			root := mustParseARIA(t, readTestdata(t, tt.page+".yaml"))
			target := root.FindRef(tt.ref)
			if target == nil {
				t.Fatalf("no ref %s", tt.ref)
			}
			l, err := Synthesize(root, target)
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Selector(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// Every container role scopes a locator, tab lists and menu bars included.
func TestSynthesizeScopesByEveryContainer(t *testing.T) {
	root := mustParseARIA(t, `- tablist "Settings" [ref=e1]:
  - tab "General" [ref=e2]
- tablist "Profile" [ref=e3]:
  - tab "General" [ref=e4]
- menubar "Editor" [ref=e5]:
  - menuitem "File" [ref=e6]
- menubar "Viewer" [ref=e7]:
  - menuitem "File" [ref=e8]`)
	for ref, want := range map[string]string{
		"e4": `internal:role=tablist[name="Profile"i] >> internal:role=tab[name="General"s]`,
		"e6": `internal:role=menubar[name="Editor"i] >> internal:role=menuitem[name="File"s]`,
	} {
		l, err := Synthesize(root, root.FindRef(ref))
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Selector(); got != want {
			t.Errorf("%s: got %s, want %s", ref, got, want)
		}
	}
}

// Every node of every page gets a locator that matches it alone and never
// names a ref.
func TestSynthesizeEveryNode(t *testing.T) {
	for _, page := range testdataPages(t) {
		root := mustParseARIA(t, readTestdata(t, page+".yaml"))
		nth := 0
		root.Walk(func(n *dom.Node) bool {
			if n == root {
				return true
			}
			l, err := Synthesize(root, n)
			if err != nil {
				t.Errorf("%s: %s %q: %v", page, n.Role, n.Name, err)
				return true
			}
			want := n
			if n.Role == "text" {
				want = n.Parent // a run of text is found through its element
			}
			m, _ := matchLocator(root, l)
			if len(m) != 1 || m[0] != want || Count(root, l) != 1 {
				t.Errorf("%s: %s %q: %s matches %d nodes", page, n.Role, n.Name, l.Selector(), len(m))
			}
			sel := l.Selector()
			if n.Ref != "" && strings.Contains(sel, n.Ref) {
				t.Errorf("%s: locator %s names the ref %s", page, sel, n.Ref)
			}
			if strings.Contains(sel, "nth=") {
				nth++
			}
			return true
		})
		t.Logf("%s: %d locators need nth", page, nth)
	}
}

func TestSynthesizeNthLastResort(t *testing.T) {
	root := mustParseARIA(t, `- main:
  - button "Delete" [ref=e1]
  - button "Delete" [ref=e2]
  - button "Delete" [ref=e3]`)
	l, err := Synthesize(root, root.FindRef("e2"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Selector(), `internal:role=button[name="Delete"s] >> nth=1`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestSynthesizeErrors(t *testing.T) {
	root := mustParseARIA(t, `- button "A" [ref=e1]`)
	other := mustParseARIA(t, `- button "A" [ref=e1]`)
	for name, target := range map[string]*dom.Node{"nil": nil, "root": root, "other tree": other.FindRef("e1")} {
		if _, err := Synthesize(root, target); !errors.Is(err, ErrNotInTree) {
			t.Errorf("%s: got %v, want ErrNotInTree", name, err)
		}
	}
}

// FuzzSynthesize: on any tree ParseARIA reads, a locator Synthesize makes
// for a node matches that node alone (a run of text: its element).
func FuzzSynthesize(f *testing.F) {
	for _, p := range testdataPages(f) {
		f.Add(readTestdata(f, p+".yaml"))
	}
	for _, s := range []string{
		`- 'heading "Total: $5" [level=2]'`, `- button "a\"b" [ref=e1]`, "- main:\n  - /url: x",
		`- paragraph: "\x4"`, `- paragraph: "\U0001F600"`, "- a:\n    - b:\n  - c", "-",
		"```yaml\n- x\n```", "### Snapshot\n```yaml\n- a [", `- b /x`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		root, err := dom.ParseARIA(s)
		if err != nil {
			return
		}
		n := 0
		root.Walk(func(c *dom.Node) bool {
			if c != root && n < 20 {
				n++
				if l, err := Synthesize(root, c); err == nil {
					want := c
					if c.Role == "text" {
						want = c.Parent
					}
					if m, ok := matchLocator(root, l); !ok || len(m) != 1 || m[0] != want {
						t.Fatalf("locator %s does not match only its target", l.Selector())
					}
				}
			}
			return n < 20
		})
	})
}
