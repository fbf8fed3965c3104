package dom

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/tokens"
)

// dump writes a tree as "role|name|ref|attrs: value" lines, two spaces a
// level, with every field the parser fills, for exact comparisons in tests.
func dump(n *Node) string {
	var b strings.Builder
	var rec func(n *Node, depth int)
	rec = func(n *Node, depth int) {
		b.WriteString(strings.Repeat("  ", depth))
		fmt.Fprintf(&b, "%s|%s|%s", n.Role, n.Name, n.Ref)
		for _, kv := range [][2]string{
			{"level", func() string {
				if n.Level == 0 {
					return ""
				}
				return fmt.Sprint(n.Level)
			}()},
			{"checked", n.Checked}, {"expanded", n.Expanded}, {"pressed", n.Pressed},
			{"selected", boolStr(n.Selected)}, {"disabled", boolStr(n.Disabled)},
			{"active", boolStr(n.Active)}, {"url", n.URL}, {"placeholder", n.Placeholder},
			{"cursor", n.Cursor},
		} {
			if kv[1] != "" {
				fmt.Fprintf(&b, " %s=%s", kv[0], kv[1])
			}
		}
		if n.Value != "" {
			fmt.Fprintf(&b, ": %q", n.Value)
		}
		b.WriteByte('\n')
		for _, c := range n.Children {
			if c.Parent != n {
				fmt.Fprintf(&b, "!! bad parent of %s\n", c.Role)
			}
			rec(c, depth+1)
		}
	}
	rec(n, 0)
	return b.String()
}

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return ""
}

func mustParseARIA(t testing.TB, s string) *Node {
	t.Helper()
	root, err := ParseARIA(s)
	if err != nil {
		t.Fatalf("ParseARIA: %v", err)
	}
	return root
}

// findNode returns the first node with the role whose name satisfies match.
func findNode(root *Node, role string, match func(name string) bool) *Node {
	var found *Node
	root.Walk(func(n *Node) bool {
		if found == nil && n.Role == role && match(n.Name) {
			found = n
		}
		return found == nil
	})
	return found
}

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseARIAForms(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"button", `- button "Add to cart" [ref=e16]`, `
document||
  button|Add to cart|e16`},
		{"heading level", `- heading "Blue Mug" [level=2] [ref=e12]`, `
document||
  heading|Blue Mug|e12 level=2`},
		{"link with url", `- link "Cart 1 item" [ref=e6] [cursor=pointer]:
  - /url: /cart`, `
document||
  link|Cart 1 item|e6 url=/cart cursor=pointer`},
		{"placeholder", `- textbox "Email" [ref=f6e15]:
  - /placeholder: you@example.com`, `
document||
  textbox|Email|f6e15 placeholder=you@example.com`},
		{"text and inline values", `- paragraph [ref=e13]:
  - text: Try
  - code [ref=e18]: demo
  - text: "Total:"
- paragraph [ref=e14]: A sturdy ceramic mug in ocean blue.
- paragraph [ref=e15]: "Today only: 10% off all mugs."`, `
document||
  paragraph||e13
    text||: "Try"
    code||e18: "demo"
    text||: "Total:"
  paragraph||e14: "A sturdy ceramic mug in ocean blue."
  paragraph||e15: "Today only: 10% off all mugs."`},
		{"states", `- option "Germany" [selected]
- radio "Express ($9.00)" [checked] [ref=f6e23]
- checkbox "Some" [checked=mixed] [ref=s3e9]
- button "Menu" [expanded] [pressed] [disabled] [ref=e2]
- button "Bold" [pressed=mixed] [expanded=false]
- generic [active] [ref=e1]`, `
document||
  option|Germany| selected=true
  radio|Express ($9.00)|f6e23 checked=true
  checkbox|Some|s3e9 checked=mixed
  button|Menu|e2 expanded=true pressed=true disabled=true
  button|Bold| expanded=false pressed=mixed
  generic||e1 active=true`},
		{"escaped quotes in name", `- button "Say \"hi\" \\ now" [ref=e3]`, `
document||
  button|Say "hi" \ now|e3`},
		{"unicode escapes", `- heading "caf\u00e9 \ud83d\ude00" [level=1]`, `
document||
  heading|café 😀| level=1`},
		{"quoted key", `- 'heading "Total: $5 it''s" [level=2] [ref=e4]'
- 'link "Go #1" [ref=e5]':
  - /url: "#one"`, `
document||
  heading|Total: $5 it's|e4 level=2
  link|Go #1|e5 url=#one`},
		{"yaml escapes in value", `- paragraph: "line\nbreak \"q\" \\ \x41\t"`, `
document||
  paragraph||: "line\nbreak \"q\" \\ A\t"`},
		{"single-quoted value", `- paragraph: 'it''s: here'`, `
document||
  paragraph||: "it's: here"`},
		{"nesting and dedent", `- main [ref=e1]:
  - list [ref=e2]:
    - listitem [ref=e3]: one
    - listitem [ref=e4]: two
  - button "Go" [ref=e5]
- contentinfo [ref=e6]`, `
document||
  main||e1
    list||e2
      listitem||e3: "one"
      listitem||e4: "two"
    button|Go|e5
  contentinfo||e6`},
		{"unknown attributes and props ignored", `- img "Logo" [box=1,2,3,4] [aria-hidden] [ref=e9]:
  - /src: x.png`, `
document||
  img|Logo|e9`},
		{"regex name kept as written", `- button /Log\/in/i`, `
document||
  button|/Log\/in/i|`},
		{"blank lines and CRLF", "- main:\r\n\r\n  - button \"A\"\r\n", `
document||
  main||
    button|A|`},
		{"empty input", "", `
document||`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := mustParseARIA(t, tt.in)
			got := strings.TrimSpace(dump(root))
			want := strings.TrimSpace(tt.want)
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestParseARIAErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"no dash", "- main:\n  button \"x\"", 2, "list item"},
		{"unterminated name", `- button "Add to cart [ref=e1]`, 1, "unterminated quoted name"},
		{"unterminated attr", "- main:\n  - button \"x\" [ref=e1", 2, "unterminated [attribute]"},
		{"bad level", `- heading "x" [level=high]`, 1, "bad heading level"},
		{"bad checked", `- checkbox "x" [checked=maybe]`, 1, "bad value for [checked]"},
		{"text after key", `- button "x" junk`, 1, "unexpected text after key"},
		{"child of inline value", "- paragraph: hello\n  - text: nested", 2, "no trailing ':'"},
		{"property at top", "- /url: /x", 1, "property outside"},
		{"unterminated value", "- main:\n  - paragraph: \"open", 2, "unterminated double-quoted value"},
		{"bad escape", `- paragraph: "\q"`, 1, `unknown escape \q`},
		{"bad json escape", `- button "\x41"`, 1, "bad escape in quoted name"},
		{"empty item", "- main:\n  -", 2, "empty list item"},
		{"tab indent", "- main:\n\t- button", 2, "tab in indentation"},
		{"missing role", `- [ref=e1]`, 1, "missing role"},
		{"unterminated quoted key", `- 'button "x"`, 1, "unterminated single-quoted key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseARIA(tt.in)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got error %v, want a *SyntaxError", err)
			}
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("errors.Is(%v, ErrSyntax) = false", err)
			}
			if se.Line != tt.line || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("got line %d %q, want line %d containing %q", se.Line, se.Msg, tt.line, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("aria snapshot line %d: ", tt.line)) {
				t.Errorf("got message %q, want it to start with the line number", err.Error())
			}
		})
	}
}

