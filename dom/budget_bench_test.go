package dom_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/corpus"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
)

// snapshotDir keeps the APG pages' snapshots between runs: read from it
// when there, else taken and written to it.
var snapshotDir = flag.String("budget.snapshots", "", "`dir` of the APG snapshots BenchmarkBudget reads, or writes when missing")

// budgets are the token budgets the figures are for: the language-model
// translator's default, and half of it.
var budgets = []int{2000, 1000}

// budgetPage is one page of the figures: its snapshot, and the actions
// whose elements are its targets.
type budgetPage struct {
	name, url string
	snapshot  string    // the YAML as Playwright MCP gave it
	root      *dom.Node // snapshot, parsed
	actions   []budgetAction
}

// budgetAction is an action the page is cut for, and the element it names
// by the rules translator; target is nil for a page no scenario acts on
// (the focus is then the page's first heading).
type budgetAction struct {
	action string
	target *dom.Node
}

// demoPaths are the paths of the demo pages under testdata, by file: a
// scenario that starts there is asked first for the page's target.
var demoPaths = map[string]string{
	"home": "/", "login": "/login", "products": "/products", "products-offer": "/products",
	"cart": "/cart", "checkout": "/checkout", "todo": "/todo/",
}

// encodings are the tokenizers the figures count in.
var encodings = []*tokens.Counter{tokens.ForModel("gpt-4"), tokens.ForModel("gpt-4o")}

// BenchmarkBudget prints the figures of the focused budget: for every
// action of the corpus scenarios on every demo page (the snapshots under
// testdata), every W3C APG example page (snapshots taken with the bundled
// @playwright/mcp in Chromium) and two synthetic news front pages, the
// tokens of the full snapshot, and for each budget and each tokenizer
// (cl100k_base, o200k_base) the tokens of the page cut for the action
// (Minimize with Budget, Focus the action, Tokens the tokenizer) and
// whether the action's target survived; beside them, the real cl100k
// tokens of the page the old estimate cut to 2,000. Then it times the
// budgeted Minimize of every page. It needs the browser, and skips
// without it (fails under CI), and the APG corpus (PLAINTEST_APG_CORPUS),
// and skips without it, CI or not.
//
// The actions of a page are the actions of the corpus scenarios
// (../corpus/scenarios) that the rules translator resolves to an element
// of that page as it loads: for demo pages those of the scenarios of the
// same site, for APG pages those of the scenarios that open it. A page no
// scenario acts on is cut for its first heading, with no target.
//
//	go test -run '^$' -bench Budget -benchtime 1x ./dom
func BenchmarkBudget(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	scenarios, err := corpus.Load(filepath.Join("..", "corpus", "scenarios"))
	if err != nil {
		b.Fatal(err)
	}
	pages := demoPages(b, scenarios)
	pages = append(pages, apgPages(ctx, b, scenarios)...)
	pages = append(pages, newsPages(b)...)

	type tally struct {
		cut            []int
		over, kept, of int
	}
	tallies := map[string]*tally{}
	key := func(budget int, c *tokens.Counter) string { return fmt.Sprintf("%d %s", budget, c.Encoding()) }
	for _, budget := range budgets {
		for _, c := range encodings {
			tallies[key(budget, c)] = &tally{}
		}
	}
	var rows []string
	oldOver, oldMax, cases, unshown := 0, 0, 0, 0
	var fullCl, fullO int
	for _, p := range pages {
		full := encodings[0].Count(p.snapshot)
		fullCl, fullO = fullCl+full, fullO+encodings[1].Count(p.snapshot)
		for _, a := range p.actions {
			cases++
			focus := a.action
			if focus == "" {
				focus = p.heading()
			}
			row := fmt.Sprintf("%-44s %-40.40s %7d", p.name, a.action, full)
			// A target the page shows whole (every element kept, nothing
			// collapsed) is one the budget may keep or cut; one it does not
			// show at all (text Minimize merges into its parent, an element
			// it drops) is counted apart.
			whole := dom.Minimize(p.root, &dom.MinimizeOptions{Budget: 1 << 30, Focus: focus})
			shown := a.target != nil && survives(whole, a.target)
			if a.target != nil && !shown {
				unshown++
				row = fmt.Sprintf("%-44s %-40.40s %7d (target not shown whole: %s)", p.name, a.action, full, a.target.Line())
			}
			for _, budget := range budgets {
				for _, c := range encodings {
					out := dom.Minimize(p.root, &dom.MinimizeOptions{Budget: budget, Focus: focus, Tokens: c})
					n := c.Count(dom.Serialize(out))
					t := tallies[key(budget, c)]
					t.cut = append(t.cut, n)
					mark := " "
					if n > budget {
						t.over++
						mark = "!"
						b.Errorf("%s (%s): %d %s tokens, over the budget of %d", p.name, a.action, n, c.Encoding(), budget)
					}
					if a.target != nil && shown {
						t.of++
						if survives(out, a.target) {
							t.kept++
							mark = "k"
						} else {
							mark = "CUT"
						}
					}
					row += fmt.Sprintf(" %5d %-3s", n, mark)
				}
			}
			old := encodings[0].Count(dom.Serialize(dom.MinimizeEstimated(p.root, budgets[0], focus)))
			if old > budgets[0] {
				oldOver++
			}
			oldMax = max(oldMax, old)
			rows = append(rows, row+fmt.Sprintf(" %7d", old))
		}
	}
	// To stdout: the testing package keeps only 10 lines of a benchmark's log.
	fmt.Printf("Focused budgets on %d pages, %d actions (k: the action's target kept; CUT: cut; !: over the budget):\n", len(pages), cases)
	header := fmt.Sprintf("%-44s %-40s %7s", "page", "action", "full")
	for _, budget := range budgets {
		for _, c := range encodings {
			header += fmt.Sprintf(" %9s", fmt.Sprintf("%d/%s", budget, strings.TrimSuffix(string(c.Encoding()), "_base")))
		}
	}
	fmt.Printf("%s %7s\n%s\n", header, "old2000", strings.Join(rows, "\n"))
	for _, budget := range budgets {
		for _, c := range encodings {
			t := tallies[key(budget, c)]
			slices.Sort(t.cut)
			fmt.Printf("budget %d in %s: max %d, median %d, over the budget %d of %d; targets kept %d of %d (%.1f%%)\n",
				budget, c.Encoding(), t.cut[len(t.cut)-1], t.cut[len(t.cut)/2], t.over, len(t.cut), t.kept, t.of, 100*float64(t.kept)/float64(max(t.of, 1)))
		}
	}
	fmt.Printf("targets the page does not show even whole (not counted above): %d\n", unshown)
	fmt.Printf("the old estimate's cut to %d: over it in cl100k_base tokens on %d of %d, worst %d\n", budgets[0], oldOver, cases, oldMax)
	fmt.Printf("full snapshots: %d cl100k_base tokens, %d o200k_base (cl100k/o200k %.3f)\n", fullCl, fullO, float64(fullCl)/float64(fullO))
	t := tallies[key(budgets[0], encodings[0])]
	b.ReportMetric(float64(t.cut[len(t.cut)-1]), "max-tokens")
	b.ReportMetric(float64(t.kept), "kept-targets")

	b.ResetTimer()
	for b.Loop() {
		for _, p := range pages {
			dom.Minimize(p.root, &dom.MinimizeOptions{Budget: budgets[0], Focus: p.heading()})
		}
	}
}

