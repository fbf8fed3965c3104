package replay_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
)

// Run a folder of scenarios as plaintest replay does: expand the arguments
// into files, keep this machine's shard, load and check every file before
// anything runs, then replay two at a time against an in-process MCP
// server whose one tool says which page it opened.
func Example_suite() {
	dir, err := os.MkdirTemp("", "suite")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	for _, page := range []string{"cart", "home", "login"} {
		sc := fmt.Sprintf(`{"version": "2.1", "metadata": {"name": %q}, "steps": [
		  {"step": 1, "id": "open", "tool": "mcp__shop__open", "params": {"page": %[1]q}, "output": {"title": "$.title"}}]}`, page)
		if err := os.WriteFile(filepath.Join(dir, page+".json"), []byte(sc), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}

	srv := mcptest.NewServer("shop")
	srv.Handle("open", func(c mcptest.Call) mcptest.Result {
		return mcptest.Text(fmt.Sprintf(`{"title": "The %s page"}`, c.Args["page"]))
	})
	servers := replay.ServersFunc(func(ctx context.Context, name string, _ replay.Needs) (replay.ToolCaller, error) {
		return srv.Connect(ctx) // one session a run, as for a browser
	})

	files, err := replay.Files([]string{dir}) // sorted: cart, home, login
	if err != nil {
		fmt.Println(err)
		return
	}
	shard, err := replay.ParseShard("1/2") // --shard 1/2: cart and login
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := &replay.Options{Parallel: 2}
	suite, err := replay.Load(shard.Select(files), opts)
	if err != nil {
		fmt.Println(err) // every refused file, each on its own line
		return
	}
	started := time.Now()
	results, _ := replay.New(servers, opts).RunAll(context.Background(), suite)
	summary := report.NewSummary(results, time.Since(started))
	for _, r := range summary.Scenarios {
		fmt.Println(filepath.Base(r.File), r.Success, r.Steps[0].Output["title"])
	}
	fmt.Printf("%d of %d passed\n", summary.Passed, summary.Total)
	// Output:
	// cart.json true The cart page
	// login.json true The login page
	// 2 of 2 passed
}
