package dom

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// newsPage writes the ARIA snapshot of a news front page: a banner with a
// search box and a navigation link per section, then per section a region
// with a heading and stories (a headline link with a long URL, a summary, a
// reading time, a Save button), then a footer of links. Story 7 of the
// section "Science" is headlined "Blue whale returns to the harbour".
func newsPage(sections, stories int) string {
	names := []string{"World", "Politics", "Business", "Science", "Technology", "Health", "Sport", "Culture", "Travel", "Climate", "Opinion", "Books"}
	words := strings.Fields("council plans new bridge as markets rally after storm season ends early while voters weigh budget deal over rail strike and schools reopen with fresh doubts")
	var b strings.Builder
	ref := 0
	next := func() string { ref++; return "e" + strconv.Itoa(ref) }
	line := func(depth int, format string, args ...any) {
		b.WriteString(strings.Repeat("  ", depth))
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	section := func(i int) string {
		if i < len(names) {
			return names[i]
		}
		return fmt.Sprintf("%s %d", names[i%len(names)], i/len(names)+1)
	}
	line(0, "- generic [active] [ref=%s]:", next())
	line(1, "- banner [ref=%s]:", next())
	line(2, `- link "The Daily Example" [ref=%s] [cursor=pointer]:`, next())
	line(3, "- /url: /")
	line(2, "- search [ref=%s]:", next())
	line(3, `- searchbox "Search news" [ref=%s]`, next())
	line(3, `- button "Search" [ref=%s]`, next())
	line(2, `- navigation "Sections" [ref=%s]:`, next())
	line(3, "- list [ref=%s]:", next())
	for s := range sections {
		line(4, "- listitem [ref=%s]:", next())
		line(5, `- link "%s" [ref=%s] [cursor=pointer]:`, section(s), next())
		line(6, "- /url: /%s", strings.ToLower(strings.ReplaceAll(section(s), " ", "-")))
	}
	line(1, "- main [ref=%s]:", next())
	for s := range sections {
		line(2, `- region "%s" [ref=%s]:`, section(s), next())
		line(3, `- heading "%s" [level=2] [ref=%s]`, section(s), next())
		line(3, "- list [ref=%s]:", next())
		for st := range stories {
			headline := ""
			for w := range 7 {
				headline += words[(s*7+st*3+w*5)%len(words)] + " "
			}
			headline = strings.ToUpper(headline[:1]) + strings.TrimSpace(headline[1:])
			if section(s) == "Science" && st == 7 {
				headline = "Blue whale returns to the harbour"
			}
			line(4, "- listitem [ref=%s]:", next())
			line(5, "- article [ref=%s]:", next())
			line(6, `- link "%s" [ref=%s] [cursor=pointer]:`, headline, next())
			line(7, "- /url: https://news.example.com/%s/2026/01/%02d/story-%d-%d-long-slug", strings.ToLower(section(s)), st%28+1, s, st)
			line(6, "- paragraph [ref=%s]: %s. Officials said the %s would be reviewed next week.", next(), headline, words[(s+st)%len(words)])
			line(6, "- generic [ref=%s]: %d min read", next(), st%9+2)
			line(6, `- button "Save story %d-%d" [ref=%s]`, s, st, next())
		}
	}
	line(1, "- contentinfo [ref=%s]:", next())
	line(2, "- list [ref=%s]:", next())
	for f := range 40 {
		line(3, "- listitem [ref=%s]:", next())
		line(4, `- link "Footer link %d" [ref=%s] [cursor=pointer]:`, f, next())
		line(5, "- /url: /about/%d", f)
	}
	return b.String()
}

// markerPart reads one count of a marker: "214 more links".
var markerPart = regexp.MustCompile(`^(\d+) more (\S+)$`)

// singular returns the role a marker counts ("links" is "link",
// "checkboxes" is "checkbox").
func singular(word string, n int) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "es") && (ariaRoles[word[:len(word)-2]] || word[:len(word)-2] == "text"):
		return word[:len(word)-2]
	}
	return strings.TrimSuffix(word, "s")
}

