package corpus

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/prove"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/sandyexport"
)

// loadPairs reads every archive of dir, sorted by name, and reports every
// bad one at once.
func loadPairs(t *testing.T, dir string) []Pair {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	var out []Pair
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParsePair(data, f)
		if err != nil {
			t.Error(err)
			continue
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		t.Fatalf("no pairs in %s", dir)
	}
	return out
}

// pairServer serves each pair's page at /NAME, from holds.html or from
// broken.html.
func pairServer(t *testing.T, pairs []Pair, broken bool) string {
	pages := map[string]string{}
	for _, p := range pairs {
		pages["/"+p.Name] = p.Holds
		if broken {
			pages["/"+p.Name] = p.Broken
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// compilePair compiles the pair's actions on the page at base through the
// suite's built-in server.
//
// With proved set, each check is proved as it compiles (compile --prove:
// a check a mutation survives is refused) and proved is told of each
// proof.
func compilePair(ctx context.Context, base string, p Pair, proved func(parser.CheckRun, *report.Proof)) (*parser.ParserResult, *sandy.Scenario, error) {
	bs, err := builtinServer(false)
	if err != nil {
		return nil, nil, err
	}
	session, err := bs.Connect(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	defer session.Close()
	opts := &parser.Options{Timeout: p.wait(), NavTimeout: pairWait}
	if proved != nil {
		opts.ProveCheck = prove.New(&prove.Options{Timeout: p.wait()}).CompileCheck(proved)
	}
	res, err := parser.New(session, opts).Run(ctx, parser.Scenario{Name: p.Name, URL: base + "/" + p.Name, Actions: p.Actions})
	if err != nil || res == nil {
		return res, nil, err
	}
	return res, sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest corpus", Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }}), nil
}

// pairWorkers is how many pairs run at once: one browser serves them all,
// and most of a pair's time is a failing check's wait.
const pairWorkers = 4

// pairTimeout is how long a pair's checks wait: a check that fails waits
// this long, so it is short.
const pairTimeout = 1500 * time.Millisecond

// wait is how long the pair's steps and checks wait: its own timeout, or
// pairTimeout.
func (p Pair) wait() time.Duration {
	if p.Timeout > 0 {
		return p.Timeout
	}
	return pairTimeout
}

// pairWait is how long a sentence that waits ("wait for Saved to
// appear") waits: the navigation timeout, longer than pairTimeout so that
// a pair can show a wait outlasting a check.
const pairWait = 6 * time.Second

// pairDeadline bounds one pair's compiles and replay: a pair takes 10 to 50
// s on a loaded 2-core machine.
const pairDeadline = 5 * time.Minute

// replayPair replays export against base through the built-in server,
// each step waiting up to timeout.
func replayPair(ctx context.Context, base string, export *sandy.Scenario, timeout time.Duration) (*report.RunResult, error) {
	bs, err := builtinServer(true)
	if err != nil {
		return nil, err
	}
	servers := replay.ServersFunc(func(ctx context.Context, _ string, _ replay.Needs) (replay.ToolCaller, error) {
		return bs.Connect(ctx, nil)
	})
	p := replay.New(servers, &replay.Options{Timeout: timeout, Vars: []map[string]string{{"BASE_URL": base}}})
	return p.Run(ctx, export.Metadata.Name+".json", export)
}

// pairOutcome is what one pair gave: the compile on holds.html, the
// replay of its export on broken.html and the compile on broken.html.
type pairOutcome struct {
	holds, broken *parser.ParserResult
	replayed      *report.RunResult
	err           error
	took          time.Duration
	phases        string
	// proofs are those of the checks of the compile on holds.html, each
	// proved as it compiled.
	proofs []*report.Proof
	// retried says why the pair ran a second time (actionTimedOut).
	retried string
	// spec is the Playwright Test spec of the export, or specErr why
	// it has none.
	spec    []byte
	specErr error
}

// runPair compiles p on holds (each check proved as it compiles), replays
// the export on broken, and compiles p on broken, each bounded by
// pairDeadline: one that hangs fails alone, and a machine slower than
// usual slows every pair without failing the ones that come last.
func runPair(p Pair, holds, broken string) (o pairOutcome) {
	ctx, cancel := context.WithTimeout(context.Background(), pairDeadline)
	defer cancel()
	t0 := time.Now()
	defer func() { o.took = time.Since(t0) }()
	var export *sandy.Scenario
	proved := func(_ parser.CheckRun, pr *report.Proof) { o.proofs = append(o.proofs, pr) }
	if o.holds, export, o.err = compilePair(ctx, holds, p, proved); o.err != nil || export == nil || o.holds.Status != parser.Success {
		return o
	}
	o.spec, o.specErr = pairSpec(o.holds, export)
	t1 := time.Now()
	if o.replayed, o.err = replayPair(ctx, broken, export, p.wait()); o.err != nil {
		return o
	}
	t2 := time.Now()
	o.broken, _, o.err = compilePair(ctx, broken, p, nil)
	o.phases = fmt.Sprintf("compile %s, replay %s, compile broken %s", t1.Sub(t0).Round(time.Millisecond), t2.Sub(t1).Round(time.Millisecond), time.Since(t2).Round(time.Millisecond))
	return o
}

// actionTimedOut says how an action of o's runs timed out in the browser
// (Playwright's TimeoutError) rather than failing as p's check does; ""
// when none did.
func (o *pairOutcome) actionTimedOut(p Pair) string {
	const timeout = "TimeoutError:"
	switch {
	case o.holds != nil && o.holds.Status != parser.Success && len(o.holds.Errors) > 0 && strings.Contains(o.holds.Errors[0].Message, timeout):
		return "the compile on holds.html: " + o.holds.Errors[0].Message
	case o.replayed != nil && !o.replayed.Success && strings.Contains(o.replayed.Error, timeout) && !strings.Contains(o.replayed.Error, p.Fails):
		return "the replay on broken.html: " + o.replayed.Error
	case o.broken != nil && o.broken.Status != parser.Success && len(o.broken.Errors) > 0 && strings.Contains(o.broken.Errors[0].Message, timeout) &&
		!strings.Contains(o.broken.Errors[0].Message, p.Fails) && (p.CompileFails == "" || !strings.Contains(o.broken.Errors[0].Message, p.CompileFails)):
		return "the compile on broken.html: " + o.broken.Errors[0].Message
	}
	return ""
}

// TestMustFail runs the must-fail suite (mustfail/*.txtar): every check
// form and action kind compiles on a page where it holds, each check
// proved as it compiles there (compile --prove: every mutation of its
// kind kills it), and fails, at
// replay and at compile, on the variant where its fact is broken, saying
// what it found; the Playwright Test spec of its export passes on the
// page and fails on the variant (runPairSpecs). It runs through the built-in server, one browser for the
// whole suite, pairWorkers pairs at a time.
func TestMustFail(t *testing.T) {
	if testing.Short() {
		t.Skip("the must-fail suite drives a real browser")
	}
	_, err := mcpclient.Playwright(nil)
	testenv.Need(t, err)
	t.Parallel() // beside TestCorpus, on the same built-in servers
	pairs := loadPairs(t, "mustfail")
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			t.Fatalf("-corpus.run: %v", err)
		}
		pairs = slices.DeleteFunc(pairs, func(p Pair) bool { return !re.MatchString(p.Name) })
	}
	holds, broken := pairServer(t, pairs, false), pairServer(t, pairs, true)
	start := time.Now()
	out := make([]pairOutcome, len(pairs))
	eachN(len(pairs), pairWorkers, func(i int) {
		out[i] = runPair(pairs[i], holds, broken)
		if why := out[i].actionTimedOut(pairs[i]); why != "" {
			// An action, not the check under test, timed out: the machine
			// starved the browser (a click in a frame waited 15 s for the
			// button to be stable), which says nothing of the check. The
			// pair runs once more, and says so.
			out[i] = runPair(pairs[i], holds, broken)
			out[i].retried = why
		}
	})
	specs := runPairSpecs(t, pairs, out, holds, broken)
	caught := 0
	for i, p := range pairs {
		o := out[i]
		t.Run(p.Name, func(t *testing.T) {
			if o.retried != "" {
				t.Logf("ran twice: an action timed out the first time (%s)", o.retried)
			}
			specs.check(t, p.Name, o)
			if o.err != nil {
				t.Fatalf("%s: %v", p.What, o.err)
			}
			if o.holds.Status != parser.Success {
				e := o.holds.Errors[0]
				t.Fatalf("does not compile on holds.html: step %d %q: %s", e.Index, e.Action, e.Message)
			}
			ok := true
			if o.replayed.Success {
				ok = false
				t.Errorf("the replay on broken.html passed; want it to fail saying %q", p.Fails)
			} else if !strings.Contains(o.replayed.Error, p.Fails) {
				ok = false
				t.Errorf("the replay on broken.html failed with %q; want %q", o.replayed.Error, p.Fails)
			}
			want := p.Fails
			if p.CompileFails != "" {
				want = p.CompileFails
			}
			switch {
			case o.broken.Status == parser.Success:
				ok = false
				t.Errorf("compiled on broken.html; want a failure saying %q", want)
			case !strings.Contains(o.broken.Errors[0].Message, want):
				ok = false
				t.Errorf("the compile on broken.html failed at step %d %q with %q; want %q", o.broken.Errors[0].Index, o.broken.Errors[0].Action, o.broken.Errors[0].Message, want)
			}
			if ok {
				caught++
				var score report.Score
				for _, p := range o.proofs {
					score.Add(p)
				}
				t.Logf("in %s: %s; proved as it compiled: %s", o.took.Round(time.Millisecond), o.phases, score)
				t.Logf("caught by step %d %q: %s", o.broken.Errors[0].Index, o.broken.Errors[0].Action, o.replayed.Error)
			}
		})
	}
	t.Logf("must-fail suite: %d of %d pairs caught at compile and at replay, in %s", caught, len(pairs), time.Since(start).Round(time.Second))
}

func FuzzParsePair(f *testing.F) {
	f.Add([]byte("what\n-- actions --\nverify x is shown\n-- holds.html --\n<p>x</p>\n-- broken.html --\n<p>y</p>\n-- fails --\nx\n"))
	f.Add([]byte("-- actions --\n-- nope --\n"))
	f.Add([]byte("what\n-- actions --\nclick OK\n-- holds.html --\n<p>x</p>\n-- broken.html --\n<p>y</p>\n-- fails --\nx\n-- timeout --\n5s\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePair(data, "x.txtar")
		if err == nil && (p.Name != "x" || len(p.Actions) == 0 || p.Holds == p.Broken || p.Fails == "" || p.What == "" || p.Timeout < 0 || p.Timeout > time.Minute) {
			t.Fatalf("accepted %+v", p)
		}
	})
}

// TestParsePairTimeout: a pair's own timeout is read, and one that is not
// a duration in range is refused, naming the file and the value.
func TestParsePairTimeout(t *testing.T) {
	const pair = "what\n-- actions --\nclick OK\n-- holds.html --\n<p>x</p>\n-- broken.html --\n<p>y</p>\n-- fails --\nx\n"
	p, err := ParsePair([]byte(pair+"-- timeout --\n5s\n"), "late.txtar")
	if err != nil || p.Timeout != 5*time.Second || p.wait() != 5*time.Second {
		t.Errorf("5s: %v, %v", p.Timeout, err)
	}
	if p, err := ParsePair([]byte(pair), "late.txtar"); err != nil || p.wait() != pairTimeout {
		t.Errorf("no timeout: waits %v, %v", p.wait(), err)
	}
	for _, bad := range []string{"soon", "0s", "-1s", "2m"} {
		_, err := ParsePair([]byte(pair+"-- timeout --\n"+bad+"\n"), "late.txtar")
		if err == nil || !strings.Contains(err.Error(), "late.txtar") || !strings.Contains(err.Error(), fmt.Sprintf("timeout %q", bad)) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
