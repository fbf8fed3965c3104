package locator

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// playwrightMCP starts the project's pinned @playwright/mcp server, found
// as the rest of plaintest finds it (mcpclient.Playwright:
// $PLAINTEST_PLAYWRIGHT_MCP, then node_modules above the working
// directory), and skips the test when node, the server or Chromium is
// missing (fails it under CI).
func playwrightMCP(t *testing.T, ctx context.Context) *mcpclient.Session {
	t.Helper()
	sc, err := mcpclient.Playwright(&mcpclient.PlaywrightOptions{OutputDir: t.TempDir()})
	testenv.Need(t, err)
	s, err := mcpclient.Connect(ctx, sc, nil)
	if err != nil {
		t.Fatalf("start playwright mcp: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// findNode returns the first node with the role whose name satisfies match.
func findNode(root *dom.Node, role string, match func(name string) bool) *dom.Node {
	var found *dom.Node
	root.Walk(func(n *dom.Node) bool {
		if found == nil && n.Role == role && match(n.Name) {
			found = n
		}
		return found == nil
	})
	return found
}

// waitSnapshot takes snapshots until cond holds on the parsed tree or ctx
// ends, and returns the last tree.
func waitSnapshot(t *testing.T, ctx context.Context, c *mcpclient.Session, what string, cond func(*dom.Node) bool) *dom.Node {
	t.Helper()
	for {
		root, err := dom.ParseARIA(testkit.CallText(t, c, "browser_snapshot", map[string]any{}))
		if err != nil {
			t.Fatalf("parse snapshot: %v", err)
		}
		if cond(root) {
			return root
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v\n%s", what, ctx.Err(), dom.Serialize(dom.Minimize(root, nil)))
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func hasName(role, name string) func(*dom.Node) bool {
	return func(root *dom.Node) bool {
		return findNode(root, role, func(n string) bool { return n == name }) != nil
	}
}

// TestSelectorsWithPlaywrightMCP checks for real that Selector() strings,
// synthesized from snapshots alone, work as `target` in @playwright/mcp.
func TestSelectorsWithPlaywrightMCP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	c := playwrightMCP(t, ctx)
	shop := httptest.NewServer(demoshop.Handler(nil))
	defer shop.Close()

	// 1. A synthesized, article-scoped locator adds the Blue Mug.
	testkit.CallText(t, c, "browser_navigate", map[string]any{"url": shop.URL + "/products"})
	root := waitSnapshot(t, ctx, c, "the products page", hasName("article", "Blue Mug"))
	article := findNode(root, "article", func(n string) bool { return n == "Blue Mug" })
	button := findNode(article, "button", func(n string) bool { return n == "Add to cart" })
	l, err := Synthesize(root, button)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Selector(), `internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]`; got != want {
		t.Errorf("got locator %s, want %s", got, want)
	}
	out := testkit.CallText(t, c, "browser_click", map[string]any{"target": l.Selector(), "element": "Add to cart button of Blue Mug"})
	root = waitSnapshot(t, ctx, c, `link "Cart 1 item"`, hasName("link", "Cart 1 item"))

	// The code Playwright MCP reports for the click parses back into a
	// locator that matches the same single button.
	ran, err := ParseLocatorCode(out)
	if err != nil {
		t.Errorf("ParseLocatorCode of the click result: %v\n%s", err, out)
	} else if t.Logf("Playwright MCP reported %s", ran.JS()); Count(root, ran) != 1 {
		t.Errorf("reported locator %s matches %d nodes, want 1", ran.Selector(), Count(root, ran))
	}

	// 2. A test id scope (not in the ARIA tree, so built by hand).
	byTestID := Locator{Parts: []LocatorPart{
		{Kind: PartTestID, Text: "product-red-mug"},
		{Kind: PartRole, Role: "button", Name: "Add to cart", Exact: true},
	}}
	testkit.CallText(t, c, "browser_click", map[string]any{"target": byTestID.Selector()})
	waitSnapshot(t, ctx, c, `link "Cart 2 items"`, hasName("link", "Cart 2 items"))

	// 3. Unnamed table rows: a role + hasText scope removes the Red Mug.
	testkit.CallText(t, c, "browser_navigate", map[string]any{"url": shop.URL + "/cart"})
	root = waitSnapshot(t, ctx, c, "the cart", hasName("cell", "Red Mug"))
	var remove *dom.Node
	root.Walk(func(n *dom.Node) bool {
		if n.Role == "row" && strings.Contains(n.TextContent(), "Red Mug") {
			remove = findNode(n, "button", func(s string) bool { return s == "Remove" })
		}
		return remove == nil
	})
	if remove == nil {
		t.Fatalf("no Remove button in the Red Mug row:\n%s", dom.Serialize(root))
	}
	l, err = Synthesize(root, remove)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(l.Selector(), "internal:has-text=") {
		t.Errorf("got %s, want a row scoped by its text", l.Selector())
	}
	testkit.CallText(t, c, "browser_click", map[string]any{"target": l.Selector()})
	root = waitSnapshot(t, ctx, c, `link "Cart 1 item"`, hasName("link", "Cart 1 item"))
	if findNode(root, "cell", func(n string) bool { return n == "Red Mug" }) != nil {
		t.Errorf("Red Mug still in the cart after clicking %s", l.Selector())
	}

	// 4. Label, placeholder and nth selectors type into the login form.
	testkit.CallText(t, c, "browser_navigate", map[string]any{"url": shop.URL + "/login"})
	waitSnapshot(t, ctx, c, "the login page", hasName("textbox", "Username"))
	for _, tc := range []struct {
		l    Locator
		text string
	}{
		{Locator{Parts: []LocatorPart{{Kind: PartPlaceholder, Text: "your user name"}}}, "demo"},
		{Locator{Parts: []LocatorPart{{Kind: PartLabel, Text: "Password", Exact: true}}}, "secret"},
	} {
		testkit.CallText(t, c, "browser_type", map[string]any{"target": tc.l.Selector(), "text": tc.text})
	}
	root = waitSnapshot(t, ctx, c, "typed values", func(root *dom.Node) bool {
		u := findNode(root, "textbox", func(n string) bool { return n == "Username" })
		return u != nil && u.Value == "demo"
	})
	nth := Locator{Parts: []LocatorPart{{Kind: PartRole, Role: "textbox"}, {Kind: PartNth, Index: 0}}}
	if got := Count(root, nth); got != 1 {
		t.Errorf("Count(%s): got %d, want 1", nth.Selector(), got)
	}
	testkit.CallText(t, c, "browser_type", map[string]any{"target": nth.Selector(), "text": "demo2"})
	waitSnapshot(t, ctx, c, "the value typed through nth", func(root *dom.Node) bool {
		u := findNode(root, "textbox", func(n string) bool { return n == "Username" })
		return u != nil && u.Value == "demo2"
	})

	// A selector matching nothing is a tool error (data), as REFERENCE.md says.
	res, err := c.CallTool(ctx, mcpclient.ToolClick, map[string]any{"target": Locator{Parts: []LocatorPart{{Kind: PartRole, Role: "button", Name: "No such button", Exact: true}}}.Selector()})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError {
		t.Error("clicking a missing button: got success, want a tool error")
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatal("timed out")
	}
}

// An identity's name selector holds the whole name in @playwright/mcp's
// Playwright: "Delete" names the Delete button, not "Delete all" nor
// "Undelete", whatever the case and spacing; the container's name is
// held by what its text holds.
func TestIdentityWholeNameWithPlaywrightMCP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	c := playwrightMCP(t, ctx)
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(`<!doctype html><title>People</title><table>
<tr><td>Ada Lovelace</td><td><button>  delete
</button> <button>Delete all</button> <button>Undelete</button></td></tr>
<tr><td>Grace Hopper</td><td><button>Delete</button></td></tr></table>`))
	}))
	defer page.Close()
	testkit.CallText(t, c, "browser_navigate", map[string]any{"url": page.URL})
	id, _ := ParseIdentity(`button "Delete" in row "Ada Lovelace"`)
	for _, tt := range []struct{ target, want string }{
		{"internal:role=button", "delete"},
		{`internal:role=button[name="Delete all"i]`, ""},
		{`internal:role=button[name="Undelete"i]`, ""},
	} {
		res, err := c.CallTool(ctx, "browser_evaluate", map[string]any{"target": id.AndSelector(tt.target), "function": "(el) => el.textContent.trim()"})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.want == "" && !res.NoMatch():
			t.Errorf("%s narrowed to %s: %s, want no match", tt.target, id, res.Text)
		case tt.want != "" && (res.IsError || !strings.Contains(res.Value, tt.want)):
			t.Errorf("%s narrowed to %s: %s, want the button %q", tt.target, id, res.Text, tt.want)
		}
	}
}