// counted returns, by role, the controls and headings a cut tree shows
// and those its markers count, or an error for a marker it cannot read.
func counted(out *Node) (shown, marked map[string]int, markers int, err error) {
	shown, marked = map[string]int{}, map[string]int{}
	out.Walk(func(n *Node) bool {
		switch {
		case n.Role == "more":
			markers++
			if !strings.HasPrefix(n.Value, "… ") {
				err = fmt.Errorf("marker %q does not start with an ellipsis", n.Value)
			}
			for _, part := range strings.Split(strings.TrimPrefix(n.Value, "… "), ", ") {
				m := markerPart.FindStringSubmatch(part)
				if m == nil {
					if !strings.HasSuffix(part, " more elements") {
						err = fmt.Errorf("marker %q: cannot read %q", n.Value, part)
					}
					continue
				}
				c, _ := strconv.Atoi(m[1])
				marked[singular(m[2], c)] += c
			}
		case n.Interactive() || n.Role == "heading":
			shown[n.Role]++
		}
		return true
	})
	return shown, marked, markers, err
}

// checkCut checks a focused, budgeted tree against the whole focused tree:
// within budget, every ref kept as it was (the name of a cut target may be
// shortened, ending with "…", or gone), and the markers with the shown elements accounting
// for every control and heading of the page.
func checkCut(t *testing.T, whole, out *Node, budget int) {
	t.Helper()
	s := Serialize(out)
	if got := countTokens(s); got > budget {
		t.Fatalf("got %d tokens, want at most %d:\n%s", got, budget, s)
	}
	var bad error
	out.Walk(func(n *Node) bool {
		if n.Ref == "" || bad != nil {
			return bad == nil
		}
		w := whole.FindRef(n.Ref)
		switch {
		case w == nil:
			bad = fmt.Errorf("ref %s (%s) is not on the page", n.Ref, n.Line())
		case w.Role != n.Role:
			bad = fmt.Errorf("ref %s: got role %s, want %s", n.Ref, n.Role, w.Role)
		case n.Name != w.Name && n.Name != "" && !(strings.HasSuffix(n.Name, "…") && strings.HasPrefix(w.Name, strings.TrimSuffix(n.Name, "…"))):
			bad = fmt.Errorf("ref %s: got name %q, want %q", n.Ref, n.Name, w.Name)
		}
		return true
	})
	if bad != nil {
		t.Fatalf("%v\n%s", bad, s)
	}
	shown, marked, markers, err := counted(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	if markers == 0 {
		return // not cut, or cut below the markers' cost
	}
	total, _, _, _ := counted(whole)
	for role, want := range total {
		if got := shown[role] + marked[role]; got != want {
			t.Errorf("%s: %d shown + %d in markers = %d, want the page's %d\n%s", role, shown[role], marked[role], got, want, s)
		}
	}
}

// whole returns the page minimized for a focus, uncut.
func whole(page *Node, focus string) *Node {
	return Minimize(page, &MinimizeOptions{Budget: 1 << 30, Focus: focus})
}

// focusCases are actions on the demo pages and the ref each acts on.
var focusCases = []struct{ page, focus, ref string }{
	{"home", "click Browse products", "e12"},
	{"home", "go to the cart", "e6"},
	{"login", "type demo into Username", "f1e12"},
	{"login", "click the Log in button", "f1e16"},
	{"products", "add the Blue Mug to the cart", "f2e16"},
	{"products", "add the Notebook to the cart", "f2e40"},
	{"products-offer", "click Claim discount", "f2e58"},
	{"cart", "remove the Green Tea from the cart", "f5e31"},
	{"cart", "proceed to checkout", "f5e35"},
	{"checkout", "choose Express shipping", "f6e23"},
	{"checkout", "type hello into the Delivery notes field", "f6e25"},
	{"checkout", "tick I agree to the terms", "f6e27"},
	{"todo", "type Pay rent into What needs to be done?", "e5"},
	{"todo", "click Active", "e24"},
}

func TestFocusBudgetKeepsTarget(t *testing.T) {
	for _, tc := range focusCases {
		page := mustParseARIA(t, readTestdata(t, tc.page+".yaml"))
		if page.FindRef(tc.ref) == nil {
			t.Fatalf("%s: no ref %s", tc.page, tc.ref)
		}
		w := whole(page, tc.focus)
		for _, budget := range []int{1, 3, 8, 12, 20, 30, 45, 60, 100, 150, 250, 400, 2000} {
			out := Minimize(page, &MinimizeOptions{Budget: budget, Focus: tc.focus})
			checkCut(t, w, out, budget)
			// The bare line of the target with its ancestors is at most
			// about 12 tokens on these pages.
			if budget >= 12 && out.FindRef(tc.ref) == nil {
				t.Errorf("%s %q, budget %d: target %s cut:\n%s", tc.page, tc.focus, budget, tc.ref, Serialize(out))
			}
		}
	}
}

func TestFocusBudgetNewsPage(t *testing.T) {
	for _, size := range []struct{ sections, stories, minTokens, maxTokens int }{
		{8, 20, 10_000, 40_000},
		{34, 39, 150_000, 190_000},
	} {
		yaml := newsPage(size.sections, size.stories)
		full := countTokens(yaml)
		if full < size.minTokens || full > size.maxTokens {
			t.Fatalf("news page %dx%d: got %d tokens, want %d to %d", size.sections, size.stories, full, size.minTokens, size.maxTokens)
		}
		page := mustParseARIA(t, yaml)
		if old := countTokens(Serialize(Minimize(page, &MinimizeOptions{Budget: 2000}))); old <= 2000 {
			t.Errorf("news page of %d tokens: the budget without a focus gives %d tokens; the page is too small to test the cut", full, old)
		}
		whale := findNode(page, "link", func(n string) bool { return n == "Blue whale returns to the harbour" })
		science := findNode(page, "link", func(n string) bool { return n == "Science" })
		search := findNode(page, "searchbox", func(string) bool { return true })
		save := findNode(page, "button", func(n string) bool { return n == "Save story 3-7" })
		for _, tc := range []struct {
			focus  string
			target *Node
		}{
			{"open the story about the blue whale returning to the harbour", whale},
			{"click Blue whale returns to the harbour", whale},
			{"go to the Science section", science},
			{"type whales into Search news", search},
			{"save the blue whale story", save},
		} {
			w := whole(page, tc.focus)
			for _, budget := range []int{300, 2000} {
				out := Minimize(page, &MinimizeOptions{Budget: budget, Focus: tc.focus})
				checkCut(t, w, out, budget)
				if out.FindRef(tc.target.Ref) == nil {
					t.Errorf("%d tokens, %q, budget %d: target %s cut:\n%s", full, tc.focus, budget, tc.target.Line(), Serialize(out))
				}
				if _, marked, _, _ := counted(out); marked["link"] < 100 {
					t.Errorf("%d tokens, %q, budget %d: markers count %d links, want the hundreds cut:\n%s", full, tc.focus, budget, marked["link"], Serialize(out))
				}
			}
		}
	}
}

func TestFocusBudgetCuts(t *testing.T) {
	tests := []struct {
		name, page, focus string
		budget            int
		want              string
	}{
		{"a page that fits comes whole, not collapsed", "products", "add the cheapest mug to the cart", 2000, `
banner
 link "Demo Shop" [f2e3] url=/
 navigation "Main"
  link "Products" [f2e5]
  link "Cart 0 items" [f2e6]
 link "Log in" [f2e7]
main
 heading "Products" level=1
 article "Blue Mug"
  text: A sturdy ceramic mug in ocean blue. $12.00
  button "Add to cart" [f2e16]
 article "Red Mug"
  text: The same mug, in tomato red. $12.00
  button "Add to cart" [f2e22]
 article "Green Tea"
  text: Fifty bags of sencha. $8.50
  button "Add to cart" [f2e28]
 article "Coffee Beans"
  text: One kilo of medium roast. $15.00
  button "Add to cart" [f2e34]
 article "Notebook"
  text: A5, dotted, 120 pages. $6.00
  button "Add to cart" [f2e40]
 article "Desk Lamp"
  text: Warm light, adjustable arm. $35.00
  button "Add to cart" [f2e46]
 article "Water Bottle"
  text: Steel, keeps cold for a day. $18.00
  button "Add to cart" [f2e52]
contentinfo
 paragraph: Demo Shop is a fixture for plaintest. Nothing here is for sale.`},
		{"the target's card first, cut runs marked", "products", "add the Notebook to the cart", 100, `
banner
 link "Demo Shop" [f2e3]
 more: … 2 more links
 link "Log in" [f2e7]
main
 heading "Products" level=1
 more: … 4 more buttons
 article "Notebook"
  text: A5, dotted, 120 pages. $6.00
  button "Add to cart" [f2e40]
 more: … 2 more buttons
more: … 1 more paragraph`},
		{"no word of the focus on the page", "login", "zzz", 30, `
more: … 4 more links, 2 more textboxes, 1 more button, 1 more heading, 1 more paragraph`},
		// Below the cost of the markers, none.
		{"the target's row, without markers", "cart", "remove the Green Tea from the cart", 60, `
main
 heading "Your cart" level=1
 table
  row
   cell "Green Tea"
   cell "1"
   cell "$8.50"
   button "Remove" [f5e31]
 link "Proceed to checkout" [f5e35]`},
		{"the target with its ancestors", "checkout", "choose Express shipping", 21, `
main
 group "Shipping"
  radio "Express ($9.00)" [f6e23]`},
		{"ancestors without names", "checkout", "choose Express shipping", 20, `
main
 group
  radio "Express ($9.00)" [f6e23]`},
		{"the target's name cut", "checkout", "choose Express shipping", 15, `
main
 group
  radio "Express…" [f6e23]`},
		{"the target's name gone", "checkout", "choose Express shipping", 13, `
main
 group
  radio [f6e23]`},
		{"the target alone", "checkout", "choose Express shipping", 8, `
radio [f6e23]`},
		{"nothing fits", "checkout", "choose Express shipping", 6, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := mustParseARIA(t, readTestdata(t, tt.page+".yaml"))
			out := Minimize(page, &MinimizeOptions{Budget: tt.budget, Focus: tt.focus})
			checkCut(t, whole(page, tt.focus), out, tt.budget)
			if got, want := Serialize(out), strings.TrimPrefix(tt.want, "\n"); got != want {
				t.Errorf("got (%d tokens)\n%s\nwant (%d tokens)\n%s", countTokens(got), got, countTokens(want), want)
			}
		})
	}
}

