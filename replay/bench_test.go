package replay

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// The replay benchmarks compare replaying testdata/login-add-mug.json with
// plaintest, through each browser server, against doing the same six
// actions directly with playwright-go, in one run, and print the ratios
// replay / direct:
//
//	CI=true go test ./replay -run '^$' -bench 'ReplayVsDirect' -benchtime 5x
//
// BenchmarkReplayVsDirect is what CI pays per scenario: the replay starts
// its server and Chromium (the built-in server in process, or
// @playwright/mcp) and runs the steps; the direct side starts the
// playwright-go driver and Chromium and runs the same actions.
// BenchmarkReplayVsDirectWarm times the steps alone, on a browser already
// running on every side: the per-step cost of replay. It interleaves the
// three sides in rotated rounds and prints each step's median per side, the
// ratio of the medians and the median of the rounds' own ratios; on a
// shared machine give it many rounds:
//
//	CI=true go test ./replay -run '^$' -bench 'ReplayVsDirectWarm' -benchtime 15x
//
// Every side drives the same browser build, the one the servers launch
// headless (launch).

// startDirect starts playwright-go without a download (REFERENCE.md §3): a
// driver directory with node and the repository's playwright-core (1.64.1,
// the version github.com/mxschmitt/playwright-go drives).
func startDirect(b *testing.B) *playwright.Playwright {
	b.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(b, "node: %v", err)
	}
	core, err := filepath.Abs("../node_modules/playwright-core")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(core, "cli.js")); err != nil {
		testenv.Missing(b, "playwright-core (run npm ci): %v", err)
	}
	dir := b.TempDir()
	if err := os.Symlink(node, filepath.Join(dir, "node")); err != nil {
		b.Fatal(err)
	}
	if err := os.Symlink(core, filepath.Join(dir, "package")); err != nil {
		b.Fatal(err)
	}
	pw, err := playwright.Run(&playwright.RunOptions{DriverDirectory: dir, SkipInstallBrowsers: true, Verbose: false})
	if err != nil {
		b.Fatalf("playwright-go: %v", err)
	}
	return pw
}

// launch starts, headless, the browser both servers launch headless
// (mcpclient.ChromiumFor: the headless shell when installed), so that every
// side drives the same build. (Until it did, playwright-go drove the full
// browser, which costs twice the processor time, and looked slower than
// the servers.)
func launch(b *testing.B, pw *playwright.Playwright) playwright.Browser {
	b.Helper()
	chromium, err := mcpclient.ChromiumFor(false)
	if err != nil {
		testenv.Missing(b, "%v", err)
	}
	browser, err := pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
		ExecutablePath:  playwright.String(chromium),
		Headless:        playwright.Bool(true),
		ChromiumSandbox: playwright.Bool(false),
	})
	if err != nil {
		b.Fatalf("launch chromium: %v", err)
	}
	return browser
}

// directSteps does what login-add-mug.json does, with playwright-go.
func directSteps(page playwright.Page, base string) error {
	_, err := timedDirectSteps(page, base)
	return err
}

// timedDirectSteps does what login-add-mug.json does, with playwright-go,
// and returns each step's time.
func timedDirectSteps(page playwright.Page, base string) ([]time.Duration, error) {
	steps := []func() error{
		func() error { _, err := page.Goto(base + "/login"); return err },
		func() error { return page.GetByLabel("Username").Fill("demo") },
		func() error { return page.GetByLabel("Password").Fill(demoshop.Password) },
		func() error {
			return page.GetByRole("button", playwright.PageGetByRoleOptions{Name: "Log in", Exact: playwright.Bool(true)}).Click()
		},
		func() error {
			return page.GetByTestId("product-blue-mug").GetByRole("button", playwright.LocatorGetByRoleOptions{Name: "Add to cart"}).Click()
		},
		func() error { return page.GetByText("1 item").First().WaitFor() },
	}
	times := make([]time.Duration, len(steps))
	for i, s := range steps {
		start := time.Now()
		if err := s(); err != nil {
			return nil, fmt.Errorf("direct step %d: %w", i+1, err)
		}
		times[i] = time.Since(start)
	}
	return times, nil
}

