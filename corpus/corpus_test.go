package corpus

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/prove"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/sandyexport"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/permission"
)

// The browser servers the suite compiles and replays through: builtin (one
// built-in server for the whole suite, a context per run) or
// playwright-mcp (the bundled @playwright/mcp, one per scenario run: a node
// start and a browser launch each, which made the suite take 18 minutes of
// make test's 2 cores). Compiled through one and replayed through the other
// is the cross-server check:
//
//	go test ./corpus -run TestCorpus -corpus.compile playwright-mcp -corpus.replay builtin
//	go test ./corpus -run TestCorpus -corpus.compile builtin -corpus.replay playwright-mcp
//
// Both servers' compiles must give the golden exports.
var (
	compileServer = flag.String("corpus.compile", "builtin", "browser server to compile through: playwright-mcp or builtin")
	replayServer  = flag.String("corpus.replay", "builtin", "browser server to replay through: playwright-mcp or builtin")
	// only narrows the suite to the scenarios whose names match, for
	// working on a few: the rate and the cosmetic builds are then left
	// out, and only the mutants of sites all of whose scenarios match run
	// (-corpus.run fw- runs the framework pages' mutants).
	only = flag.String("corpus.run", "", "run only the scenarios whose names match this `regexp`")
)

// builtins are the suite's built-in servers, started on first use: one to
// compile through (action results with snapshots) and one to replay
// through (without).
var builtins struct {
	sync.Mutex
	compile, replay *browserserver.Server
}

// builtinServer returns the suite's built-in server for replay or compile.
func builtinServer(forReplay bool) (*browserserver.Server, error) {
	builtins.Lock()
	defer builtins.Unlock()
	s := &builtins.compile
	if forReplay {
		s = &builtins.replay
	}
	if *s == nil {
		bs, err := browserserver.New(&browserserver.Options{ActionTimeout: actionTimeout, NoActionSnapshots: forReplay})
		if err != nil {
			return nil, err
		}
		*s = bs
	}
	return *s, nil
}

// grantedServer is builtinServer for a test that sets no browser
// permission; for one that does, a built-in server of its own whose
// contexts start with the grant, which done stops.
func grantedServer(g permit.Grant, forReplay bool) (bs *browserserver.Server, done func(), err error) {
	if !g.Set {
		bs, err = builtinServer(forReplay)
		return bs, func() {}, err
	}
	bs, err = browserserver.New(&browserserver.Options{ActionTimeout: actionTimeout, NoActionSnapshots: forReplay, Grant: g})
	if err != nil {
		return nil, nil, err
	}
	return bs, func() { bs.Close() }, nil
}

// closeBuiltins stops the built-in servers started (TestMain, when every
// test is done).
func closeBuiltins() {
	builtins.Lock()
	defer builtins.Unlock()
	for _, s := range []**browserserver.Server{&builtins.compile, &builtins.replay} {
		if *s != nil {
			(*s).Close()
			*s = nil // a later test starts its own
		}
	}
}

// flaky reports whether known-failures.txt lists the scenario as one whose
// outcome the page's own timing decides: either outcome is reported, at
// compile and at replay, neither fails the suite, and a failure counts
// against the rate.
func flaky(known map[string]string, name string) bool {
	return strings.HasPrefix(known[name], "flaky")
}

// litModules finds the node_modules folder holding the pinned lit, beside
// the checkout's package.json. Missing, the test skips, or fails in CI.
func litModules(t testing.TB) string {
	t.Helper()
	dir, _ := filepath.Abs(filepath.Join("..", "node_modules"))
	if _, err := os.Stat(filepath.Join(dir, "lit", "index.js")); err != nil {
		testenv.Missing(t, "lit in %s (run npm ci)", dir)
	}
	return dir
}

// sites serves one build of the demo apps and the corpus.
type sites struct{ shop, apg, lit, fw, trip string }

func (s sites) base(site string) string {
	switch site {
	case SiteAPG:
		return s.apg
	case SiteLit:
		return s.lit
	case SiteFrameworks:
		return s.fw
	case SiteTrip:
		return s.trip
	}
	return s.shop
}