// TestFocusWithoutBudget checks that Focus changes nothing without a
// Budget, and a Budget without Focus works as before.
func TestFocusWithoutBudget(t *testing.T) {
	for _, page := range testdataPages(t) {
		root := mustParseARIA(t, readTestdata(t, page+".yaml"))
		want := Serialize(Minimize(root, nil))
		if got := Serialize(Minimize(root, &MinimizeOptions{Focus: "add the Blue Mug to the cart"})); got != want {
			t.Errorf("%s: Focus without Budget changed the tree:\n%s\nwant\n%s", page, got, want)
		}
	}
	// Without a focus, the budget is a target that the controls overrun.
	root := mustParseARIA(t, readTestdata(t, "products.yaml"))
	if got := countTokens(Serialize(Minimize(root, &MinimizeOptions{Budget: 20}))); got <= 20 {
		t.Errorf("got %d tokens without a focus, want the controls kept over the budget of 20", got)
	}
}

func TestFocusWords(t *testing.T) {
	for in, want := range map[string]string{
		"add the Blue Mug to the cart":          "add blue mug cart",
		"Type demo into the Username field":     "type demo username field",
		"tick the boxes, the boxes and a glass": "tick boxe glass",
		"":                                      "",
	} {
		if got := strings.Join(focusWords(in), " "); got != want {
			t.Errorf("focusWords(%q): got %q, want %q", in, got, want)
		}
	}
}