// printRatios reports the medians of the runs of each replay server and
// of playwright-go, which a busy machine's outliers do not move, and the
// ratio of each server's to playwright-go's.
func printRatios(b *testing.B, label string, steps int, builtin, playwrightMCP, direct []time.Duration) {
	d := testkit.Median(direct).Seconds()
	b.ReportMetric(d*1000, "playwright-go-ms/op")
	fmt.Printf("%s, median of %d runs: playwright-go %.0f ms (%.0f ms a step)\n", label, len(direct), d*1000, d*1000/float64(steps))
	for _, server := range []struct {
		name, metric string
		runs         []time.Duration
	}{{"the built-in server", "builtin", builtin}, {"@playwright/mcp", "playwright-mcp", playwrightMCP}} {
		r := testkit.Median(server.runs).Seconds()
		b.ReportMetric(r*1000, server.metric+"-ms/op")
		b.ReportMetric(r/d, server.metric+"/playwright-go")
		fmt.Printf("  replay through %s %.0f ms (%.0f ms a step): %.2fx playwright-go\n", server.name, r*1000, r*1000/float64(steps), r/d)
	}
}

// benchShop serves the demo shop for the life of b and loads the demo
// scenario both benchmarks replay.
func benchShop(b *testing.B) (*httptest.Server, *sandy.Scenario) {
	b.Helper()
	needBrowser(b)
	srv := httptest.NewServer(demoshop.Handler(nil))
	b.Cleanup(srv.Close)
	sc, err := sandy.Load("testdata/login-add-mug.json")
	if err != nil {
		b.Fatal(err)
	}
	return srv, sc
}

func BenchmarkReplayVsDirect(b *testing.B) {
	srv, sc := benchShop(b)
	vars := &Options{Vars: demoVars(srv.URL)}
	pwMCP := New(&ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(defaults.Step, 0)}, vars)
	replay := func(p *Player) time.Duration {
		start := time.Now()
		res, err := p.Run(context.Background(), "login-add-mug.json", sc)
		if err != nil || !res.Success {
			b.Fatalf("replay: %v %s", err, res.Error)
		}
		return time.Since(start)
	}
	var builtinRuns, mcpRuns, directRuns []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// The built-in server as plaintest replay starts it: in process,
		// for the run, without snapshots in action results.
		start := time.Now()
		bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true})
		if err != nil {
			b.Fatal(err)
		}
		replay(New(ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return bs.Connect(ctx, nil) }), vars))
		if err := bs.Close(); err != nil {
			b.Fatal(err)
		}
		builtinRuns = append(builtinRuns, time.Since(start))

		mcpRuns = append(mcpRuns, replay(pwMCP))

		start = time.Now()
		pw := startDirect(b)
		browser := launch(b, pw)
		page, err := browser.NewPage()
		if err != nil {
			b.Fatal(err)
		}
		if err := directSteps(page, srv.URL); err != nil {
			b.Fatal(err)
		}
		if err := browser.Close(); err != nil {
			b.Fatal(err)
		}
		if err := pw.Stop(); err != nil {
			b.Fatal(err)
		}
		directRuns = append(directRuns, time.Since(start))
	}
	printRatios(b, "cold (start the browser stack, run 6 steps, stop)", len(sc.Steps), builtinRuns, mcpRuns, directRuns)
}

// warmSession starts the bundled @playwright/mcp for the life of b.
func warmSession(b *testing.B) *mcpclient.Session {
	b.Helper()
	cfg, err := mcpclient.Playwright(mcpclient.BundledOptions(defaults.Step, 0))
	if err != nil {
		b.Fatal(err)
	}
	session, err := mcpclient.Connect(context.Background(), cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { session.Close() })
	return session
}