// serve serves a build of the demo apps, the APG corpus at apg (when set),
// the Lit page, the framework pages and the trip pages; a mutant of
// LitMutants, FrameworkMutants or TripMutants in opts breaks that page,
// the demo apps served as they are.
func serve(t *testing.T, opts *demoshop.Options, apg string) sites {
	t.Helper()
	litMutant := ""
	if opts != nil && LitMutants[opts.Mutant] != "" {
		litMutant, opts = opts.Mutant, nil
	}
	shop := httptest.NewServer(demoshop.Handler(opts))
	t.Cleanup(shop.Close)
	lit := httptest.NewServer(LitHandler("lit", litModules(t), litMutant))
	t.Cleanup(lit.Close)
	mutant := ""
	if opts != nil {
		mutant = opts.Mutant
	}
	fw := httptest.NewServer(frameworksHandler(t, mutant))
	t.Cleanup(fw.Close)
	trip := httptest.NewServer(tripHandler(t, mutant))
	t.Cleanup(trip.Close)
	s := sites{shop: shop.URL, lit: lit.URL, fw: fw.URL, trip: trip.URL}
	if apg != "" {
		files := httptest.NewServer(http.FileServer(http.Dir(apg)))
		t.Cleanup(files.Close)
		s.apg = files.URL
	}
	return s
}

// compiled is what one scenario's compile gave.
type compiled struct {
	sc     Scenario
	res    *parser.ParserResult
	export *sandy.Scenario
	err    error
}

// timeout is how long compile and replay wait for elements and checks.
const timeout = 5 * time.Second

// actionTimeout is how long the built-in servers the tests share let one
// action wait to be actionable: longer than a user's default, because
// every package's browsers share 2 cores under make test, and a click on a
// plain tab once took over 5 s there (must-fail pair selected-tab). An
// action that succeeds takes no longer for it; checks still wait timeout.
const actionTimeout = 15 * time.Second

// workers is how many scenarios compile or replay at once (2 cores; 3
// made make test slower, at load 20, and timing-bound pages flaky).
const workers = 2

// mutantWorkers is how many mutants are tried at once: most of a
// mutant's replay is the wait of the check that catches it (the check
// timeout), not work, so more run than the machine has cores.
const mutantWorkers = 4

// each runs f for every index below n, workers at a time.
func each(n int, f func(i int)) { eachN(n, workers, f) }

// eachN runs f for every index below n, w at a time.
func eachN(n, w int, f func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, w)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			f(i)
		}()
	}
	wg.Wait()
}

func compileOne(ctx context.Context, t *testing.T, s sites, sc Scenario) compiled {
	c := compileOnce(ctx, t, s, sc)
	if errors.Is(c.err, mcpclient.ErrUnavailable) {
		// The browser did not start (a loaded machine): that says nothing
		// of the scenario, so it is tried once more.
		t.Logf("%s: %v; trying again", sc.Name, c.err)
		c = compileOnce(ctx, t, s, sc)
	}
	return c
}

func compileOnce(ctx context.Context, t *testing.T, s sites, sc Scenario) compiled {
	var session *mcpclient.Session
	grant, err := permission.Grant(sc.Actions) // "allow location access": the context starts with it
	if err != nil {
		return compiled{sc: sc, err: err}
	}
	if *compileServer == "builtin" {
		bs, done, err := grantedServer(grant, false)
		if err != nil {
			return compiled{sc: sc, err: err}
		}
		defer done()
		if session, err = bs.Connect(ctx, nil); err != nil {
			return compiled{sc: sc, err: err}
		}
	} else {
		bundled := mcpclient.BundledOptions(timeout, 0)
		bundled.Caps = []string{"testing"} // browser_generate_locator
		bundled.Grant = grant
		cfg, err := mcpclient.Playwright(bundled)
		if err != nil {
			return compiled{sc: sc, err: err}
		}
		if session, err = mcpclient.Connect(ctx, cfg, nil); err != nil {
			return compiled{sc: sc, err: err}
		}
	}
	defer session.Close()
	c := parser.New(session, &parser.Options{Timeout: timeout, EvidenceDir: filepath.Join(t.TempDir(), sc.Name)})
	var actions []string
	for _, a := range sc.Actions { // as a scenario file is read: "A then B" is two actions
		actions = append(actions, parser.SplitActions(a)...)
	}
	res, err := c.Run(ctx, parser.Scenario{Name: sc.Name, URL: s.base(sc.Site) + sc.Page, Actions: actions})
	out := compiled{sc: sc, res: res, err: err}
	if res != nil {
		out.export = sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest corpus", Instruction: strings.Join(sc.Actions, "; "),
			Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }})
	}
	return out
}