// FuzzBudget cuts the demo pages for any budget and focus, and checks the
// guarantees: within budget, refs intact, markers that account for what was
// cut, and the element whose name is the focus kept whenever its line fits.
// An empty focus picks a named control of the page as the focus.
func FuzzBudget(f *testing.F) {
	pages := testdataPages(f)
	trees := make([]*Node, len(pages))
	for i, p := range pages {
		trees[i] = mustParseARIA(f, readTestdata(f, p+".yaml"))
	}
	for i := range pages {
		for _, b := range []uint16{1, 9, 40, 120, 2000} {
			f.Add(uint8(i), b, "", uint16(b))
			f.Add(uint8(i), b, "add the Blue Mug to the cart", uint16(0))
		}
	}
	f.Add(uint8(0), uint16(50), "the the the", uint16(0))
	f.Add(uint8(1), uint16(80), "«ÄÖ» 日本 💥 \x00", uint16(0))
	f.Fuzz(func(t *testing.T, page uint8, budget uint16, focus string, pick uint16) {
		root := trees[int(page)%len(trees)]
		if budget == 0 {
			return // no budget: the focus is not used
		}
		var named *Node
		if focus == "" {
			// Pick a control whose words no other node of the cut tree has.
			w := whole(root, "x")
			var controls []*Node
			words := map[string]int{}
			w.Walk(func(n *Node) bool {
				key := strings.Join(focusWords(n.Name+" "+n.Value+" "+n.Placeholder), " ")
				words[key]++
				if n.Interactive() && n.Ref != "" && n.Value == "" && n.Placeholder == "" && key != "" {
					controls = append(controls, n)
				}
				return true
			})
			controls = slices.DeleteFunc(controls, func(n *Node) bool { return words[strings.Join(focusWords(n.Name), " ")] > 1 })
			if len(controls) == 0 {
				return
			}
			named = controls[int(pick)%len(controls)]
			focus = named.Name
		}
		out := Minimize(root, &MinimizeOptions{Budget: int(budget), Focus: focus})
		checkCut(t, whole(root, focus), out, int(budget))
		// The bare line of a control with its ancestors is at most about
		// 12 tokens on these pages.
		if named != nil && budget >= 12 && out.FindRef(named.Ref) == nil {
			t.Fatalf("budget %d, focus %q: target %s cut:\n%s", budget, focus, named.Ref, Serialize(out))
		}
	})
}