// keepOpen is a ToolCaller whose Close does nothing, to reuse one session.
type keepOpen struct{ ToolCaller }

// side is one way of running the scenario's steps in a warm benchmark:
// each run gives its whole time and each step's.
type side struct {
	name string // as printed: "the built-in server"
	run  func() (total time.Duration, steps []time.Duration)

	totals []time.Duration
	steps  [][]time.Duration // steps[j]: step j+1's times, a run each
}

func (s *side) record(total time.Duration, steps []time.Duration) {
	s.totals = append(s.totals, total)
	for j, d := range steps {
		if j >= len(s.steps) {
			s.steps = append(s.steps, nil)
		}
		s.steps[j] = append(s.steps[j], d)
	}
}

// stepSum is the sum of run i's step times: the steps without what a run
// does around them (a replay's session opened and closed).
func (s *side) stepSum(i int) time.Duration {
	var t time.Duration
	for _, runs := range s.steps {
		t += runs[i]
	}
	return t
}

func (s *side) stepSums() []time.Duration {
	out := make([]time.Duration, len(s.totals))
	for i := range out {
		out[i] = s.stepSum(i)
	}
	return out
}

// interleave runs each side b.N times, in turn within each round and in a
// rotated order from one round to the next (A B C, B C A, C A B, ...), so
// that a burst of load on a shared machine falls on every side alike and
// none always runs after the same one. between runs after every run of a
// side, untimed.
func interleave(b *testing.B, sides []*side, between func(*side)) {
	b.Helper()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range sides {
			s := sides[(i+k)%len(sides)]
			s.record(s.run())
			b.StopTimer()
			if between != nil {
				between(s)
			}
			// Let what a side does after its run (a context closing, the
			// built-in server making the next one ahead) end before the
			// next side runs.
			time.Sleep(settlePause)
			b.StartTimer()
		}
	}
	b.StopTimer()
}

// settlePause is the untimed pause after each run of an interleaved
// benchmark.
const settlePause = 300 * time.Millisecond

// ms is d in milliseconds, for printing.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// pairedRatio is the median over rounds of side a's time over side b's in
// the same round: load that changes between rounds cancels out.
func pairedRatio(a, b []time.Duration) float64 {
	rs := make([]float64, 0, len(a))
	for i := range a {
		if i < len(b) && b[i] > 0 {
			rs = append(rs, float64(a[i])/float64(b[i]))
		}
	}
	slices.Sort(rs)
	switch n := len(rs); {
	case n == 0:
		return 0
	case n%2 == 1:
		return rs[n/2]
	default:
		return (rs[n/2-1] + rs[n/2]) / 2
	}
}

// printWarm prints, for sides[1:] against sides[0] (playwright-go), the
// median time of each step, of the steps together and of the whole run,
// the ratio of the medians and the median of the rounds' ratios, and
// reports the ratios as metrics.
func printWarm(b *testing.B, sc *sandy.Scenario, sides []*side, metrics []string) {
	direct := sides[0]
	fmt.Printf("warm, steps on a running browser: medians of %d interleaved rounds (ms)\n", len(direct.totals))
	fmt.Printf("  %-34s", "step")
	for _, s := range sides {
		fmt.Printf(" %20s", s.name)
	}
	fmt.Println()
	for j, st := range sc.Steps {
		label := st.Description
		if len(label) > 34 {
			label = label[:34]
		}
		fmt.Printf("  %-34s", fmt.Sprintf("%d %s", j+1, label))
		for _, s := range sides {
			fmt.Printf(" %20.0f", ms(testkit.Median(s.steps[j])))
		}
		fmt.Println()
	}
	row := func(label string, of func(*side) []time.Duration) {
		fmt.Printf("  %-34s", label)
		for _, s := range sides {
			fmt.Printf(" %20.0f", ms(testkit.Median(of(s))))
		}
		fmt.Println()
	}
	row("the 6 steps", (*side).stepSums)
	row("the run (replay: session too)", func(s *side) []time.Duration { return s.totals })
	steps := float64(len(sc.Steps))
	d := ms(testkit.Median(direct.stepSums()))
	b.ReportMetric(d, "playwright-go-steps-ms/op")
	for k, s := range sides[1:] {
		r := ms(testkit.Median(s.stepSums()))
		ratio, paired := r/d, pairedRatio(s.stepSums(), direct.stepSums())
		runRatio := ms(testkit.Median(s.totals)) / ms(testkit.Median(direct.totals))
		fmt.Printf("  %s: %.0f ms a step against playwright-go's %.0f: %.2fx (ratio of medians; median of the rounds' ratios %.2fx; whole run %.2fx)\n",
			s.name, r/steps, d/steps, ratio, paired, runRatio)
		b.ReportMetric(r, metrics[k]+"-steps-ms/op")
		b.ReportMetric(ratio, metrics[k]+"/playwright-go")
		b.ReportMetric(paired, metrics[k]+"/playwright-go-paired")
	}
}