// replayable reports whether c is a compile to replay: one that succeeded
// and was meant to.
func (c compiled) replayable() bool { return c.sc.ExpectError == "" && c.failure() == "" }

// failure says why a compile did not succeed, "" when it did.
func (c compiled) failure() string {
	switch {
	case c.err != nil:
		return c.err.Error()
	case c.res == nil:
		return "no result"
	case len(c.res.Errors) > 0:
		e := c.res.Errors[0]
		return fmt.Sprintf("step %d %q: %s", e.Index, e.Action, e.Message)
	}
	return ""
}

// replayOne replays export against base and returns the run's result.
func replayOne(ctx context.Context, base string, export *sandy.Scenario) (*report.RunResult, error) {
	return runOne(ctx, base, export, false)
}

// proveOne replays export against base proving each check as it runs
// (package prove: every mutation of its kind must fail it), and returns
// the run's result with its proofs and score.
func proveOne(ctx context.Context, base string, export *sandy.Scenario) (*report.RunResult, error) {
	return runOne(ctx, base, export, true)
}

// runOne replays export against base, proving its checks when proving,
// once more when the browser did not start (as compileOne).
func runOne(ctx context.Context, base string, export *sandy.Scenario, proving bool) (*report.RunResult, error) {
	for try := 0; ; try++ {
		var pr *prove.Prover
		var after func(context.Context, replay.StepInfo) error
		if proving {
			pr = prove.New(&prove.Options{Timeout: timeout})
			after = pr.AfterStep
		}
		r, err := replayWith(ctx, base, export, after)
		if pr != nil && r != nil {
			pr.Attach([]*report.RunResult{r})
		}
		if try == 1 || !errors.Is(err, mcpclient.ErrUnavailable) {
			return r, err
		}
	}
}

// unproved says which checks of r plaintest prove did not prove: one a
// mutation survived or none could break, and one with no record; "" when
// every check was proven.
func unproved(r *report.RunResult) string {
	why := report.Unproved(r)
	if r.Proved != nil && r.Proved.NotProven > 0 {
		why = strings.TrimSpace(why + fmt.Sprintf("\n%d checks carry no record: compile again", r.Proved.NotProven))
	}
	return why
}

// replayWith replays export against base, with after as replay's
// Options.AfterStep.
func replayWith(ctx context.Context, base string, export *sandy.Scenario, after func(context.Context, replay.StepInfo) error) (*report.RunResult, error) {
	var servers replay.Servers = &replay.ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(timeout, 0)}
	if *replayServer == "builtin" {
		var done []func()
		defer func() {
			for _, d := range done {
				d()
			}
		}()
		servers = replay.ServersFunc(func(ctx context.Context, _ string, needs replay.Needs) (replay.ToolCaller, error) {
			bs, close, err := grantedServer(needs.Grant, true)
			if err != nil {
				return nil, err
			}
			done = append(done, close)
			return bs.Connect(ctx, nil)
		})
	}
	p := replay.New(servers, &replay.Options{Timeout: timeout, Vars: []map[string]string{{"BASE_URL": base}}, AfterStep: after})
	return p.Run(ctx, export.Metadata.Name+".json", export)
}

// knownFailures are the scenarios the rules reader cannot compile yet, with
// why: docs/limits.md lists them. A scenario that starts to pass must
// leave this list, and one that starts to fail must join it, or the test
// fails.
func knownFailures(t testing.TB) map[string]string { return readKnown(t, false) }

// specOnly starts the reason of a known failure of a scenario's
// Playwright spec alone: its Sandy compile and replay pass, its spec
// fails under npx playwright test (TestCorpusSpecs; "mustfail/NAME" for a
// pair's spec on holds.html, TestMustFail).
const specOnly = "spec only:"

// knownSpecFailures are the scenarios of known-failures.txt whose reason
// starts with specOnly, with why.
func knownSpecFailures(t testing.TB) map[string]string { return readKnown(t, true) }

