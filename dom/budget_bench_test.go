package dom_test

import (
	"context"
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
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/translator"
)

// budget is the token budget the figures are for: the language-model
// translator's default.
const budget = 2000

// budgetPage is one page of the figures: its snapshot, and the action whose
// element is its target.
type budgetPage struct {
	name, url string
	snapshot  string    // the YAML as Playwright MCP gave it
	root      *dom.Node // snapshot, parsed
	action    string    // the focus; "" when no scenario acts on the page
	target    *dom.Node // the element the action names, by the rules translator
}

// demoPaths are the paths of the demo pages under testdata, by file: a
// scenario that starts there is asked first for the page's target.
var demoPaths = map[string]string{
	"home": "/", "login": "/login", "products": "/products", "products-offer": "/products",
	"cart": "/cart", "checkout": "/checkout", "todo": "/todo/",
}

// BenchmarkBudget prints the figures of the focused budget: for every demo
// page (the snapshots under testdata) and every example page of the W3C APG
// corpus (snapshots taken with the bundled @playwright/mcp in Chromium), the
// tokens of the full snapshot, of the minimized one (Minimize, no options)
// and of the budgeted one (Budget 2000, Focus the page's target action), and
// whether the action's target survived; then it times the budgeted
// Minimize over all of them. It needs the browser and the APG corpus, and
// skips without them (fails under CI).
//
// The target action of a page is the first action of the corpus scenarios
// (../corpus/scenarios) that the rules translator resolves to an element of
// that page: the scenarios that start on the page first, then, for demo
// pages, the other scenarios of the same site. Without one (an APG page no
// scenario opens), the focus is the page's first heading and no target is
// counted.
//
//	go test -run '^$' -bench Budget ./dom
func BenchmarkBudget(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	scenarios, err := corpus.Load(filepath.Join("..", "corpus", "scenarios"))
	if err != nil {
		b.Fatal(err)
	}
	pages := demoPages(b, scenarios)
	pages = append(pages, apgPages(ctx, b, scenarios)...)

	var rows []string
	var budgeted []int
	kept, targets := 0, 0
	for _, p := range pages {
		full := dom.EstimateTokens(p.snapshot)
		min := dom.EstimateTokens(dom.Serialize(dom.Minimize(p.root, nil)))
		out := dom.Minimize(p.root, &dom.MinimizeOptions{Budget: budget, Focus: p.focus()})
		cut := dom.EstimateTokens(dom.Serialize(out))
		if cut > budget {
			b.Errorf("%s: %d tokens, over the budget of %d", p.name, cut, budget)
		}
		budgeted = append(budgeted, cut)
		survived := "-"
		if p.target != nil {
			targets++
			survived = "cut"
			if survives(out, p.target) {
				kept++
				survived = "kept"
			}
		}
		rows = append(rows, fmt.Sprintf("%-58s %7d %7d %7d  %-4s  %s", p.name, full, min, cut, survived, targetLine(p)))
	}
	slices.Sort(budgeted)
	// To stdout: the testing package keeps only 10 lines of a benchmark's log.
	fmt.Printf("Focused budget of %d tokens on %d pages (tokens by dom.EstimateTokens):\n%-58s %7s %7s %7s  %-4s  %s\n%s\n"+
		"Budgeted tokens: max %d, median %d. Targets kept: %d/%d.\n",
		budget, len(pages), "page", "full", "min", "budget", "kept", "target (action)", strings.Join(rows, "\n"),
		budgeted[len(budgeted)-1], budgeted[len(budgeted)/2], kept, targets)
	b.ReportMetric(float64(budgeted[len(budgeted)-1]), "max-tokens")
	b.ReportMetric(float64(kept), "kept-targets")

	b.ResetTimer()
	for b.Loop() {
		for _, p := range pages {
			dom.Minimize(p.root, &dom.MinimizeOptions{Budget: budget, Focus: p.focus()})
		}
	}
}

// focus is what the page is cut for: its action, else its first heading.
func (p *budgetPage) focus() string {
	if p.action != "" {
		return p.action
	}
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

func targetLine(p budgetPage) string {
	if p.target == nil {
		return fmt.Sprintf("(none; focus %q)", p.focus())
	}
	return fmt.Sprintf("%s (%s)", p.target.Line(), p.action)
}

// target returns the first action of the scenarios that the rules
// translator resolves to an element of root, and that element.
func target(root *dom.Node, url string, scenarios []corpus.Scenario) (string, *dom.Node) {
	for _, sc := range scenarios {
		if sc.ExpectError != "" {
			continue
		}
		for _, a := range sc.Actions {
			steps, err := translator.NewRules().Translate(context.Background(), translator.Request{Action: a, Page: root, URL: url})
			if err != nil || len(steps) == 0 || steps[0].Ref == "" {
				continue
			}
			if n := root.FindRef(steps[0].Ref); n != nil {
				return a, n
			}
		}
	}
	return "", nil
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
		p.action, p.target = target(root, p.url, append(first, rest...))
		out = append(out, p)
	}
	return out
}

// apgDir finds the APG corpus as the corpus suite does:
// $PLAINTEST_APG_CORPUS, ../../shared/corpus/apg, /work/shared/corpus/apg.
func apgDir(b *testing.B) string {
	var tried []string
	for _, d := range []string{os.Getenv("PLAINTEST_APG_CORPUS"), filepath.Join("..", "..", "shared", "corpus", "apg"), "/work/shared/corpus/apg"} {
		if d == "" {
			continue
		}
		if fi, err := os.Stat(filepath.Join(d, "patterns")); err == nil && fi.IsDir() {
			return d
		}
		tried = append(tried, d)
	}
	testenv.Missing(b, "the APG corpus (set PLAINTEST_APG_CORPUS): tried %s", strings.Join(tried, ", "))
	return ""
}

// apgPages snapshots every example page of the APG corpus in Chromium,
// through the bundled @playwright/mcp, with their targets. A page that a
// scenario opens with a query (?paused=true) is opened with it; its snapshot
// is taken once it stops changing (or after 3 s: the meter changes every
// 5 s).
func apgPages(ctx context.Context, b *testing.B, scenarios []corpus.Scenario) []budgetPage {
	dir := apgDir(b)
	files, err := filepath.Glob(filepath.Join(dir, "patterns", "*", "examples", "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no APG example pages under %s: %v", dir, err)
	}
	opts := mcpclient.BundledOptions(0, 0)
	opts.OutputDir = b.TempDir()
	sc, err := mcpclient.Playwright(opts)
	testenv.Need(b, err)
	session, err := mcpclient.Connect(ctx, sc, nil)
	if err != nil {
		b.Fatalf("start playwright mcp: %v", err)
	}
	defer session.Close()
	server := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer server.Close()

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
		root, err := dom.ParseARIA(snap.Snapshot)
		if err != nil {
			b.Fatalf("snapshot of %s: %v", page, err)
		}
		p := budgetPage{name: "apg " + strings.TrimPrefix(page, "/patterns/"), url: server.URL + page, snapshot: snap.Snapshot, root: root}
		p.action, p.target = target(root, p.url, mine)
		out = append(out, p)
	}
	return out
}