// BenchmarkReplayVsDirectWarm times the scenario's steps on a browser
// already running, through the built-in server, @playwright/mcp and
// playwright-go, interleaved (see interleave). Each run of the built-in
// server is a session of one server kept running (a fresh browser context,
// as every replay has; the server makes it ahead when the previous run's
// session ends, as the runs here come with pauses between them: a suite's
// sessions, back to back, have it made beside them), of @playwright/mcp one session kept open (its cart emptied
// between runs, untimed), and of playwright-go a fresh context made before
// the run is timed. A replay's step times are its report's; the run's
// time adds opening and closing the session.
//
//	CI=true go test ./replay -run '^$' -bench 'ReplayVsDirectWarm' -benchtime 15x
func BenchmarkReplayVsDirectWarm(b *testing.B) {
	srv, sc := benchShop(b)
	ctx := context.Background()
	vars := &Options{Vars: demoVars(srv.URL)}
	session := warmSession(b)
	pwMCP := New(ServersFunc(func(context.Context, string, Needs) (ToolCaller, error) { return keepOpen{session}, nil }), vars)
	bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true})
	if err != nil {
		b.Fatal(err)
	}
	defer bs.Close()
	// The built-in server's runs open and close a session (a browser
	// context) as every replay does; how long that takes is printed too.
	var opens, closes []time.Duration
	builtin := New(ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) {
		start := time.Now()
		s, err := bs.Connect(ctx, nil)
		opens = append(opens, time.Since(start))
		if err != nil {
			return nil, err
		}
		return timedClose{s, &closes}, nil
	}), vars)
	emptyCart := func() {
		if _, err := session.CallTool(ctx, "browser_navigate", map[string]any{"url": srv.URL + "/cart"}); err != nil {
			b.Fatal(err)
		}
		if r, err := session.CallTool(ctx, "browser_click", map[string]any{"target": "internal:role=button[name=\"Remove\"s]"}); err != nil || r.IsError {
			b.Fatalf("empty the cart: %v %v", err, r)
		}
	}
	pw := startDirect(b)
	defer pw.Stop()
	browser := launch(b, pw)
	defer browser.Close()
	replay := func(p *Player) func() (time.Duration, []time.Duration) {
		return func() (time.Duration, []time.Duration) {
			start := time.Now()
			res, err := p.Run(ctx, "login-add-mug.json", sc)
			total := time.Since(start)
			if err != nil || !res.Success {
				b.Fatalf("replay: %v %s", err, res.Error)
			}
			steps := make([]time.Duration, len(res.Steps))
			for j, st := range res.Steps {
				steps[j] = st.Duration
			}
			return total, steps
		}
	}
	direct := func() (time.Duration, []time.Duration) {
		bctx, err := browser.NewContext()
		if err != nil {
			b.Fatal(err)
		}
		defer bctx.Close()
		page, err := bctx.NewPage()
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		steps, err := timedDirectSteps(page, srv.URL)
		if err != nil {
			b.Fatal(err)
		}
		return time.Since(start), steps
	}
	pwgo := &side{name: "playwright-go", run: direct}
	bi := &side{name: "built-in server", run: replay(builtin)}
	mcp := &side{name: "@playwright/mcp", run: replay(pwMCP)}
	sides := []*side{pwgo, bi, mcp}
	// Warm every side up with one untimed run.
	for _, s := range sides {
		s.run()
	}
	emptyCart()
	opens, closes = nil, nil
	interleave(b, sides, func(s *side) {
		if s == mcp {
			emptyCart()
		}
	})
	printWarm(b, sc, sides, []string{"builtin", "playwright-mcp"})
	fmt.Printf("  of the built-in server's runs: opening the session %.1f ms, closing it %.1f ms (medians)\n",
		ms(testkit.Median(opens)), ms(testkit.Median(closes)))
}

