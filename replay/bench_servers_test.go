package replay

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
)

// BenchmarkServers times, in one run, the README scenario (log in, add the
// Blue Mug, check the cart) through each browser server and through
// playwright-go directly, and prints the ratios docs/figures.md states:
//
//		go test ./replay -run '^$' -bench Servers -benchtime 5x
//
//	  - compile: plaintest compile's work, server start to stop included,
//	    through @playwright/mcp and through the built-in server;
//	  - compile, warm: the same on a server already running (a session
//	    kept open for @playwright/mcp, its cart emptied between runs; a
//	    fresh session, so a fresh context, of the built-in server);
//	  - replay, steps only: the scenario's 6 steps on a browser already
//	    running (a fresh context each run for the built-in server and
//	    playwright-go, as replay has);
//	  - replay, cold: the browser stack started, the steps, stopped.
func BenchmarkServers(b *testing.B) {
	srv, sc := benchShop(b)
	ctx := context.Background()
	mug := parser.Scenario{Name: "mug", URL: srv.URL, Secrets: map[string]string{"PASSWORD": demoshop.Password},
		Actions: []string{"go to the login page", "type demo into Username", "type demo123 into Password", "click Log in",
			"click Add to cart for Blue Mug", "verify the cart shows 1 item"}}
	compile := func(session *mcpclient.Session) {
		res, err := parser.New(session, nil).Run(ctx, mug)
		if err != nil || res.Status != parser.Success {
			b.Fatalf("compile: %v %+v", err, res.Errors)
		}
	}
	bundled := mcpclient.BundledOptions(defaults.Step, 0)
	compileOpts := *bundled
	compileOpts.Caps = []string{"testing"}
	pwConfig, err := mcpclient.Playwright(&compileOpts)
	if err != nil {
		b.Fatal(err)
	}
	replayConfig, err := mcpclient.Playwright(bundled)
	if err != nil {
		b.Fatal(err)
	}

	// Warm: each server once, kept for the steps-only runs.
	pwSession, err := mcpclient.Connect(ctx, replayConfig, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer pwSession.Close()
	bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true})
	if err != nil {
		b.Fatal(err)
	}
	defer bs.Close()
	pw := startDirect(b)
	defer pw.Stop()
	browser := launch(b, pw)
	defer browser.Close()
	vars := &Options{Vars: demoVars(srv.URL)}
	pwWarm := New(ServersFunc(func(context.Context, string, Needs) (ToolCaller, error) { return keepOpen{pwSession}, nil }), vars)
	builtinWarm := New(ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return bs.Connect(ctx, nil) }), vars)
	replay := func(p *Player) {
		if res, err := p.Run(ctx, "login-add-mug.json", sc); err != nil || !res.Success {
			b.Fatalf("replay: %v %s", err, res.Error)
		}
	}
	// newPage is a fresh context's page for the direct steps, made before
	// they are timed (the built-in server makes the next session's ahead).
	newPage := func() (playwright.BrowserContext, playwright.Page) {
		bctx, err := browser.NewContext()
		if err != nil {
			b.Fatal(err)
		}
		page, err := bctx.NewPage()
		if err != nil {
			b.Fatal(err)
		}
		return bctx, page
	}
	direct := func(page playwright.Page) {
		if err := directSteps(page, srv.URL); err != nil {
			b.Fatal(err)
		}
	}
	emptyCartOf := func(s *mcpclient.Session) {
		if _, err := s.CallTool(ctx, "browser_navigate", map[string]any{"url": srv.URL + "/cart"}); err != nil {
			b.Fatal(err)
		}
		if r, err := s.CallTool(ctx, "browser_click", map[string]any{"target": "internal:role=button[name=\"Remove\"s]"}); err != nil || r.IsError {
			b.Fatalf("empty the cart: %v %v", err, r)
		}
	}
	emptyCart := func() { emptyCartOf(pwSession) }
	pwCompile, err := mcpclient.Connect(ctx, pwConfig, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer pwCompile.Close()
	bsCompile, err := browserserver.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	defer bsCompile.Close()
	compileBuiltinWarm := func() {
		sess, err := bsCompile.Connect(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		compile(sess)
		sess.Close()
	}
	compile(pwCompile) // warm-up, untimed
	emptyCartOf(pwCompile)
	compileBuiltinWarm()
	replay(pwWarm) // warm-up, untimed
	emptyCart()
	replay(builtinWarm)
	bctx, page := newPage()
	direct(page)
	bctx.Close()

	timed := map[string][]time.Duration{}
	measure := func(name string, f func()) {
		start := time.Now()
		f()
		timed[name] = append(timed[name], time.Since(start))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		measure("compile playwright-mcp", func() {
			s, err := mcpclient.Connect(ctx, pwConfig, nil)
			if err != nil {
				b.Fatal(err)
			}
			compile(s)
			s.Close()
		})
		measure("compile builtin", func() {
			s, err := browserserver.New(nil)
			if err != nil {
				b.Fatal(err)
			}
			sess, err := s.Connect(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			compile(sess)
			sess.Close()
			s.Close()
		})
		measure("compile warm playwright-mcp", func() { compile(pwCompile) })
		b.StopTimer()
		emptyCartOf(pwCompile)
		b.StartTimer()
		measure("compile warm builtin", compileBuiltinWarm)
		measure("steps playwright-mcp", func() { replay(pwWarm) })
		b.StopTimer()
		emptyCart()
		b.StartTimer()
		measure("steps builtin", func() { replay(builtinWarm) })
		b.StopTimer()
		bctx, page := newPage()
		b.StartTimer()
		measure("steps playwright-go", func() { direct(page) })
		b.StopTimer()
		bctx.Close()
		b.StartTimer()
		measure("cold playwright-mcp", func() {
			replay(New(&ConfigServers{Config: &mcpclient.Config{}, Playwright: bundled}, vars))
		})
		measure("cold builtin", func() {
			s, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true})
			if err != nil {
				b.Fatal(err)
			}
			replay(New(ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return s.Connect(ctx, nil) }), vars))
			s.Close()
		})
		measure("cold playwright-go", func() {
			pw := startDirect(b)
			browser := launch(b, pw)
			page, err := browser.NewPage(playwright.BrowserNewPageOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := directSteps(page, srv.URL); err != nil {
				b.Fatal(err)
			}
			browser.Close()
			pw.Stop()
		})
	}
	b.StopTimer()
	ms := func(name string) float64 { return float64(testkit.Median(timed[name]).Microseconds()) / 1000 }
	for _, name := range []string{"compile playwright-mcp", "compile builtin", "compile warm playwright-mcp", "compile warm builtin", "steps playwright-mcp", "steps builtin", "steps playwright-go",
		"cold playwright-mcp", "cold builtin", "cold playwright-go"} {
		fmt.Printf("%-24s median %7.0f ms (%d runs)\n", name, ms(name), len(timed[name]))
	}
	ratio := func(label, a, c string) {
		r := ms(a) / ms(c)
		b.ReportMetric(r, strings.ReplaceAll(label, " ", "-"))
		fmt.Printf("%-44s %.2f\n", label, r)
	}
	ratio("compile playwright-mcp/builtin", "compile playwright-mcp", "compile builtin")
	ratio("compile warm playwright-mcp/builtin", "compile warm playwright-mcp", "compile warm builtin")
	ratio("steps builtin/playwright-go", "steps builtin", "steps playwright-go")
	ratio("steps playwright-mcp/playwright-go", "steps playwright-mcp", "steps playwright-go")
	ratio("cold playwright-mcp/builtin", "cold playwright-mcp", "cold builtin")
	ratio("cold builtin/playwright-go", "cold builtin", "cold playwright-go")
}
