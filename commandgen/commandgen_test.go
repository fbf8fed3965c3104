package commandgen

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/translator"
)

func TestFor(t *testing.T) {
	const sel = `internal:role=button[name="Log in"s]`
	tests := []struct {
		step   translator.Step
		target string
		want   Call
	}{
		{translator.Step{Kind: translator.Navigate, Value: "http://x/login"}, "", Call{"browser_navigate", map[string]any{"url": "http://x/login"}}},
		{translator.Step{Kind: translator.Click, Element: `button "Log in"`}, sel, Call{"browser_click", map[string]any{"target": sel, "element": `button "Log in"`}}},
		{translator.Step{Kind: translator.Type, Value: "demo"}, "e7", Call{"browser_type", map[string]any{"target": "e7", "text": "demo"}}},
		{translator.Step{Kind: translator.Select, Value: "Japan", Element: `combobox "Country"`}, "e3", Call{"browser_select_option", map[string]any{"target": "e3", "values": []any{"Japan"}, "element": `combobox "Country"`}}},
		{translator.Step{Kind: translator.Check, Role: "checkbox", Element: `checkbox "Terms"`}, "e4", Call{"browser_click", map[string]any{"target": "e4", "element": `checkbox "Terms"`}}},
		{translator.Step{Kind: translator.Uncheck, Role: "radio"}, "e4", Call{"browser_click", map[string]any{"target": "e4"}}},
		{translator.Step{Kind: translator.Press, Value: "Enter"}, "", Call{"browser_press_key", map[string]any{"key": "Enter"}}},
		{translator.Step{Kind: translator.Hover}, "e9", Call{"browser_hover", map[string]any{"target": "e9"}}},
		{translator.Step{Kind: translator.DoubleClick}, "e9", Call{"browser_click", map[string]any{"target": "e9", "doubleClick": true}}},
		{translator.Step{Kind: translator.Clear}, "e7", Call{"browser_type", map[string]any{"target": "e7", "text": ""}}},
		{translator.Step{Kind: translator.Back}, "", Call{"browser_navigate_back", map[string]any{}}},
		{translator.Step{Kind: translator.Reload}, "", Call{"browser_evaluate", map[string]any{"function": "() => { setTimeout(() => location.reload(), 0); }"}}},
		{translator.Step{Kind: translator.Forward}, "", Call{"browser_evaluate", map[string]any{"function": "() => { setTimeout(() => history.forward(), 0); }"}}},
		{translator.Step{Kind: translator.Wait, Value: "1.5"}, "", Call{"browser_wait_for", map[string]any{"time": 1.5}}},
		{translator.Step{Kind: translator.Select, Values: []string{"Cheese", "Basil"}}, "e3", Call{"browser_select_option", map[string]any{"target": "e3", "values": []any{"Cheese", "Basil"}}}},
		{translator.Step{Kind: translator.AcceptDialog}, "", Call{"browser_handle_dialog", map[string]any{"accept": true}}},
		{translator.Step{Kind: translator.AcceptDialog, Value: "Drafts"}, "", Call{"browser_handle_dialog", map[string]any{"accept": true, "promptText": "Drafts"}}},
		{translator.Step{Kind: translator.DismissDialog}, "", Call{"browser_handle_dialog", map[string]any{"accept": false}}},
		{translator.Step{Kind: translator.Upload, Value: "notes.txt"}, "e5", Call{"browser_click", map[string]any{"target": "e5"}}},
		{translator.Step{Kind: translator.Drag, Element: `listitem "A"`, Drop: &translator.Step{Ref: "e8", Element: `region "Done"`}}, "e7",
			Call{"browser_drag", map[string]any{"startTarget": "e7", "startElement": `listitem "A"`, "endTarget": "e8", "endElement": `region "Done"`}}},
	}
	for _, tt := range tests {
		got, err := For(tt.step, tt.target)
		if err != nil {
			t.Errorf("%s: %v", tt.step.Kind, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %#v, want %#v", tt.step.Kind, got, tt.want)
		}
	}
}

func TestModalCalls(t *testing.T) {
	if got, want := UploadFiles("notes.txt"), (Call{"browser_file_upload", map[string]any{"paths": []any{"notes.txt"}}}); !reflect.DeepEqual(got, want) {
		t.Errorf("UploadFiles = %#v", got)
	}
	if got, want := SelectTab(1), (Call{"browser_tabs", map[string]any{"action": "select", "index": 1}}); !reflect.DeepEqual(got, want) {
		t.Errorf("SelectTab = %#v", got)
	}
	if got, want := ListTabs(), (Call{"browser_tabs", map[string]any{"action": "list"}}); !reflect.DeepEqual(got, want) {
		t.Errorf("ListTabs = %#v", got)
	}
}

// Checks are browser_evaluate calls whose function polls in the page; what
// they do is tested in Chromium (e2e_test.go). Here: their shape.
func TestForChecks(t *testing.T) {
	o := &Options{CheckTimeout: 1500 * time.Millisecond}
	for _, tt := range []struct {
		step    translator.Step
		target  string
		element string
		has     []string
	}{
		{translator.Step{Kind: translator.AssertText, Value: "1 Item"}, "", `text "1 Item" is shown`, []string{`includes("1 item")`, "+ 1500;", "(waited 1.5s)"}},
		{translator.Step{Kind: translator.AssertGone, Value: "Loading"}, "", `text "Loading" is not shown`, []string{`includes("loading") ? "text \"Loading\" is still shown"`}},
		{translator.Step{Kind: translator.AssertState, Value: translator.StateChecked, Element: `checkbox in listitem "Buy milk"`}, "e4", `checkbox in listitem "Buy milk" is checked`, []string{"async (el) =>", "el.checked", "=== true ?"}},
		{translator.Step{Kind: translator.AssertState, Value: translator.StateExpanded, Negated: true, Element: `button "FAQ"`}, "e4", `button "FAQ" is not expanded`, []string{"=== false ?", `"button \"FAQ\" is expanded"`}},
		{translator.Step{Kind: translator.AssertValue, Value: "", Match: translator.MatchEquals, Element: `textbox "Email"`}, "e5", `textbox "Email" shows ""`, []string{`bare(norm(v)) === ""`}},
		{translator.Step{Kind: translator.AssertCount, Value: "3", Values: []string{"listitem"}, Element: "list"}, "e8", "list shows 3 items", []string{`n === 3`, `items(el, ["listitem"])`, "const role =", "const vis ="}},
		{translator.Step{Kind: translator.AssertCount, Value: "2", Values: []string{"row"}}, "", "the page shows 2 items", []string{"const el = document.body;", `items(el, ["row"])`}},
		{translator.Step{Kind: translator.AssertURL, Value: "/active", Match: translator.MatchEnds}, "", `the URL ends with "/active"`, []string{`norm(location.href).endsWith("/active")`}},
		{translator.Step{Kind: translator.AssertTitle, Value: "Todos", Match: translator.MatchEquals}, "", `the title is "Todos"`, []string{`bare(norm(document.title)) === "todos"`}},
		{translator.Step{Kind: translator.AssertOrder, Values: []string{"Walk the dog"}, Match: translator.MatchLast, Element: "list"}, "e8", `list shows "Walk the dog" last`, []string{"t[t.length - 1]"}},
		{translator.Step{Kind: translator.AssertOrder, Values: []string{"A", "B"}, Match: translator.MatchSequence}, "", "the page shows A, B in that order", []string{`for (const w of ["a","b"])`}},
		{translator.Step{Kind: translator.AssertVisible, Element: `button "Clear completed"`}, "e9", `button "Clear completed" is visible`, []string{"vis(el)"}},
	} {
		got, err := o.For(tt.step, tt.target)
		if err != nil {
			t.Errorf("%s: %v", tt.step.Kind, err)
			continue
		}
		fn, _ := got.Args["function"].(string)
		if got.Tool != "browser_evaluate" || got.Args["element"] != tt.element || (tt.target != "") != (got.Args["target"] != nil) {
			t.Errorf("%s: got %s %v", tt.step.Kind, got.Tool, got.Args)
		}
		for _, h := range tt.has {
			if !strings.Contains(fn, h) {
				t.Errorf("%s: function lacks %s:\n%s", tt.step.Kind, h, fn)
			}
		}
		if strings.Contains(fn, "\n") {
			t.Errorf("%s: the function is not one line", tt.step.Kind)
		}
	}
}

func TestForErrors(t *testing.T) {
	if _, err := For(translator.Step{Kind: translator.Click, Action: "click x"}, ""); err == nil {
		t.Error("a click without a target was accepted")
	}
	if _, err := For(translator.Step{Kind: "teleport"}, "e1"); err == nil {
		t.Error("an unknown kind was accepted")
	}
}

// The wait for a page still loading reads its timeout back, and nothing
// else reads as it.
func TestBusyWait(t *testing.T) {
	fn, _ := BusyWait(30 * time.Second).Args["function"].(string)
	if d, ok := BusyWaitTimeout(fn); !ok || d != 30*time.Second {
		t.Errorf("BusyWaitTimeout(BusyWait(30s)) = %v, %v", d, ok)
	}
	for _, other := range []string{"", "() => 1", strings.Replace(fn, "aria-busy", "aria-live", 1), fn + " "} {
		if _, ok := BusyWaitTimeout(other); ok {
			t.Errorf("BusyWaitTimeout(%q) reads as the wait", other)
		}
	}
}
