package replay

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/sandy"
)

// TestDemoScenariosReplayGreenBuiltin replays every scenario in testdata,
// written for @playwright/mcp, through the built-in browser server: one
// browser, a fresh context per run, the late-target rule as with the other.
func TestDemoScenariosReplayGreenBuiltin(t *testing.T) {
	testenv.Need(t, nil)
	bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true})
	if err != nil {
		testenv.Missing(t, "%v", err)
	}
	defer bs.Close()
	srv := httptest.NewServer(demoshop.Handler(nil))
	defer srv.Close()
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios in testdata: %v", err)
	}
	servers := ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return bs.Connect(ctx, nil) })
	p := New(servers, &Options{Vars: demoVars(srv.URL)})
	for _, file := range files {
		sc, err := sandy.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		res, err := p.Run(ctx, file, sc)
		cancel()
		if err != nil || !res.Success {
			t.Errorf("%s: err %v, result error %q", file, err, res.Error)
			continue
		}
		t.Logf("%s: %d steps in %v", file, len(res.Steps), res.Duration.Round(time.Millisecond))
	}
}