// heading is the page's first heading: the focus of a page no scenario
// acts on.
func (p *budgetPage) heading() string {
	var h string
	p.root.Walk(func(n *dom.Node) bool {
		if h == "" && n.Role == "heading" {
			h = n.Name
		}
		return h == ""
	})
	return h
}

// survives reports whether the budgeted tree out shows the target: its
// ref; for an element Minimize shows without a ref (a cell, a heading, an
// article), a node of the same role and name; for an unnamed wrapper that
// Minimize drops even without a budget (a column header around its
// button), the first control inside it.
func survives(out, target *dom.Node) bool {
	if target.Ref != "" && out.FindRef(target.Ref) != nil {
		return true
	}
	if target.Name != "" {
		found := false
		out.Walk(func(n *dom.Node) bool {
			found = found || n.Role == target.Role && n.Name == target.Name
			return !found
		})
		return found
	}
	var control *dom.Node
	target.Walk(func(n *dom.Node) bool {
		if control == nil && n != target && n.Interactive() && n.Ref != "" {
			control = n
		}
		return control == nil
	})
	return control != nil && out.FindRef(control.Ref) != nil
}

// targets returns the actions of the scenarios that the rules translator
// resolves to an element of root, each once, with that element; without
// any, one action "" with no target.
func targets(root *dom.Node, url string, scenarios []corpus.Scenario) []budgetAction {
	var out []budgetAction
	seen := map[string]bool{}
	for _, sc := range scenarios {
		if sc.ExpectError != "" {
			continue
		}
		for _, a := range sc.Actions {
			if seen[a] {
				continue
			}
			seen[a] = true
			steps, err := grammar.NewRules().Translate(context.Background(), translator.Request{Action: a, Page: root, URL: url})
			if err != nil || len(steps) == 0 || steps[0].Ref == "" {
				continue
			}
			if n := root.FindRef(steps[0].Ref); n != nil {
				out = append(out, budgetAction{a, n})
			}
		}
	}
	if len(out) == 0 {
		out = append(out, budgetAction{})
	}
	return out
}

