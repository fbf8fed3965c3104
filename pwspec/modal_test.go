package pwspec

import (
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// TestModalForms: a dialog's handling is set before the action that opens
// it, an upload waits for the file chooser around its click, a tab switch
// reassigns page, a drag is dragTo; a dialog handled with no action before
// it has no form.
func TestModalForms(t *testing.T) {
	step := func(tool string, p map[string]any, desc string) sandy.Step {
		return sandy.Step{Tool: "mcp__playwright__" + tool, Params: p, Description: desc}
	}
	btn := func(name string) string { return `internal:role=button[name="` + name + `"i]` }
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "modal"}, Steps: []sandy.Step{
		step("browser_navigate", map[string]any{"url": "http://x/"}, "open"),
		step("browser_click", map[string]any{"target": btn("Delete")}, "click Delete"),
		step("browser_handle_dialog", map[string]any{"accept": true}, "accept the dialog"),
		step("browser_click", map[string]any{"target": btn("Rename")}, "click Rename"),
		step("browser_handle_dialog", map[string]any{"accept": true, "promptText": "Holiday plans"}, "type into the prompt"),
		step("browser_click", map[string]any{"target": btn("Keep")}, "click Keep"),
		step("browser_handle_dialog", map[string]any{"accept": false}, "dismiss"),
		step("browser_click", map[string]any{"target": btn("Choose file")}, "upload"),
		step("browser_file_upload", map[string]any{"paths": []any{"docs/notes.txt"}}, "upload"),
		step("browser_click", map[string]any{"target": btn("Choose file")}, "upload again"),
		step("browser_file_upload", map[string]any{"paths": []any{"a.txt", "b.txt"}}, "upload again"),
		step("browser_tabs", map[string]any{"action": "select", "index": 1}, "switch to the new tab"),
		step("browser_drag", map[string]any{"startTarget": `internal:text="Write report"i`, "endTarget": `internal:role=region[name="Done"i]`}, "drag"),
	}}
	out, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := string(out)
	for _, want := range []string{
		"page.once(\"dialog\", (dialog) => dialog.accept());\n    await page.getByRole(\"button\", { name: says(\"Delete\") }).click();",
		`page.once("dialog", (dialog) => dialog.accept("Holiday plans"));`,
		`page.once("dialog", (dialog) => dialog.dismiss());`,
		`const fileChooser = page.waitForEvent("filechooser");`,
		"await (await fileChooser).setFiles(\n",
		"`${process.env.PLAINTEST_FILES ?? \".sandy/files\"}/docs/notes.txt`",
		`const fileChooser2 = page.waitForEvent("filechooser");`,
		"page = page.context().pages()[1];",
		"await page.bringToFront();",
		`.dragTo(page.getByRole("region", { name: says("Done") }))`,
	} {
		if !strings.Contains(spec, want) {
			t.Errorf("the spec lacks %q:\n%s", want, spec)
		}
	}
	if strings.Contains(spec, `"accept the dialog"`) {
		t.Errorf("the dialog's step is a test.step of its own; it belongs to its action's:\n%s", spec)
	}
	alone := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "alone"}, Steps: []sandy.Step{
		step("browser_handle_dialog", map[string]any{"accept": true}, "accept"),
	}}
	var e *Error
	if _, err := Generate(alone, nil); !errors.As(err, &e) || !strings.Contains(err.Error(), "no action before it") {
		t.Errorf("a dialog handled with no action: %v", err)
	}
}
