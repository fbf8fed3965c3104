package step

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestFor(t *testing.T) {
	const sel = `internal:role=button[name="Log in"s]`
	tests := []struct {
		step   Step
		target string
		want   ToolCall
	}{
		{Step{Kind: Navigate, Value: "http://x/login"}, "", ToolCall{"browser_navigate", map[string]any{"url": "http://x/login"}}},
		{Step{Kind: Click, Element: `button "Log in"`}, sel, ToolCall{"browser_click", map[string]any{"target": sel, "element": `button "Log in"`}}},
		{Step{Kind: Type, Value: "demo"}, "e7", ToolCall{"browser_type", map[string]any{"target": "e7", "text": "demo"}}},
		{Step{Kind: Select, Value: "Japan", Element: `combobox "Country"`}, "e3", ToolCall{"browser_select_option", map[string]any{"target": "e3", "values": []any{"Japan"}, "element": `combobox "Country"`}}},
		{Step{Kind: Check, Role: "checkbox", Element: `checkbox "Terms"`}, "e4", ToolCall{"browser_click", map[string]any{"target": "e4", "element": `checkbox "Terms"`}}},
		{Step{Kind: Uncheck, Role: "radio"}, "e4", ToolCall{"browser_click", map[string]any{"target": "e4"}}},
		{Step{Kind: Press, Value: "Enter"}, "", ToolCall{"browser_press_key", map[string]any{"key": "Enter"}}},
		{Step{Kind: Hover}, "e9", ToolCall{"browser_hover", map[string]any{"target": "e9"}}},
		{Step{Kind: DoubleClick}, "e9", ToolCall{"browser_click", map[string]any{"target": "e9", "doubleClick": true}}},
		{Step{Kind: Clear}, "e7", ToolCall{"browser_type", map[string]any{"target": "e7", "text": ""}}},
		{Step{Kind: Back}, "", ToolCall{"browser_navigate_back", map[string]any{}}},
		{Step{Kind: Reload}, "", ToolCall{"browser_evaluate", map[string]any{"function": "() => { setTimeout(() => location.reload(), 0); }"}}},
		{Step{Kind: Forward}, "", ToolCall{"browser_evaluate", map[string]any{"function": "() => { setTimeout(() => history.forward(), 0); }"}}},
		{Step{Kind: Wait, Value: "1.5"}, "", ToolCall{"browser_wait_for", map[string]any{"time": 1.5}}},
		{Step{Kind: Select, Values: []string{"Cheese", "Basil"}}, "e3", ToolCall{"browser_select_option", map[string]any{"target": "e3", "values": []any{"Cheese", "Basil"}}}},
		{Step{Kind: AcceptDialog}, "", ToolCall{"browser_handle_dialog", map[string]any{"accept": true}}},
		{Step{Kind: AcceptDialog, Value: "Drafts"}, "", ToolCall{"browser_handle_dialog", map[string]any{"accept": true, "promptText": "Drafts"}}},
		{Step{Kind: DismissDialog}, "", ToolCall{"browser_handle_dialog", map[string]any{"accept": false}}},
		{Step{Kind: Upload, Value: "notes.txt"}, "e5", ToolCall{"browser_click", map[string]any{"target": "e5"}}},
		{Step{Kind: Drag, Element: `listitem "A"`, Drop: &Step{Ref: "e8", Element: `region "Done"`}}, "e7",
			ToolCall{"browser_drag", map[string]any{"startTarget": "e7", "startElement": `listitem "A"`, "endTarget": "e8", "endElement": `region "Done"`}}},
	}
	for _, tt := range tests {
		got, err := Call(tt.step, tt.target)
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
	if got, want := UploadFiles("notes.txt"), (ToolCall{"browser_file_upload", map[string]any{"paths": []any{"notes.txt"}}}); !reflect.DeepEqual(got, want) {
		t.Errorf("UploadFiles = %#v", got)
	}
	if got, want := SelectTab(1), (ToolCall{"browser_tabs", map[string]any{"action": "select", "index": 1}}); !reflect.DeepEqual(got, want) {
		t.Errorf("SelectTab = %#v", got)
	}
	if got, want := ListTabs(), (ToolCall{"browser_tabs", map[string]any{"action": "list"}}); !reflect.DeepEqual(got, want) {
		t.Errorf("ListTabs = %#v", got)
	}
}

// Checks are browser_evaluate calls whose function polls in the page; what
// they do is tested in Chromium (e2e_test.go). Here: their shape.
func TestForChecks(t *testing.T) {
	o := &CallOptions{CheckTimeout: 1500 * time.Millisecond}
	for _, tt := range []struct {
		step    Step
		target  string
		element string
		has     []string
	}{
		{Step{Kind: AssertText, Value: "1 Item"}, "", `text "1 Item" is shown`, []string{`says(norm(document.body.innerText ?? document.body.textContent), "1 item")`, "const says = ", "+ 1500;", "(waited 1.5s)"}},
		{Step{Kind: AssertGone, Value: "Loading"}, "", `text "Loading" is not shown`, []string{`says(norm(document.body.innerText ?? document.body.textContent), "loading") ? "text \"Loading\" is still shown"`}},
		{Step{Kind: AssertState, Value: StateChecked, Element: `checkbox in listitem "Buy milk"`}, "e4", `checkbox in listitem "Buy milk" is checked`, []string{"async (el) =>", "el.checked", "=== true ?"}},
		{Step{Kind: AssertState, Value: StateExpanded, Negated: true, Element: `button "FAQ"`}, "e4", `button "FAQ" is not expanded`, []string{"=== false ?", `"button \"FAQ\" is expanded"`}},
		{Step{Kind: AssertValue, Value: "", Match: MatchEquals, Element: `textbox "Email"`}, "e5", `textbox "Email" shows ""`, []string{`bare(norm(v)) === ""`}},
		{Step{Kind: AssertCount, Value: "3", Values: []string{"listitem"}, Element: "list"}, "e8", "list shows 3 items", []string{`n === 3`, `items(el, ["listitem"])`, "const role =", "const vis ="}},
		{Step{Kind: AssertCount, Value: "2", Values: []string{"row"}}, "", "the page shows 2 items", []string{"const el = document.body;", `items(el, ["row"])`}},
		{Step{Kind: AssertURL, Value: "/active", Match: MatchEnds}, "", `the URL ends with "/active"`, []string{`norm(location.href).endsWith("/active")`}},
		{Step{Kind: AssertTitle, Value: "Todos", Match: MatchEquals}, "", `the title is "Todos"`, []string{`bare(norm(document.title)) === "todos"`}},
		{Step{Kind: AssertURL, Value: "/admin", Match: MatchContains, Negated: true}, "", `the URL does not contain "/admin"`, []string{`!(norm(location.href).includes("/admin"))`}},
		{Step{Kind: AssertTitle, Value: "Error", Match: MatchEquals, Negated: true}, "", `the title is not "Error"`, []string{`!(bare(norm(document.title)) === "error")`}},
		{Step{Kind: AssertOrder, Values: []string{"Walk the dog"}, Match: MatchLast, Element: "list"}, "e8", `list shows "Walk the dog" last`, []string{"t[t.length - 1]"}},
		{Step{Kind: AssertOrder, Values: []string{"A", "B"}, Match: MatchSequence}, "", "the page shows A, B in that order", []string{`for (const w of ["a","b"])`}},
		{Step{Kind: AssertVisible, Element: `button "Clear completed"`}, "e9", `button "Clear completed" is visible`, []string{"vis(el)"}},
	} {
		got, err := o.Call(tt.step, tt.target)
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
	if _, err := Call(Step{Kind: Click, Action: "click x"}, ""); err == nil {
		t.Error("a click without a target was accepted")
	}
	if _, err := Call(Step{Kind: "teleport"}, "e1"); err == nil {
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