// demoPages reads the demo pages under testdata with their targets.
func demoPages(b *testing.B, scenarios []corpus.Scenario) []budgetPage {
	files, err := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no testdata/*.yaml: %v", err)
	}
	var out []budgetPage
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		root, err := dom.ParseARIA(string(data))
		if err != nil {
			b.Fatalf("%s: %v", f, err)
		}
		site, path := corpus.SiteShop, demoPaths[name]
		if name == "todo" {
			site = corpus.SiteTodo
		}
		// The scenarios that start on the page first, then the site's others.
		var first, rest []corpus.Scenario
		for _, sc := range scenarios {
			switch {
			case sc.Site != site:
			case strings.SplitN(sc.Page, "?", 2)[0] == path:
				first = append(first, sc)
			default:
				rest = append(rest, sc)
			}
		}
		p := budgetPage{name: "demo " + name, url: "http://127.0.0.1" + path, snapshot: string(data), root: root}
		p.actions = targets(root, p.url, append(first, rest...))
		out = append(out, p)
	}
	return out
}

// apgPages snapshots every example page of the APG corpus in Chromium,
// through the bundled @playwright/mcp, with their targets. A page that a
// scenario opens with a query (?paused=true) is opened with it; its snapshot
// is taken once it stops changing (or after 3 s: the meter changes every
// 5 s). With -budget.snapshots, snapshots kept there are read instead.
func apgPages(ctx context.Context, b *testing.B, scenarios []corpus.Scenario) []budgetPage {
	dir := testkit.NeedAPGDir(b)
	files, err := filepath.Glob(filepath.Join(dir, "patterns", "*", "examples", "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no APG example pages under %s: %v", dir, err)
	}
	server := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer server.Close()
	var session *mcpclient.Session
	defer func() {
		if session != nil {
			session.Close()
		}
	}()
	snapshot := func(page string) string {
		if session == nil {
			opts := mcpclient.BundledOptions(0, 0)
			opts.OutputDir = b.TempDir()
			sc, err := mcpclient.Playwright(opts)
			testenv.Need(b, err)
			if session, err = mcpclient.Connect(ctx, sc, nil); err != nil {
				b.Fatalf("start playwright mcp: %v", err)
			}
		}
		call := func(tool string, args map[string]any) *mcpclient.Result {
			res, err := session.CallTool(ctx, tool, args)
			if err != nil {
				b.Fatalf("%s %s: %v", tool, page, err)
			}
			if res.IsError {
				b.Fatalf("%s %s: %s", tool, page, res.Error)
			}
			return res
		}
		call(mcpclient.ToolNavigate, map[string]any{"url": server.URL + page})
		// Snapshots until two in a row agree: the feed's articles arrive
		// one by one after the load.
		snap := call(mcpclient.ToolSnapshot, map[string]any{})
		for range 10 {
			select {
			case <-ctx.Done():
				b.Fatal(ctx.Err())
			case <-time.After(300 * time.Millisecond):
			}
			again := call(mcpclient.ToolSnapshot, map[string]any{})
			if again.Snapshot == snap.Snapshot {
				break
			}
			snap = again
		}
		return snap.Snapshot
	}

	var out []budgetPage
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			b.Fatal(err)
		}
		path := "/" + filepath.ToSlash(rel)
		var mine []corpus.Scenario
		for _, s := range scenarios {
			if s.Site == corpus.SiteAPG && strings.SplitN(s.Page, "?", 2)[0] == path {
				mine = append(mine, s)
			}
		}
		page := path
		if len(mine) > 0 {
			page = mine[0].Page
		}
		var text string
		kept := ""
		if *snapshotDir != "" {
			kept = filepath.Join(*snapshotDir, strings.NewReplacer("/", "_", "?", "_").Replace(strings.TrimPrefix(page, "/"))+".yaml")
			if data, err := os.ReadFile(kept); err == nil {
				text = string(data)
			}
		}
		if text == "" {
			text = snapshot(page)
			if kept != "" {
				if err := os.WriteFile(kept, []byte(text), 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
		root, err := dom.ParseARIA(text)
		if err != nil {
			b.Fatalf("snapshot of %s: %v", page, err)
		}
		p := budgetPage{name: "apg " + strings.TrimPrefix(page, "/patterns/"), url: server.URL + page, snapshot: text, root: root}
		p.actions = targets(root, p.url, mine)
		out = append(out, p)
	}
	return out
}

// newsPages are the synthetic news front pages of dom's tests (about
// 11,000 and 175,000 tokens), each cut for three actions on it.
func newsPages(b *testing.B) []budgetPage {
	var out []budgetPage
	for _, size := range [][2]int{{8, 20}, {34, 39}} {
		yaml := dom.NewsPage(size[0], size[1])
		root, err := dom.ParseARIA(yaml)
		if err != nil {
			b.Fatal(err)
		}
		p := budgetPage{name: fmt.Sprintf("synthetic news %dx%d", size[0], size[1]), snapshot: yaml, root: root}
		for _, a := range []struct{ action, role, name string }{
			{"open the story about the blue whale returning to the harbour", "link", "Blue whale returns to the harbour"},
			{"type whales into Search news", "searchbox", "Search news"},
			{"click Save story 3-7", "button", "Save story 3-7"},
		} {
			var target *dom.Node
			root.Walk(func(n *dom.Node) bool {
				if target == nil && n.Role == a.role && n.Name == a.name {
					target = n
				}
				return target == nil
			})
			if target == nil {
				b.Fatalf("%s: no %s %q", p.name, a.role, a.name)
			}
			p.actions = append(p.actions, budgetAction{a.action, target})
		}
		out = append(out, p)
	}
	return out
}