// TestFocusBudgetAnyRoot checks the guarantee on trees no parser makes: a
// root that is not a document, alone or with a child the focus names.
func TestFocusBudgetAnyRoot(t *testing.T) {
	long := strings.Repeat("region", 20)
	for _, root := range []*Node{
		{Role: long},
		{Role: long, Name: "Blue Mug"},
		{Role: long, Children: []*Node{{Role: "button", Name: "Blue Mug", Ref: "e1"}}},
	} {
		setParents(root)
		for _, budget := range []int{1, 3, 10} {
			out := Minimize(root, &MinimizeOptions{Budget: budget, Focus: "blue mug"})
			if got := countTokens(Serialize(out)); got > budget {
				t.Errorf("%s, budget %d: got %d tokens:\n%s", root.Line(), budget, got, Serialize(out))
			}
			if len(root.Children) > 0 && budget >= 10 && out.FindRef("e1") == nil {
				t.Errorf("budget %d: button e1 cut:\n%s", budget, Serialize(out))
			}
		}
	}
}

// TestFocusBudgetContext checks what comes with a target: the heading
// before it, its list item whole, then its neighbours whole (a card with its
// text, not its link alone), before the rest of the page.
func TestFocusBudgetContext(t *testing.T) {
	page := mustParseARIA(t, `- banner:
  - link "Home" [ref=e1]
  - link "About us" [ref=e2]
- main:
  - heading "Vegetables" [level=2]
  - list:
    - listitem:
      - link "Carrot" [ref=e3]
      - paragraph: Orange and crunchy.
    - listitem:
      - link "Leek" [ref=e4]
      - paragraph: Green and mild.
  - heading "Fruit" [level=2]
  - list:
    - listitem:
      - link "Apple" [ref=e5]
      - paragraph: Red and round.
    - listitem:
      - link "Banana" [ref=e6]
      - paragraph: Yellow and long.
    - listitem:
      - link "Cherry" [ref=e7]
      - paragraph: Small and dark.`)
	want := `more: … 2 more links
main
 more: … 2 more links, 1 more heading
 heading "Fruit" level=2
 list
  listitem
   link "Apple" [e5]
   paragraph: Red and round.
  listitem
   link "Banana" [e6]
   paragraph: Yellow and long.
  more: … 1 more link`
	out := Minimize(page, &MinimizeOptions{Budget: countTokens(want), Focus: "open Banana"})
	if got := Serialize(out); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestFocusBudgetWholeCards checks that cards come whole: on a budget that
// holds some of the products, each product shown has its price.
func TestFocusBudgetWholeCards(t *testing.T) {
	page := mustParseARIA(t, readTestdata(t, "products.yaml"))
	for _, budget := range []int{120, 150, 200} {
		out := Minimize(page, &MinimizeOptions{Budget: budget, Focus: "add the cheapest mug to the cart"})
		cards := 0
		out.Walk(func(n *Node) bool {
			if n.Role != "article" {
				return true
			}
			cards++
			if !strings.Contains(n.TextContent(), "$") {
				t.Errorf("budget %d: article %q without its price:\n%s", budget, n.Name, Serialize(out))
			}
			return false
		})
		if cards < 2 || cards == 7 {
			t.Errorf("budget %d: got %d articles, want some of the 7:\n%s", budget, cards, Serialize(out))
		}
	}
}
