package dom

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/golden"
)

func testdataPages(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.yaml: %v", err)
	}
	var pages []string
	for _, f := range files {
		pages = append(pages, strings.TrimSuffix(filepath.Base(f), ".yaml"))
	}
	return pages
}

func TestMinimizeGolden(t *testing.T) {
	for _, page := range testdataPages(t) {
		t.Run(page, func(t *testing.T) {
			full := mustParseARIA(t, readTestdata(t, page+".yaml"))
			golden.CheckString(t, filepath.Join("testdata", page+".min.golden"), Serialize(Minimize(full, nil))+"\n")
		})
	}
}

// interactiveRefs lists the refs of the interactive nodes of a tree.
func interactiveRefs(n *Node) map[string]*Node {
	refs := map[string]*Node{}
	n.Walk(func(c *Node) bool {
		if c.Interactive() && c.Ref != "" {
			refs[c.Ref] = c
		}
		return true
	})
	return refs
}

func TestMinimizeKeepsInteractive(t *testing.T) {
	for _, page := range testdataPages(t) {
		for _, opts := range []*MinimizeOptions{nil, {Budget: 1}, {MaxText: 5, MaxURL: -1}} {
			full := mustParseARIA(t, readTestdata(t, page+".yaml"))
			min := Minimize(full, opts)
			for ref, want := range interactiveRefs(full) {
				got := min.FindRef(ref)
				if got == nil {
					t.Errorf("%s %+v: ref %s (%s %q) missing from the minimized tree", page, opts, ref, want.Role, want.Name)
					continue
				}
				if got.Role != want.Role || got.Name != want.Name || got.Checked != want.Checked {
					t.Errorf("%s: ref %s: got %s %q checked=%q, want %s %q checked=%q",
						page, ref, got.Role, got.Name, got.Checked, want.Role, want.Name, want.Checked)
				}
			}
		}
	}
}

func TestMinimizeTokenRatio(t *testing.T) {
	yaml := readTestdata(t, "products.yaml")
	full := countTokens(yaml)
	min := countTokens(Serialize(Minimize(mustParseARIA(t, yaml), nil)))
	ratio := float64(min) / float64(full)
	t.Logf("products: full %d tokens, minimized %d tokens, ratio %.2f", full, min, ratio)
	if ratio > 0.40 {
		t.Errorf("got ratio %.2f (%d/%d tokens), want at most 0.40", ratio, min, full)
	}
}

func TestMinimizeKeepsContainer(t *testing.T) {
	min := Minimize(mustParseARIA(t, readTestdata(t, "products.yaml")), nil)
	btn := min.FindRef("f2e16")
	if btn == nil {
		t.Fatal("Add to cart f2e16 missing")
	}
	if btn.Parent == nil || btn.Parent.Role != "article" || btn.Parent.Name != "Blue Mug" {
		t.Fatalf("got parent %+v, want article \"Blue Mug\"", btn.Parent)
	}
	for _, c := range btn.Parent.Children {
		if c.Role == "heading" {
			t.Errorf("got heading %q under article %q, want it dropped as a repeat", c.Name, btn.Parent.Name)
		}
	}
}

func TestMinimizeDoesNotMutate(t *testing.T) {
	for _, page := range testdataPages(t) {
		root := mustParseARIA(t, readTestdata(t, page+".yaml"))
		before := dump(root)
		Minimize(root, &MinimizeOptions{Budget: 50})
		Minimize(root, nil)
		if after := dump(root); after != before {
			t.Errorf("%s: Minimize changed its input", page)
		}
	}
}

