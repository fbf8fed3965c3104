package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// TestClickAfterHover: a click right after a hover hovers again with each
// try of the click (what it clicks may show only while the hover holds);
// a hover's own step, and a click after anything else, stay as they are.
func TestClickAfterHover(t *testing.T) {
	click := func(name, target string) sandy.Step {
		return sandy.Step{Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": target, "element": name}, Description: "click " + name}
	}
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "hover"}, Steps: []sandy.Step{
		{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:1/"}, Description: "open"},
		{Tool: "mcp__playwright__browser_hover", Params: map[string]any{"target": `internal:role=option[name="Learn archery"i]`, "element": "option"}, Description: "hover over Learn archery"},
		click("move up", `internal:role=button[name="move up"i]`),
		click("Save", `internal:role=button[name="Save"i]`),
	}}
	b, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	want := `  await test.step("click move up", async () => {
    await expect(async () => {
      await page.getByRole("option", { name: says("Learn archery") }).hover();
      await page
        .getByRole("button", { name: says("move up") })
        .click({ timeout: 5000 });
    }).toPass({ timeout: 15000 });
  });`
	if !strings.Contains(got, want) {
		t.Errorf("the click after the hover is not\n%s\nin:\n%s", want, got)
	}
	if !strings.Contains(got, `    await page.getByRole("option", { name: says("Learn archery") }).hover();
  });`) {
		t.Errorf("the hover's own step is not a plain hover:\n%s", got)
	}
	if !strings.Contains(got, `    await page.getByRole("button", { name: says("Save") }).click();`) || strings.Count(got, "toPass") != 1 {
		t.Errorf("the click after a click is not a plain click:\n%s", got)
	}
}
