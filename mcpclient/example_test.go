package mcpclient_test

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/mcpclient"
)

// A tool failure comes back as data: IsError and Error, no Go error.
func ExampleConnectInProcess() {
	srv := server.NewMCPServer("shop-fake", "1.0.0")
	srv.AddTool(mcp.NewTool("browser_click", mcp.WithString("target", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultError(fmt.Sprintf("### Error\nError: %q does not match any elements.", req.GetString("target", ""))), nil
		})

	ctx := context.Background()
	s, err := mcpclient.ConnectInProcess(ctx, srv, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	r, err := s.CallTool(ctx, "browser_click", map[string]any{"target": "text=Nope"})
	fmt.Println(err, r.IsError)
	fmt.Println(r.Error)
	// Output:
	// <nil> true
	// Error: "text=Nope" does not match any elements.
}

func ExampleParseText() {
	r := mcpclient.ParseText("### Ran Playwright code\n```js\nawait page.getByRole('button', { name: 'Log in' }).click();\n```\n" +
		"### Page\n- Page URL: http://localhost:8080/login\n- Page Title: Log in · Demo Shop\n")
	fmt.Println(r.Code)
	fmt.Println(r.PageURL, "|", r.PageTitle)
	// Output:
	// await page.getByRole('button', { name: 'Log in' }).click();
	// http://localhost:8080/login | Log in · Demo Shop
}