// readKnown reads known-failures.txt: the entries whose reason starts with
// specOnly, or the others.
func readKnown(t testing.TB, specs bool) map[string]string {
	t.Helper()
	data, err := os.ReadFile("known-failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, _ := strings.Cut(line, ":")
		if why = strings.TrimSpace(why); strings.HasPrefix(why, specOnly) == specs {
			out[strings.TrimSpace(name)] = why
		}
	}
	return out
}

// builtinOnly starts the reason of a known failure that only the built-in
// server has (its faster settling meets a page still rendering).
const builtinOnly = "builtin:"

// knownAt returns the known failures that hold through server: those of
// builtinOnly only through the built-in server.
func knownAt(known map[string]string, server string) map[string]string {
	out := map[string]string{}
	for name, why := range known {
		if !strings.HasPrefix(why, builtinOnly) || server == "builtin" {
			out[name] = why
		}
	}
	return out
}

// TestCorpus compiles and replays every scenario of the suite: see the
// package documentation. It prints the figures docs/figures.md quotes.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus suite drives a real browser for minutes")
	}
	_, err := mcpclient.Playwright(nil)
	testenv.Need(t, err)
	t.Parallel() // beside TestMustFail, whose time is mostly checks waiting to fail
	for _, v := range []string{*compileServer, *replayServer} {
		if v != "builtin" && v != "playwright-mcp" {
			t.Fatalf("-corpus.compile and -corpus.replay take builtin or playwright-mcp, not %q", v)
		}
	}
	scenarios, err := Load("scenarios")
	if err != nil {
		t.Fatal(err)
	}
	whole := map[string]bool{} // the sites all of whose scenarios run
	for _, sc := range scenarios {
		whole[sc.Site] = true
	}
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			t.Fatalf("-corpus.run: %v", err)
		}
		for _, sc := range scenarios {
			if !re.MatchString(sc.Name) {
				whole[sc.Site] = false
			}
		}
		scenarios = slices.DeleteFunc(scenarios, func(sc Scenario) bool { return !re.MatchString(sc.Name) })
	}
	apg := testkit.APGDir(t)
	if apg == "" { // PLAINTEST_APG_CORPUS unset (TestMain says so): the APG scenarios are left out
		scenarios = slices.DeleteFunc(scenarios, func(sc Scenario) bool { return sc.Site == SiteAPG })
		whole[SiteAPG] = false
		if len(scenarios) == 0 {
			t.Skip("only APG scenarios selected, and " + testkit.APGEnv + " is unset")
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Minute)
	defer cancel()
	live := serve(t, nil, apg)

	// Each scenario is replayed as soon as it has compiled, and the apps'
	// scenarios (the demo apps, Lit and the framework pages) go first:
	// once they have compiled, their cosmetic builds and mutants, most of
	// whose time is checks waiting to fail, run beside the APG compiles.
	start := time.Now()
	var order []int // the apps' scenarios, then the APG examples'
	for i, sc := range scenarios {
		if sc.Site != SiteAPG {
			order = append(order, i)
		}
	}
	appIdx := slices.Clone(order)
	for i, sc := range scenarios {
		if sc.Site == SiteAPG {
			order = append(order, i)
		}
	}
	results := make([]compiled, len(scenarios))
	replays := make([]*report.RunResult, len(scenarios))
	replayErrs := make([]error, len(scenarios))
	var appsCompiled sync.WaitGroup
	appsCompiled.Add(len(appIdx))
	afterApps := make(chan struct{})
	go func() {
		// cosmetic and mutants report through t from here: t.Fatal
		// (readCatchers) still ends the goroutine, and the test waits.
		defer close(afterApps)
		appsCompiled.Wait()
		var apps []compiled
		for _, i := range appIdx { // not results[APG]: still being written
			if c := results[i]; c.replayable() {
				apps = append(apps, c) // the framework pages have mutants, no cosmetic build
			}
		}
		if *only == "" {
			cosmetic(ctx, t, apps) // a few scenarios: the cosmetic builds need them all
		}
		mutants(ctx, t, apps, whole) // the mutants of the sites all of whose scenarios ran
		t.Logf("cosmetic builds and mutants done at %s", time.Since(start).Round(time.Second))
	}()
	defer func() { <-afterApps }() // every app has compiled once each returns
	each(len(order), func(k int) {
		i := order[k]
		results[i] = compileOne(ctx, t, live, scenarios[i])
		if c := results[i]; c.replayable() {
			replays[i], replayErrs[i] = proveOne(ctx, live.base(c.sc.Site), c.export)
		}
		if k < len(appIdx) {
			appsCompiled.Done()
		}
	})
	t.Logf("compiled and replayed %d scenarios in %s", len(scenarios), time.Since(start).Round(time.Second))

	all := knownFailures(t)
	known := knownAt(all, *compileServer)
	var ok []int // the scenarios that compiled, by index
	failed := 0
	for i, c := range results {
		t.Run("compile/"+c.sc.Name, func(t *testing.T) {
			why := c.failure()
			switch {
			case c.sc.ExpectError != "":
				if why == "" || !strings.Contains(why, c.sc.ExpectError) {
					t.Errorf("compiled %q, want a failure saying %q", why, c.sc.ExpectError)
				}
				return
			case flaky(known, c.sc.Name):
				// The page's own timing decides (listed, with why, in
				// known-failures.txt and docs/limits.md): either outcome is
				// reported, neither fails the suite, and a failure counts
				// against the rate.
				t.Logf("flaky scenario, %s", map[bool]string{true: "compiled this time", false: "failed this time: " + why}[why == ""])
			case why != "" && known[c.sc.Name] == "":
				t.Errorf("%s (a new failure: fix it, or list it in known-failures.txt and docs/limits.md)", why)
			case why == "" && known[c.sc.Name] != "":
				t.Errorf("compiles now: remove it from known-failures.txt and docs/limits.md")
			}
			if why != "" {
				failed++
				t.Logf("known failure: %s", why)
				return
			}
			ok = append(ok, i)
			audit(t, c)
			file := filepath.Join("testdata", "golden", c.sc.Name+".json")
			if flaky(known, c.sc.Name) && !golden.Updating() {
				// The page's timing decides the export too (a wait for
				// aria-busy is exported only when the page was still
				// busy): a difference is logged, as the outcome is.
				if want, err := os.ReadFile(file); err != nil || string(want) != normalized(t, c.export, live) {
					t.Logf("flaky scenario: its export differs from %s this time (or it has none)", file)
				}
				return
			}
			golden.CheckString(t, file, normalized(t, c.export, live))
		})
	}
	total := len(scenarios)
	for _, sc := range scenarios {
		if sc.ExpectError != "" {
			total--
		}
	}
	if *only == "" && float64(failed) > 0.05*float64(total) {
		t.Errorf("%d of %d scenarios do not compile: more than 5%%", failed, total)
	}

	passed := 0
	knownReplay := knownAt(all, *replayServer)
	for _, i := range ok {
		c, r, err := results[i], replays[i], replayErrs[i]
		t.Run("replay/"+c.sc.Name, func(t *testing.T) {
			if err != nil || !r.Success {
				if why := knownReplay[c.sc.Name]; strings.HasPrefix(why, builtinOnly) && known[c.sc.Name] == "" {
					// Compiled elsewhere; the built-in server's Playwright
					// cannot replay it (known-failures.txt says why).
					t.Logf("known failure through the built-in server: %v %s", err, r.Error)
					return
				}
				if flaky(known, c.sc.Name) {
					// As at compile: logged, and counted against the rate.
					t.Logf("flaky scenario, replay failed this time: %v %s", err, r.Error)
					return
				}
				t.Errorf("replay failed: %v %s", err, r.Error)
				return
			}
			if why := unproved(r); why != "" {
				// Every check must fail where its fact is broken.
				t.Errorf("plaintest prove: %s", why)
				return
			}
			passed++
		})
	}
	t.Logf("replayed %d of %d; compiled and replayed %d of %d scenarios (%.0f%%)", passed, len(ok),
		passed, total, 100*float64(passed)/float64(total))
}