// timedClose is a session whose Close is timed.
type timedClose struct {
	*mcpclient.Session
	closes *[]time.Duration
}

func (c timedClose) Close() error {
	start := time.Now()
	err := c.Session.Close()
	*c.closes = append(*c.closes, time.Since(start))
	return err
}

// countCalls counts the calls made through a session.
type countCalls struct {
	keepOpen
	n *int
}

func (c countCalls) CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error) {
	*c.n++
	return c.keepOpen.CallTool(ctx, name, args)
}

// BenchmarkIdentityCheck replays the demo scenario on one warm browser
// with identity checks (the default) and without (Options.NoIdentity),
// alternately, and reports the time ratio and the calls each made: the
// check is folded into the action's own target, so it adds no call.
func BenchmarkIdentityCheck(b *testing.B) {
	srv, sc := benchShop(b)
	ctx := context.Background()
	session := warmSession(b)
	var calls int
	player := func(noIdentity bool) *Player {
		return New(ServersFunc(func(context.Context, string, Needs) (ToolCaller, error) {
			return countCalls{keepOpen{session}, &calls}, nil
		}), &Options{Vars: demoVars(srv.URL), NoIdentity: noIdentity})
	}
	checked, unchecked := player(false), player(true)
	emptyCart := func() {
		if _, err := session.CallTool(ctx, "browser_navigate", map[string]any{"url": srv.URL + "/cart"}); err != nil {
			b.Fatal(err)
		}
		if r, err := session.CallTool(ctx, "browser_click", map[string]any{"target": "internal:role=button[name=\"Remove\"s]"}); err != nil || r.IsError {
			b.Fatalf("empty the cart: %v %v", err, r)
		}
	}
	run := func(p *Player) (time.Duration, int) {
		calls = 0
		start := time.Now()
		res, err := p.Run(ctx, "login-add-mug.json", sc)
		if err != nil || !res.Success {
			b.Fatalf("replay: %v %s", err, res.Error)
		}
		d, n := time.Since(start), calls
		b.StopTimer()
		emptyCart()
		b.StartTimer()
		return d, n
	}
	run(checked) // warm up
	var on, off []time.Duration
	var onCalls, offCalls int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, n := run(checked)
		on, onCalls = append(on, d), n
		d, n = run(unchecked)
		off, offCalls = append(off, d), n
	}
	r, d := testkit.Median(on).Seconds(), testkit.Median(off).Seconds()
	b.ReportMetric(r*1000, "checked-ms/op")
	b.ReportMetric(d*1000, "unchecked-ms/op")
	b.ReportMetric(r/d, "checked/unchecked")
	b.ReportMetric(float64(onCalls-offCalls), "extra-calls/run")
	fmt.Printf("identity checks: %.0f ms checked, %.0f ms unchecked (median of %d), ratio %.2f; %d calls checked, %d unchecked\n",
		r*1000, d*1000, b.N, r/d, onCalls, offCalls)
}
