package parser_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/parser"
)

// Compile two actions against a fake browser server whose page is a login
// form, and print the calls the scenario keeps: the opening navigation
// with the site as {{BASE_URL}}, then each action on a stable selector
// rather than a snapshot ref.
func Example() {
	srv := mcptest.NewServer("playwright")
	srv.Handle(mcpclient.ToolNavigate, func(c mcptest.Call) mcptest.Result {
		return mcptest.Navigated(fmt.Sprint(c.Args["url"]))
	})
	srv.Handle(mcpclient.ToolSnapshot, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{PageURL: "http://shop.test/login", Snapshot: "" +
			"- heading \"Log in\" [level=1] [ref=e1]\n" +
			"- textbox \"Username\" [ref=e2]\n" +
			"- button \"Log in\" [ref=e3]\n"}.Result()
	})
	for _, tool := range []string{mcpclient.ToolType, mcpclient.ToolClick} {
		srv.Handle(tool, func(mcptest.Call) mcptest.Result { return mcptest.Playwright{}.Result() })
	}

	ctx := context.Background()
	browser, err := srv.Connect(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer browser.Close()
	res, err := parser.New(browser, nil).Run(ctx, parser.Scenario{
		Name:    "log in",
		URL:     "http://shop.test/login",
		Actions: []string{"type demo into Username", "click Log in"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	for _, step := range res.Steps {
		fmt.Println(step.Action)
		for _, call := range step.Calls {
			args, _ := json.Marshal(call.Args)
			fmt.Printf("  %s %s\n", call.Tool, args)
		}
	}
	// Output:
	// success
	// open http://shop.test/login
	//   browser_navigate {"url":"{{BASE_URL}}/login"}
	// type demo into Username
	//   browser_type {"element":"textbox \"Username\"","target":"internal:role=textbox[name=\"Username\"s]","text":"demo"}
	// click Log in
	//   browser_click {"element":"button \"Log in\"","target":"internal:role=button[name=\"Log in\"s]"}
}