// cosmetic replays the demo apps' exports against builds with other ids,
// classes and nesting: a stable locator does not notice.
func cosmetic(ctx context.Context, t *testing.T, apps []compiled) {
	apps = slices.DeleteFunc(slices.Clone(apps), func(c compiled) bool { return c.sc.Site == SiteFrameworks || c.sc.Site == SiteTrip })
	build := serve(t, &demoshop.Options{Cosmetic: true}, "")
	res := make([]*report.RunResult, len(apps))
	errs := make([]error, len(apps))
	each(len(apps), func(i int) { res[i], errs[i] = replayOne(ctx, build.base(apps[i].sc.Site), apps[i].export) })
	for i, c := range apps {
		if errs[i] != nil || !res[i].Success {
			t.Errorf("cosmetic build: %s fails: %v %s", c.sc.Name, errs[i], res[i].Error)
		}
	}
	t.Logf("cosmetic build: %d scenarios replayed", len(apps))
}

// mutants replays, against each broken build of the demo apps and the
// framework pages, the exports of its app until one fails: every mutant of
// the sites whole holds must be caught, and the log names the check that
// caught it.
func mutants(ctx context.Context, t *testing.T, apps []compiled, whole map[string]bool) {
	all := map[string]string{}
	for m, what := range demoshop.TodoMutants {
		all[m] = SiteTodo + ": " + what
	}
	for m, what := range demoshop.ShopMutants {
		all[m] = SiteShop + ": " + what
	}
	for m, what := range LitMutants {
		all[m] = SiteLit + ": " + what
	}
	for m, what := range FrameworkMutants {
		all[m] = SiteFrameworks + ": " + what
	}
	for m, what := range TripMutants {
		all[m] = SiteTrip + ": " + what
	}
	names := make([]string, 0, len(all))
	for m, what := range all {
		if whole[strings.SplitN(what, ":", 2)[0]] {
			names = append(names, m)
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names)
	hints := readCatchers(t)
	caught := make([]string, len(names))
	catcher := make([]string, len(names))
	broken := make([]error, len(names))
	eachN(len(names), mutantWorkers, func(i int) {
		m := names[i]
		site := strings.SplitN(all[m], ":", 2)[0]
		build := serve(t, &demoshop.Options{Mutant: m}, "")
		for _, c := range catcherFirst(apps, hints[m]) {
			if c.sc.Site != site {
				continue
			}
			r, err := replayOne(ctx, build.base(site), c.export)
			if err != nil {
				// Not a catch: a replay that could not run proves nothing.
				broken[i] = fmt.Errorf("replay of %s: %w", c.sc.Name, err)
				return
			}
			if !r.Success {
				// The check that caught it: its scenario, step and message.
				caught[i] = fmt.Sprintf("%s, step %d: %s", c.sc.Name, r.FailedStep, report.FirstLine(r.Error))
				catcher[i] = c.sc.Name
				return
			}
		}
	})
	score := 0
	for i, m := range names {
		if broken[i] != nil {
			t.Errorf("mutant %s: %v", m, broken[i])
			continue
		}
		if caught[i] == "" {
			t.Errorf("mutant %s (%s) was caught by no scenario", m, all[m])
			continue
		}
		score++
		t.Logf("mutant %s caught by %s", m, caught[i])
		switch {
		case golden.Updating() || catcher[i] == hints[m]:
		case hints[m] == "":
			// Not an error: the mutant was caught all the same, only
			// later than it could have been.
			t.Logf("mutant %s has no catcher in %s: -update writes it", m, catchersFile)
		default:
			t.Errorf("mutant %s is caught by %s now, not by %s as %s says: run with -update if that is right", m, catcher[i], hints[m], catchersFile)
		}
		hints[m] = catcher[i]
	}
	t.Logf("mutation score: %d of %d mutants caught", score, len(names))
	if golden.Updating() {
		writeCatchers(t, hints)
	}
}

// catchersFile names, for each mutant, the scenario that caught it when
// the file was last written (-update). That scenario is replayed against
// the mutant first: the rest of its site's scenarios, each a whole replay
// that passes, are replayed only when it no longer catches it, and the
// test then fails naming the new catcher. A mutant the file lacks is
// tried against its site's scenarios in order, as before.
const catchersFile = "testdata/mutant-catchers.txt"

// readCatchers reads catchersFile: "MUTANT SCENARIO" a line.
func readCatchers(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	data, err := os.ReadFile(catchersFile)
	if errors.Is(err, os.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m, sc, ok := strings.Cut(line, " ")
		if !ok || strings.TrimSpace(sc) == "" {
			t.Fatalf("%s:%d: want \"MUTANT SCENARIO\", got %q", catchersFile, n+1, line)
		}
		out[m] = strings.TrimSpace(sc)
	}
	return out
}

// writeCatchers writes catchersFile, sorted.
func writeCatchers(t *testing.T, catchers map[string]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# The scenario that catches each mutant, replayed against it first (corpus_test.go, mutants).\n# Written by go test ./corpus -run 'TestCorpus$' -update.\n")
	for _, m := range slices.Sorted(maps.Keys(catchers)) {
		fmt.Fprintf(&b, "%s %s\n", m, catchers[m])
	}
	if err := os.WriteFile(catchersFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// catcherFirst is apps with the scenario named first, the rest in order.
func catcherFirst(apps []compiled, name string) []compiled {
	i := slices.IndexFunc(apps, func(c compiled) bool { return c.sc.Name == name })
	if i <= 0 {
		return apps
	}
	out := append([]compiled{apps[i]}, apps[:i]...)
	return append(out, apps[i+1:]...)
}

// reURLs finds the served sites' addresses, which change every run.
var reURLs = regexp.MustCompile(`http://127\.0\.0\.1:\d+`)

// normalized is the export with the sites' addresses made constant.
func normalized(t *testing.T, sc *sandy.Scenario, s sites) string {
	t.Helper()
	data, err := sc.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	out := strings.ReplaceAll(string(data), s.shop, "http://demo.test")
	out = strings.ReplaceAll(out, s.fw, "http://fw.test")
	out = strings.ReplaceAll(out, s.trip, "http://trip.test")
	if s.apg != "" {
		out = strings.ReplaceAll(out, s.apg, "http://apg.test")
	}
	out = strings.ReplaceAll(out, s.lit, "http://lit.test")
	return reURLs.ReplaceAllString(out, "http://127.0.0.1")
}

// verbTools are the tools an action verb must export one of: what the
// action says it does. An action is never exported as a check alone.
var verbTools = []struct {
	re    *regexp.Regexp
	tools []string
}{
	{regexp.MustCompile(`(?i)^(?:double[- ]?click|dbl[- ]?click)\b`), []string{"browser_click"}},
	{regexp.MustCompile(`(?i)^(?:press|hit) (?:the )?(?:enter|return|tab|escape|esc|space|backspace|delete|home|end|page ?up|page ?down|arrow ?\w+|up|down|left|right|f\d+|[a-z]+\+\S+)(?: key)?\b`), []string{"browser_press_key"}},
	{regexp.MustCompile(`(?i)^(?:click|tap|push|follow|activate|press)\b`), []string{"browser_click", "browser_navigate", "browser_fill_form"}},
	{regexp.MustCompile(`(?i)^(?:type|enter|input|write|fill|put|change|replace)\b`), []string{"browser_type"}},
	{regexp.MustCompile(`(?i)^clear\b`), []string{"browser_type"}},
	{regexp.MustCompile(`(?i)^(?:untick|uncheck|tick)\b`), []string{"browser_fill_form", "browser_click"}},
	{regexp.MustCompile(`(?i)^(?:deselect|unselect)\b`), []string{"browser_fill_form", "browser_click", "browser_select_option"}},
	{regexp.MustCompile(`(?i)^(?:select|choose|pick)\b`), []string{"browser_select_option", "browser_click", "browser_fill_form"}},
	{regexp.MustCompile(`(?i)^(?:hover|mouse over|point at)\b`), []string{"browser_hover"}},
	{regexp.MustCompile(`(?i)^(?:delete|remove|destroy|trash|add)\b`), []string{"browser_click"}},
	{regexp.MustCompile(`(?i)^(?:turn|switch) (?:on|off)\b|^(?:turn|switch) .+ (?:on|off)$`), []string{"browser_fill_form", "browser_click"}},
	{regexp.MustCompile(`(?i)^(?:go back|navigate back)\b`), []string{"browser_navigate_back"}},
	{regexp.MustCompile(`(?i)^(?:go|navigate|visit|open|browse|return|switch)\b`), []string{"browser_navigate", "browser_click", "browser_evaluate"}},
	{regexp.MustCompile(`(?i)^(?:reload|refresh|go forward)\b`), []string{"browser_evaluate"}},
	{regexp.MustCompile(`(?i)^(?:set|move|drag|slide|adjust)\b`), []string{"browser_press_key", "browser_type", "browser_select_option", "browser_click"}},
	{regexp.MustCompile(`(?i)^(?:expand|collapse|unfold|fold|close|show|hide)\b`), []string{"browser_click", "browser_evaluate"}},
}

// reChecking reads an action that is a check: a verb that says so, or a
// sentence about the page with no verb before it.
var reChecking = regexp.MustCompile(`(?i)^(?:verify|assert|expect|ensure|confirm|make sure|i should|should|see|wait|check (?:that|whether|if)\b)|\b(?:is|are|shows?|has|have|contains?|says|lists|reads|appears|comes|ends with|starts with|left|should|must)\b`)

// checkTool names, in the audit, a browser_evaluate that is a check (its
// function polls a condition and throws what it found) rather than an
// action done by script (reload, forward).
const checkTool = "browser_evaluate (check)"

func toolOf(call step.ToolCall) string {
	if fn, _ := call.Args["function"].(string); call.Tool == "browser_evaluate" && strings.Contains(fn, "const why = ") {
		return checkTool
	}
	return call.Tool
}

// reStateTail ends a sentence about an element's state, whose subject
// may begin with a verb-like name ("Clear completed is gone").
var reStateTail = regexp.MustCompile(`(?i)\b(?:is|are) (?:not |no longer |still )?(?:gone|shown|visible|displayed|hidden|enabled|disabled|checked|unchecked|selected|expanded|collapsed|empty|highlighted|current|focused)$`)

// audit checks that every action exported what its verb says: an action
// verb exports its tool, and only an action that is a check may export
// checks alone.
func audit(t *testing.T, c compiled) {
	t.Helper()
	for _, st := range c.res.Steps {
		if st.Index == 0 {
			continue
		}
		var tools []string
		for _, call := range st.Calls {
			tools = append(tools, toolOf(call))
		}
		action := st.Action
		if _, ok, _ := permission.Read(action); ok && len(tools) == 0 {
			continue // "block location": the browser context's, no call (environment.permissions)
		}
		checkOnly := !slices.ContainsFunc(tools, func(tool string) bool {
			return tool != checkTool && tool != "browser_wait_for"
		})
		for _, v := range verbTools {
			if !v.re.MatchString(action) || reStateTail.MatchString(action) {
				continue // "Clear completed is gone": a button's name, then a check
			}
			if !slices.ContainsFunc(tools, func(tool string) bool { return slices.Contains(v.tools, tool) }) {
				t.Errorf("action %q exported %v: its verb wants one of %v", action, tools, v.tools)
			}
			if checkOnly && !reChecking.MatchString(action) {
				t.Errorf("action %q exported only checks %v", action, tools)
			}
			break
		}
		if !checkOnly && (st.Element == "generic" || st.Element == "text") {
			// An action on an unnamed wrapper (the page's body) clicks
			// nothing the sentence names.
			t.Errorf("action %q acted on an unnamed %s, not on what it names", action, st.Element)
		}
		if checkOnly && !reChecking.MatchString(action) && !strings.HasPrefix(strings.ToLower(action), "check ") {
			t.Errorf("action %q is exported as a check %v but does not read as one", action, tools)
		}
	}
}

// TestLoad: the suite's files read and each names its classes.
func TestLoad(t *testing.T) {
	scenarios, err := Load("scenarios")
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) == 0 {
		t.Fatal("no scenarios")
	}
	_, err = Parse([]byte("name: x\nsite: mars\npage: nope\nactions: []\nextra: 1\n"), "x.yaml")
	if err == nil || !strings.Contains(err.Error(), "x.yaml") {
		t.Errorf("a bad file: %v", err)
	}
	_, err = Parse([]byte("name: y\nsite: mars\npage: nope\n"), "x.yaml")
	var want = []string{`name "y"`, `site "mars"`, `page "nope"`, "no actions", "covers"}
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %s", err, w)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("name: x\nsite: todo\npage: /todo/\ncovers: [click]\nactions: [click x]\n"))
	f.Add([]byte("name: [\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse(data, "x.yaml")
		if err == nil && (sc.Name != "x" || len(sc.Actions) == 0) {
			t.Fatalf("accepted %+v", sc)
		}
	})
}
