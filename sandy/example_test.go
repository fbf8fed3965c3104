package sandy_test

import (
	"fmt"

	"github.com/plaintest/plaintest/sandy"
)

func Example() {
	src := []byte(`{
  "version": "2.1",
  "metadata": {"name": "login"},
  "variables": {"BASE_URL": "http://localhost:8080", "PASSWORD": "", "TIMEOUT": 5},
  "steps": [
    {"step": 1, "id": "open", "tool": "mcp__playwright__browser_navigate",
     "params": {"url": "{{BASE_URL}}/login"}, "output": {"title": "$.title"}},
    {"step": 2, "tool": "mcp__playwright__browser_type",
     "params": {"target": "internal:label=\"Password\"i", "text": "{{PASSWORD}}", "timeout": "{{TIMEOUT}}"},
     "condition": "{{open.title}} != \"\""}
  ]
}`)
	s, err := sandy.Parse(src, "login.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	server, tool, _, _ := sandy.SplitTool(s.Steps[1].Tool)
	fmt.Println("server:", server, "tool:", tool)

	// Scenario variables < env file < --var; PASSWORD is required.
	vars := sandy.NewVars(s.Variables, map[string]string{"PASSWORD": "demo123"})
	fmt.Println("missing:", vars.Missing(s.Required()))

	// Step 1 ran and extracted its output.
	vars.SetOutput("open", map[string]any{"title": "Demo Shop"})
	run, _ := vars.EvalCondition(s.Steps[1].Condition)
	params, _ := vars.Substitute(s.Steps[1].Params)
	p := params.(map[string]any)
	fmt.Println("run step 2:", run)
	fmt.Printf("text: %v, timeout: %v (%T)\n", vars.Mask(p["text"].(string)), p["timeout"], p["timeout"])
	// Output:
	// server: playwright tool: browser_type
	// missing: []
	// run step 2: true
	// text: ***, timeout: 5 (float64)
}

func ExampleParse_invalid() {
	_, err := sandy.Parse([]byte(`{"version": "2.1", "metadata": {"name": ""},
  "steps": [{"step": 1, "tool": "mcp__playwright__browser_click", "params": {"target": "#x"}, "on_error": "ignore"},
            {"step": 2, "tool": "mcp__playwright__browser_type", "params": {"text": "{{create.number}}"}}]}`), "bad.json")
	fmt.Println(err)
	// Output:
	// bad.json: metadata.name: required
	// bad.json: steps[0].on_error: unknown value "ignore" (want stop, skip or retry)
	// bad.json: steps[1].params.text: {{create.number}} refers to unknown step "create"
}