func TestMinimizeRules(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts *MinimizeOptions
		want string
	}{
		{"lift generics, drop decoration", `- generic [ref=e1]:
  - generic [ref=e2]:
    - img [ref=e3]
    - separator [ref=e4]
    - button "Go" [ref=e5]
  - img "Company logo" [ref=e6]`, nil, `
button "Go" [e5]
img "Company logo"`},
		{"label text dropped next to its control", `- generic [ref=e1]:
  - generic [ref=e2]: Full name
  - textbox "Full name" [ref=e3]
  - generic [ref=e4]:
    - radio "Express" [ref=e5]
    - text: Express`, nil, `
textbox "Full name" [e3]
radio "Express" [e5]`},
		{"inline runs merge", `- paragraph [ref=e1]:
  - text: Try
  - code [ref=e2]: demo
  - text: /
  - strong [ref=e3]: demo123`, nil, `
paragraph: Try demo / demo123`},
		{"long text is cut", `- paragraph: abcdefghijklmnopqrstuvwxyz`, &MinimizeOptions{MaxText: 10}, `
paragraph: abcdefghi…`},
		{"interactive names are never cut", `- button "abcdefghijklmnopqrstuvwxyz" [ref=e1]`, &MinimizeOptions{MaxText: 10}, `
button "abcdefghijklmnopqrstuvwxyz" [e1]`},
		{"long urls dropped", `- link "A" [ref=e1] [cursor=pointer]:
  - /url: /short
- link "B" [ref=e2]:
  - /url: https://example.com/a/very/long/path/that/goes/on/and/on`, nil, `
link "A" [e1] url=/short
link "B" [e2]`},
		{"similar siblings collapse", `- list:
  - listitem: one
  - listitem: two
  - listitem: three
  - listitem: four
  - listitem: five
  - button "More" [ref=e9]`, nil, `
list
 listitem: one
 listitem: two
 more: 3 more listitem
 button "More" [e9]`},
		{"three similar siblings stay", `- list:
  - listitem: one
  - listitem: two
  - listitem: three`, nil, `
list
 listitem: one
 listitem: two
 listitem: three`},
		{"interactive siblings never collapse", `- list:
  - listitem:
    - link "a" [ref=e1]
  - listitem:
    - link "b" [ref=e2]
  - listitem:
    - link "c" [ref=e3]
  - listitem:
    - link "d" [ref=e4]`, nil, `
list
 listitem
  link "a" [e1]
 listitem
  link "b" [e2]
 listitem
  link "c" [e3]
 listitem
  link "d" [e4]`},
		{"clickable div keeps its ref", `- generic [ref=e1] [cursor=pointer]:
  - generic [ref=e2] [cursor=pointer]: Open card`, nil, `
generic [e1]: Open card`},
		{"heading repeating its container name", `- region "Special offer" [ref=e1]:
  - heading "Special Offer!" [level=2]
  - heading "Other" [level=2]
  - button "Claim" [ref=e2]`, nil, `
region "Special offer"
 heading "Other" level=2
 button "Claim" [e2]`},
		{"states and placeholder", `- textbox "Email" [active] [ref=e1]:
  - /placeholder: you@example.com
- checkbox "Terms" [checked=mixed] [disabled] [ref=e2]
- combobox "Country" [expanded] [ref=e3]:
  - option "Germany" [selected]
  - option "France"`, nil, `
textbox "Email" [e1] active placeholder="you@example.com"
checkbox "Terms" [e2] checked=mixed disabled
combobox "Country" [e3] expanded
 option "Germany" selected
 option "France"`},
		{"password values hidden", `- textbox "Password" [active] [ref=e1]: hunter2
- textbox "Username" [ref=e2]: demo
- textbox "PIN" [ref=e3]: 1234`, nil, `
textbox "Password" [e1] active: ***
textbox "Username" [e2]: demo
textbox "PIN" [e3]: ***`},
		{"redacted secrets", `- paragraph: your code is s3cr3t, keep it
- link "s3cr3t" [ref=e1]:
  - /url: /x?k=s3cr3t
- textbox "Note" [ref=e2]: s3cr3t`, &MinimizeOptions{Redact: []string{"s3cr3t", ""}}, `
paragraph: your code is ***, keep it
link "***" [e1] url=/x?k=***
textbox "Note" [e2]: ***`},
		{"budget drops long text first, keeps controls and containers", `- main:
  - paragraph: short
  - heading "Shop" [level=1]
  - paragraph: a much longer paragraph of text that costs many tokens in the prompt
  - article "Blue Mug":
    - paragraph: A sturdy ceramic mug in ocean blue.
    - button "Add to cart" [ref=e1]`, &MinimizeOptions{Budget: countTokens(`main
 paragraph: short
 heading "Shop" level=1
 article "Blue Mug"
  button "Add to cart" [e1]`)}, `
main
 paragraph: short
 heading "Shop" level=1
 article "Blue Mug"
  button "Add to cart" [e1]`},
		{"budget keeps clickable containers", `- main:
  - paragraph: some long text that the budget will certainly want to drop first
  - generic [ref=e1] [cursor=pointer]: Open the card`, &MinimizeOptions{Budget: 5}, `
main
 generic [e1]: Open the card`},
		{"runs of cards keep every control, details of the first two only", `- list:
  - listitem "A":
    - paragraph: about A
    - button "Buy" [ref=e1]
  - listitem "B":
    - paragraph: about B
    - button "Buy" [ref=e2]
  - listitem "C":
    - paragraph: about C
    - button "Buy" [ref=e3]
  - listitem "D":
    - paragraph: about D
    - button "Buy" [ref=e4]`, nil, `
list
 listitem "A"
  paragraph: about A
  button "Buy" [e1]
 listitem "B"
  paragraph: about B
  button "Buy" [e2]
 listitem "C"
  button "Buy" [e3]
 listitem "D"
  button "Buy" [e4]
 more: details of the last 2 listitem left out`},
		{"budget below the controls keeps the controls", `- main:
  - heading "Shop" [level=1]
  - article "Blue Mug":
    - paragraph: text
    - button "Add to cart" [ref=e1]`, &MinimizeOptions{Budget: 1}, `
main
 article "Blue Mug"
  button "Add to cart" [e1]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Serialize(Minimize(mustParseARIA(t, tt.in), tt.opts))
			if want := strings.TrimPrefix(tt.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestMinimizeBudget(t *testing.T) {
	yaml := readTestdata(t, "products-offer.yaml")
	full := mustParseARIA(t, yaml)
	unbounded := countTokens(Serialize(Minimize(full, nil)))
	for _, budget := range []int{unbounded, unbounded - 20, unbounded / 2} {
		got := countTokens(Serialize(Minimize(full, &MinimizeOptions{Budget: budget})))
		floor := countTokens(Serialize(Minimize(full, &MinimizeOptions{Budget: 1})))
		if got > budget && got > floor {
			t.Errorf("budget %d: got %d tokens, want at most the budget (or the floor %d)", budget, got, floor)
		}
	}
}

func TestSerialize(t *testing.T) {
	root := &Node{Role: "document"}
	btn := &Node{Role: "button", Name: `Say "hi"`, Ref: "e16"}
	p := &Node{Role: "paragraph", Value: "two\nlines"}
	h := &Node{Role: "heading", Name: "Products", Level: 1}
	r := &Node{Role: "radio", Name: "Express ($9.00)", Ref: "e23", Checked: "true"}
	l := &Node{Role: "link", Name: "x", URL: "/a b", Expanded: "false", Pressed: "mixed"}
	root.Children = []*Node{h, {Role: "main", Children: []*Node{btn, p, r, l}}}
	got := Serialize(root)
	want := `heading "Products" level=1
main
 button "Say \"hi\"" [e16]
 paragraph: two\nlines
 radio "Express ($9.00)" [e23] checked
 link "x" expanded=false pressed=mixed url="/a b"`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Serialize(btn); got != `button "Say \"hi\"" [e16]` {
		t.Errorf("got %q for a single node", got)
	}
	if Serialize(nil) != "" {
		t.Error("Serialize(nil) is not empty")
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"Add to Cart!":      "add to cart",
		"  add   to cart ":  "add to cart",
		"Add-to-cart":       "add to cart",
		"Don't":             "dont",
		"$1,200.50":         "120050",
		"Express ($9.00)":   "express 900",
		"Cart: 1 item.":     "cart 1 item",
		"CAFÉ\u00a0Straße":  "café straße",
		"e.g. this, that":   "e g this that",
		"":                  "",
		"!!!":               "",
		"Log\u200bin":       "login",
		"Tab\tand\nnewline": "tab and newline",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q): got %q, want %q", in, got, want)
		}
	}
}

func BenchmarkMinimizeProducts(b *testing.B) {
	yaml := readTestdata(b, "products.yaml")
	root := mustParseARIA(b, yaml)
	full := countTokens(yaml)
	min := countTokens(Serialize(Minimize(root, nil)))
	b.SetBytes(int64(len(yaml)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Serialize(Minimize(root, nil))
	}
	b.ReportMetric(float64(full), "full-tokens")
	b.ReportMetric(float64(min), "min-tokens")
	b.ReportMetric(float64(min)/float64(full), "ratio")
}

func BenchmarkParseARIAProducts(b *testing.B) {
	yaml := readTestdata(b, "products.yaml")
	b.SetBytes(int64(len(yaml)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseARIA(yaml); err != nil {
			b.Fatal(err)
		}
	}
}
