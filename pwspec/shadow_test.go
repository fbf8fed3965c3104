package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestShadowText: a text check compiled on a page with open shadow roots
// polls showsText, which reads with the check's own showsDeep and the
// helpers it calls (commandgen/checks.js, internal/pagejs's deepText and
// deepKids) as the page runs them (one source, not a copy), so a slot
// reads as what is slotted into it and text a person cannot see is not
// shown; text gone is its negation; a page without shadow roots keeps
// countShown of getByText, and a text with a variable keeps toContainText.
func TestShadowText(t *testing.T) {
	call := func(s step.Step, target string) sandy.Step {
		c, err := (&commandgen.CallOptions{}).Call(s, target)
		if err != nil {
			t.Fatal(err)
		}
		return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action, Check: commandgen.Record(s)}
	}
	open := sandy.Step{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:1/"}, Description: "open"}
	gen := func(steps ...sandy.Step) string {
		sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "shadow"}, Variables: map[string]any{"NOTE": "Release"}, Steps: append([]sandy.Step{open}, steps...)}
		b, err := Generate(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	got := gen(
		call(step.Step{Kind: step.AssertText, Value: "Release  Notes", Shadow: true, Action: "verify the page shows Release Notes"}, `internal:role=heading[name="Release notes"i]`),
		call(step.Step{Kind: step.AssertGone, Value: "Untitled", Shadow: true, Action: "verify the page no longer shows Untitled"}, ""),
	)
	want := []string{
		"// prettier-ignore\nconst showsText = (el: any, w: string) => {\n",
		"  return showsDeep(el, w);\n};\n",
		"  showsText,\n",
		"  \"release notes\",\n",
		".toBe(true);",
		`.poll(readWith(page.locator("body"), showsText, "untitled"))`,
		`.not.toBe(true);`,
	}
	for _, name := range []string{"deepText", "deepKids", "vis", "showsDeep"} {
		want = append(want, "\n  const "+name+" = ")
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the spec lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "toContainText(") {
		t.Errorf("a shadow text check uses toContainText:\n%s", got)
	}

	plain := gen(call(step.Step{Kind: step.AssertText, Value: "Release notes", Action: "verify the page shows Release notes"}, ""))
	if strings.Contains(plain, "showsText") || !strings.Contains(plain, `page.getByText(says("Release notes"))`) || !strings.Contains(plain, "countShown") {
		t.Errorf("a text check of a page without shadow roots does not count the shown elements of the text:\n%s", plain)
	}
	withVar := gen(call(step.Step{Kind: step.AssertText, Value: "{{NOTE}} notes", Shadow: true, Action: "verify the page shows the notes"}, ""))
	if strings.Contains(withVar, "showsText") || !strings.Contains(withVar, "toContainText(says(`${NOTE} notes`)") {
		t.Errorf("a shadow text check of a variable is not toContainText:\n%s", withVar)
	}
}
