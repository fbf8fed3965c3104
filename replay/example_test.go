package replay_test

import (
	"context"
	"fmt"

	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
)

// Replay a scenario against an in-process MCP server whose one tool returns
// an issue as JSON; the second step reads the first step's output.
func Example() {
	srv := mcptest.NewServer("issues")
	srv.Handle("create_issue", func(c mcptest.Call) mcptest.Result {
		return mcptest.Text(fmt.Sprintf(`{"number": 42, "title": %q}`, c.Args["title"]))
	})
	servers := replay.ServersFunc(func(ctx context.Context, name string, _ replay.Needs) (replay.ToolCaller, error) {
		return srv.Connect(ctx)
	})
	sc, err := sandy.Parse([]byte(`{
	  "version": "2.1",
	  "metadata": {"name": "create and log"},
	  "variables": {"TITLE": ""},
	  "steps": [
	    {"step": 1, "id": "create", "tool": "mcp__github__create_issue",
	     "params": {"title": "{{TITLE}}"}, "output": {"number": "$.number"}},
	    {"step": 2, "id": "log", "tool": "sandy__log", "params": {"message": "created #{{create.number}}"},
	     "output": {"said": "$.logged"}}
	  ]}`), "example.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := replay.New(servers, &replay.Options{Vars: []map[string]string{{"TITLE": "Mug is blue"}}})
	res, err := p.Run(context.Background(), "example.json", sc)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Steps {
		fmt.Println(s.Step, s.Tool, s.Status, s.Output)
	}
	fmt.Println("success:", res.Success)
	// Output:
	// 1 mcp__github__create_issue passed map[number:42]
	// 2 sandy__log passed map[said:created #42]
	// success: true
}
