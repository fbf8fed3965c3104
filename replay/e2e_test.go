package replay

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// runs is how many times in a row TestDemoScenariosReplayGreen replays each
// scenario. The bar is 20:
//
//	go test ./replay -run TestDemoScenariosReplayGreen -replay.runs 20 -v
var runs = flag.Int("replay.runs", 2, "times in a row each demo scenario is replayed")

// needBrowser skips (or, under CI, fails) when node, @playwright/mcp or
// Chromium is missing.
func needBrowser(t testing.TB) {
	t.Helper()
	_, err := mcpclient.Playwright(nil)
	testenv.Need(t, err)
}

// demoVars are the variables the demo scenarios need against srv.
func demoVars(url string) []map[string]string {
	return []map[string]string{{"BASE_URL": url, "PASSWORD": demoshop.Password}}
}

// TestDemoScenariosReplayGreen replays every scenario in testdata against
// the demo shop through the real @playwright/mcp, each -replay.runs times in
// a row, each run in its own server and isolated browser. claim-discount
// clicks a button that appears 1.5 s after the page loads with no wait step
// before it: the late-target rule makes it pass.
func TestDemoScenariosReplayGreen(t *testing.T) {
	needBrowser(t)
	srv := httptest.NewServer(demoshop.Handler(nil))
	t.Cleanup(srv.Close) // after the parallel subtests
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios in testdata: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			sc, err := sandy.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			p := New(&ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(defaults.Step, 0)},
				&Options{Vars: demoVars(srv.URL)})
			for i := 1; i <= *runs; i++ {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				res, err := p.Run(ctx, file, sc)
				cancel()
				if err != nil || !res.Success {
					t.Fatalf("run %d of %d: err %v, result error %q", i, *runs, err, res.Error)
				}
				t.Logf("run %d: %d steps in %v", i, len(res.Steps), res.Duration.Round(time.Millisecond))
			}
		})
	}
}

// TestDemoScenarioFailsOnChangedSite replays the mug scenario against a shop
// whose cart badge says "1 in basket": the check step fails, and the result
// names it, with the server's error and evidence of the page.
func TestDemoScenarioFailsOnChangedSite(t *testing.T) {
	needBrowser(t)
	srv := httptest.NewServer(demoshop.Handler(&demoshop.Options{CartText: func(n int) string {
		return map[bool]string{true: "1 in basket", false: "basket"}[n == 1]
	}}))
	defer srv.Close()
	sc, err := sandy.Load("testdata/login-add-mug.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The check must fail, and its evidence show the page the add reached:
	// at 3 s a loaded make test failed the check before the add's form post
	// had come back (the snapshot showed the cart without its item).
	timeout := 8 * time.Second
	servers := &ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(timeout, 0)}
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	res, err := New(servers, &Options{Vars: demoVars(srv.URL), EvidenceDir: dir, Timeout: timeout, Logger: log}).Run(context.Background(), "mug.json", sc)
	if err != nil {
		t.Fatal(err)
	}
	f := res.Failed()
	if res.Success || f == nil || f.Step != 6 || f.Tool != "mcp__playwright__browser_wait_for" || f.Error == "" {
		t.Fatalf("success %v, failed step %+v: want step 6 (the 1 item check) failed with the server's error", res.Success, f)
	}
	if len(res.Evidence) != 2 {
		t.Fatalf("evidence = %v, want a screenshot and a snapshot", res.Evidence)
	}
	for _, e := range res.Evidence {
		if fi, err := os.Stat(e); err != nil || fi.Size() == 0 {
			t.Errorf("evidence %s: %v", e, err)
		}
	}
	if b, _ := os.ReadFile(res.Evidence[1]); !strings.Contains(string(b), "1 in basket") {
		t.Errorf("snapshot evidence does not show the page: %.200s", b)
	}
	if errors.Is(err, mcpclient.ErrUnavailable) {
		t.Errorf("a failed check reported as an unavailable server")
	}
}