const markdownResult = "### Ran Playwright code\n```js\nawait page.goto('http://localhost:8080/');\n```\n" +
	"### Page\n- Page URL: http://localhost:8080/\n- Page Title: Demo Shop\n" +
	"### Snapshot\n```yaml\n- generic [active] [ref=e1]:\n  - button \"Click me\" [ref=e7]\n```\n"

func TestParseARIAMarkdown(t *testing.T) {
	root := mustParseARIA(t, markdownResult)
	if b := root.FindRef("e7"); b == nil || b.Name != "Click me" || b.Parent.Ref != "e1" {
		t.Fatalf("got %v, want button \"Click me\" under e1", b)
	}

	// Every captured tool result parses to the same tree as its bare YAML.
	mds, _ := filepath.Glob(filepath.Join("..", "mcpclient", "testdata", "snapshot-*.md"))
	for _, md := range mds {
		page := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(md), "snapshot-"), ".md")
		yamlPath := filepath.Join("testdata", page+".yaml")
		if _, err := os.Stat(yamlPath); err != nil {
			continue
		}
		b, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		got := dump(mustParseARIA(t, string(b)))
		want := dump(mustParseARIA(t, readTestdata(t, page+".yaml")))
		if got != want {
			t.Errorf("%s: markdown and YAML parse differently:\n%s\nvs\n%s", md, got, want)
		}
	}

	// A result that links its snapshot instead of inlining it.
	_, err := ParseARIA("### Page\n- Page URL: http://x/\n### Snapshot\n- [Snapshot](page.yml)\n")
	if !errors.Is(err, ErrNoSnapshot) {
		t.Errorf("got %v, want ErrNoSnapshot", err)
	}
}

func TestParseARIATestdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.yaml")
	if len(files) == 0 {
		t.Fatal("no testdata/*.yaml")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			root := mustParseARIA(t, readTestdata(t, filepath.Base(f)))
			lines := 0
			for _, l := range strings.Split(readTestdata(t, filepath.Base(f)), "\n") {
				if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "- /") {
					lines++
				}
			}
			nodes := -1 // not the root
			root.Walk(func(*Node) bool { nodes++; return true })
			if nodes != lines {
				t.Errorf("got %d nodes, want %d (one per non-property line)", nodes, lines)
			}
		})
	}

	root := mustParseARIA(t, readTestdata(t, "products.yaml"))
	btn := root.FindRef("f2e16")
	if btn == nil || btn.Role != "button" || btn.Name != "Add to cart" || !btn.Interactive() {
		t.Fatalf("got %+v, want button \"Add to cart\"", btn)
	}
	var path []string
	for _, a := range btn.Path() {
		path = append(path, a.Role+":"+a.Name)
	}
	if got, want := strings.Join(path, " > "), "document: > generic: > main: > generic: > article:Blue Mug"; got != want {
		t.Errorf("got path %q, want %q", got, want)
	}
	if got, want := btn.Parent.TextContent(), "Blue Mug A sturdy ceramic mug in ocean blue. $12.00 Add to cart"; got != want {
		t.Errorf("got TextContent %q, want %q", got, want)
	}
	if got := root.FindRef("nope"); got != nil {
		t.Errorf("got %v for a missing ref, want nil", got)
	}
	if got := root.FindRef("f2e6"); got == nil || got.URL != "/cart" || got.Name != "Cart 0 items" {
		t.Errorf("got %+v, want the cart link", got)
	}

	// Walk skips the children of a node when fn returns false.
	var roles []string
	root.Walk(func(n *Node) bool {
		roles = append(roles, n.Role)
		return n.Role != "banner" && n.Role != "main" && n.Role != "contentinfo"
	})
	if got, want := strings.Join(roles, ","), "document,generic,banner,main,contentinfo"; got != want {
		t.Errorf("got walk %q, want %q", got, want)
	}
}

func TestInteractive(t *testing.T) {
	for role, want := range map[string]bool{
		"button": true, "link": true, "textbox": true, "searchbox": true, "checkbox": true,
		"radio": true, "combobox": true, "listbox": true, "option": true, "menuitem": true,
		"menuitemcheckbox": true, "menuitemradio": true, "tab": true, "switch": true,
		"slider": true, "spinbutton": true, "treeitem": true,
		"heading": false, "article": false, "generic": false, "text": false, "img": false,
	} {
		if got := (&Node{Role: role}).Interactive(); got != want {
			t.Errorf("Interactive(%s): got %v, want %v", role, got, want)
		}
	}
	if (*Node)(nil).Interactive() {
		t.Error("nil node is interactive")
	}
}

func FuzzParseARIA(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.yaml")
	for _, p := range files {
		b, _ := os.ReadFile(p)
		f.Add(string(b))
	}
	f.Add(markdownResult)
	for _, s := range []string{
		`- 'heading "Total: $5" [level=2]'`, `- button "a\"b" [ref=e1]`, "- main:\n  - /url: x",
		`- paragraph: "\x4"`, `- paragraph: "\U0001F600"`, "- a:\n    - b:\n  - c", "-",
		"```yaml\n- x\n```", "### Snapshot\n```yaml\n- a [", `- b /x`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		root, err := ParseARIA(s)
		if err != nil {
			if root != nil {
				t.Fatalf("got a tree and error %v", err)
			}
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrNoSnapshot) {
				t.Fatalf("got error %v, want ErrSyntax or ErrNoSnapshot", err)
			}
			return
		}
		root.Walk(func(n *Node) bool {
			for _, c := range n.Children {
				if c.Parent != n {
					t.Fatalf("child %q of %q has the wrong parent", c.Role, n.Role)
				}
			}
			return true
		})
		_ = root.TextContent()
		// Downstream code must not panic on any parsed tree either.
		min := Minimize(root, &MinimizeOptions{Budget: 40, MaxText: 10})
		_ = Serialize(min)
		for ref := range interactiveRefs(root) {
			if min.FindRef(ref) == nil {
				t.Fatalf("ref %s lost by Minimize", ref)
			}
		}
		// With a focus (words of the page itself), the budget always holds,
		// in either encoding.
		focus := "click " + s[:len(s)/2]
		for _, c := range []*tokens.Counter{tokens.Default(), tokens.ForModel("gpt-4o")} {
			if got := c.Count(Serialize(Minimize(root, &MinimizeOptions{Budget: 40, MaxText: 10, Focus: focus, Tokens: c}))); got > 40 {
				t.Fatalf("got %d %s tokens with focus %q, want at most 40", got, c.Encoding(), focus)
			}
			// The budget's count from the lines is the count of the text.
			for _, tree := range []*Node{root, min} {
				if got, want := newTally(c).tree(tree), c.Count(Serialize(tree)); got != want {
					t.Fatalf("%s: %d tokens counted by line, %d in all", c.Encoding(), got, want)
				}
			}
		}
	})
}

func TestParseARIAFoldsValueUnderProperties(t *testing.T) {
	root := mustParseARIA(t, `- textbox "Username" [ref=e12]:
  - /placeholder: your user name
  - text: demo
- link "Docs" [ref=e13]:
  - /url: /docs
  - text: read
  - img "icon"`)
	if u := root.FindRef("e12"); u.Value != "demo" || len(u.Children) != 0 {
		t.Errorf("got value %q and %d children, want the text folded into the value", u.Value, len(u.Children))
	}
	if l := root.FindRef("e13"); l.Value != "" || len(l.Children) != 2 {
		t.Errorf("got value %q and %d children, want the two children kept", l.Value, len(l.Children))
	}
}
