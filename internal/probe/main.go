package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

func main() {
	ctx := context.Background()
	c, err := client.NewStdioMCPClient("node", nil, "node_modules/@playwright/mcp/cli.js", "--headless", "--executable-path", "/usr/bin/chromium", "--no-sandbox", "--isolated", "--output-dir", "/tmp/pwout", "--timeout-settle", "100", "--snapshot-mode", "none", "--caps", "testing")
	if err != nil { panic(err) }
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "probe", Version: "0"}
	t := time.Now()
	if _, err := c.Initialize(ctx, init); err != nil { panic(err) }
	fmt.Println("init", time.Since(t))
	calls := [][2]string{}
	for i := 1; i+1 < len(os.Args); i += 2 { calls = append(calls, [2]string{os.Args[i], os.Args[i+1]}) }
	for _, cl := range calls {
		var args map[string]any
		json.Unmarshal([]byte(cl[1]), &args)
		req := mcp.CallToolRequest{}
		req.Params.Name = cl[0]
		req.Params.Arguments = args
		t := time.Now()
		res, err := c.CallTool(ctx, req)
		fmt.Printf("=== %s %s (%v) err=%v\n", cl[0], cl[1], time.Since(t), err)
		if res != nil {
			fmt.Println("isError:", res.IsError)
			for _, ct := range res.Content {
				if tc, ok := ct.(mcp.TextContent); ok { fmt.Println(tc.Text) } else { fmt.Printf("%T\n", ct) }
			}
		}
	}
}
