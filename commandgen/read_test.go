package commandgen

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// kindsDeclared lists the Kind constants step.go declares, read from its
// source, so that a kind added there without a round trip fails the test.
func kindsDeclared(t *testing.T) []step.Kind {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../step/step.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []step.Kind
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Kind" {
				continue
			}
			for _, n := range vs.Names {
				lit := vs.Values[0].(*ast.BasicLit)
				kinds = append(kinds, step.Kind(lit.Value[1:len(lit.Value)-1]))
				_ = n
			}
		}
	}
	if len(kinds) < 30 {
		t.Fatalf("read %d kinds from step.go", len(kinds))
	}
	return kinds
}

// roundTrips holds one step of every kind in the form Call writes and
// Read gives back. A kind whose call is another kind's names what it
// reads as (reads); a kind with no call of its own says why (noCall).
var roundTrips = []struct {
	step   step.Step
	reads  step.Kind // the kind Read gives when it is not the step's
	noCall string    // why Call refuses the kind
}{
	{step: step.Step{Kind: step.Navigate, Value: "http://x/login"}},
	{step: step.Step{Kind: step.Click, Ref: "#b", Role: "button", Element: `button "Log in"`}},
	{step: step.Step{Kind: step.DoubleClick, Ref: "#c", Role: "cell", Element: `cell "Ada" in row "1"`}},
	{step: step.Step{Kind: step.Type, Ref: "#e", Role: "textbox", Element: `textbox "Email"`, Value: "ada@example.com"}},
	{step: step.Step{Kind: step.Type, Ref: "#f", Role: "combobox", Element: `combobox "Fruit"`, Value: "App"}},
	{step: step.Step{Kind: step.Clear, Ref: "#e", Role: "textbox", Element: `textbox "Email"`}},
	{step: step.Step{Kind: step.Select, Ref: "#s", Role: "combobox", Element: `combobox "Country"`, Value: "Japan"}},
	{step: step.Step{Kind: step.Select, Ref: "#m", Role: "listbox", Element: `listbox "Colours"`, Values: []string{"Red", "Blue"}}},
	{step: step.Step{Kind: step.Choose, Ref: "#f", Role: "combobox", Value: "Apple"}, noCall: "a combo box's option is picked in several calls the compiler makes (open, type, click the option)"},
	{step: step.Step{Kind: step.SetValue, Ref: "#r", Role: "slider", Value: "30"}, noCall: "a slider is set by keys the compiler presses after reading where it stands"},
	{step: step.Step{Kind: step.Check, Ref: "#t", Role: "checkbox", Element: `checkbox "Terms"`}},
	{step: step.Step{Kind: step.Uncheck, Ref: "#t", Role: "checkbox", Element: `checkbox "Terms"`}},
	{step: step.Step{Kind: step.Check, Ref: "#c", Role: "radio", Element: `radio "Card"`}},
	{step: step.Step{Kind: step.Press, Value: "Enter"}},
	{step: step.Step{Kind: step.Hover, Ref: "#r", Role: "row", Element: `row "Buy milk"`}},
	{step: step.Step{Kind: step.Scroll, Ref: "#end", Role: "paragraph", Element: `paragraph "End of feed"`}},
	{step: step.Step{Kind: step.ScrollPage, Value: "down"}},
	{step: step.Step{Kind: step.ScrollPage, Value: "up"}},
	{step: step.Step{Kind: step.ScrollPage, Value: "bottom"}},
	{step: step.Step{Kind: step.ScrollPage, Value: "top"}},
	{step: step.Step{Kind: step.ScrollPage, Value: "down", Ref: "#m", Role: "listbox", Element: `listbox "Messages"`}},
	{step: step.Step{Kind: step.ScrollPage, Value: "bottom", Ref: "#r", Role: "region", Element: `region "Results"`}},
	{step: step.Step{Kind: step.ScrollUntil, Value: "Item 640", Values: []string{"option"}, Ref: "#m", Role: "listbox", Element: `listbox "Messages"`}},
	{step: step.Step{Kind: step.ScrollUntil, Value: "Item 640"}},
	{step: step.Step{Kind: step.Reload}},
	{step: step.Step{Kind: step.Back}},
	{step: step.Step{Kind: step.Forward}},
	{step: step.Step{Kind: step.Wait, Value: "1.5"}},
	{step: step.Step{Kind: step.AcceptDialog, Value: "Ada"}},
	{step: step.Step{Kind: step.AcceptDialog}},
	{step: step.Step{Kind: step.DismissDialog}},
	{step: step.Step{Kind: step.Upload, Ref: "#u", Role: "button", Element: `button "Choose file"`}, reads: step.Click},
	{step: step.Step{Kind: step.SwitchTab, Value: "2"}},
	{step: step.Step{Kind: step.SwitchTab, Value: step.TabNew}, noCall: "the tab opened last has an index only the server's list of tabs knows"},
	{step: step.Step{Kind: step.Drag, Ref: "#a", Role: "listitem", Element: `listitem "A"`, Drop: &step.Step{Ref: "#b", Role: "listitem", Element: `listitem "B"`}}},
	{step: step.Step{Kind: step.Remember, Ref: "#o", Role: "status", Element: `status "Order number"`, Value: "ORDER"}},
	{step: step.Step{Kind: step.Remember, Ref: "#t", Role: "textbox", Element: `textbox "Total"`, Value: "ORDER_TOTAL2"}},
	{step: step.Step{Kind: step.Then, Value: "click its delete button"}, noCall: "a Then is an action still to read, not a step"},
	{step: step.Step{Kind: step.Submit}, noCall: "a Submit is the click of a button the page names"},

	{step: step.Step{Kind: step.AssertText, Value: "1 item"}},
	{step: step.Step{Kind: step.AssertText, Value: "Upload complete", Wait: true}},
	{step: step.Step{Kind: step.AssertValue, Ref: "#up", Role: "progressbar", Element: `progressbar "Upload"`, Value: "100%", Match: step.MatchEquals, Wait: true}},
	{step: step.Step{Kind: step.AssertText, Ref: "#r", Role: "row", Element: `row "Blue Mug"`, Value: "$24.00"}},
	// A live region described by its role alone (its name is what it
	// shows, which changes: parser's transient).
	{step: step.Step{Kind: step.AssertText, Ref: "internal:role=alert >> nth=0", Role: "alert", Element: `alert`, Value: "Saved successfully"}},
	{step: step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
	{step: step.Step{Kind: step.AssertGone, Ref: "#r", Role: "row", Element: `row "Green Tea"`, Value: "$24.00"}},
	{step: step.Step{Kind: step.AssertState, Ref: "#c", Role: "checkbox", Element: `checkbox "Buy milk"`, Value: step.StateChecked, Negated: true}},
	{step: step.Step{Kind: step.AssertState, Ref: "#h", Role: "columnheader", Element: `columnheader "Name"`, Value: step.StateSortedAscending}},
	{step: step.Step{Kind: step.AssertValue, Ref: "#e", Role: "textbox", Element: `textbox "Email"`, Value: "x", Match: step.MatchContains}},
	{step: step.Step{Kind: step.AssertValue, Ref: "#e", Role: "textbox", Element: `textbox "Email"`, Value: "", Match: step.MatchEquals}},
	{step: step.Step{Kind: step.AssertValue, Ref: "#e", Role: "textbox", Element: `textbox "Email"`, Value: "ada", Match: step.MatchStarts, Negated: true}},
	{step: step.Step{Kind: step.AssertValue, Ref: "#r", Role: "slider", Element: `slider "Temp"`, Value: "20", Match: step.MatchNow}},
	{step: step.Step{Kind: step.AssertCount, Ref: "#l", Role: "list", Element: `list "Todos"`, Value: "3", Values: []string{"listitem"}}},
	{step: step.Step{Kind: step.AssertCount, Value: "1", Values: []string{"row", "article"}}},
	{step: step.Step{Kind: step.AssertURL, Value: "/active", Match: step.MatchEnds}},
	{step: step.Step{Kind: step.AssertTitle, Value: "Todos", Match: step.MatchEquals}},
	{step: step.Step{Kind: step.AssertURL, Value: "/admin", Match: step.MatchContains, Negated: true}},
	{step: step.Step{Kind: step.AssertURL, Value: "/login", Match: step.MatchStarts, Negated: true}},
	{step: step.Step{Kind: step.AssertTitle, Value: "Error", Match: step.MatchEquals, Negated: true}},
	{step: step.Step{Kind: step.AssertOrder, Ref: "#l", Role: "list", Element: `list "Todos"`, Values: []string{"Walk the dog"}, Match: step.MatchFirst}},
	{step: step.Step{Kind: step.AssertOrder, Values: []string{"Ada"}, Match: step.MatchNth + "2"}},
	{step: step.Step{Kind: step.AssertOrder, Ref: "#l", Role: "list", Element: `list "Todos"`, Values: []string{"Buy milk", "Walk the dog"}, Match: step.MatchSequence}},
	{step: step.Step{Kind: step.AssertVisible, Ref: "#b", Role: "button", Element: `button "Save"`}},
	{step: step.Step{Kind: step.AssertVisible, Value: "Save", Values: []string{"button"}, Negated: true, Element: `button "Save"`}},
	{step: step.Step{Kind: step.AssertVisible, Value: "Saved", Values: []string{"dialog", "alert"}, Element: `dialog "Saved"`}},
	// Checks compiled on a page with open shadow roots, for the kinds
	// whose reading Shadow changes.
	{step: step.Step{Kind: step.AssertText, Value: "Blue Mug", Shadow: true}},
	{step: step.Step{Kind: step.AssertGone, Ref: "#a", Role: "article", Element: `article "Blue Mug"`, Value: "$12.00", Shadow: true}},
	{step: step.Step{Kind: step.AssertCount, Ref: "#l", Role: "list", Element: `list "Todos"`, Value: "3", Values: []string{"listitem"}, Shadow: true}},
	{step: step.Step{Kind: step.AssertOrder, Ref: "#l", Role: "list", Element: `list "Todos"`, Values: []string{"Buy milk", "Walk the dog"}, Match: step.MatchSequence, Shadow: true}},
	{step: step.Step{Kind: step.AssertVisible, Value: "Save", Values: []string{"button"}, Element: `button "Save"`, Shadow: true}},
	{step: step.Step{Kind: step.AssertValue, Ref: "#s", Role: "status", Element: `status "Cart"`, Value: "Saved", Match: step.MatchEquals, Shadow: true}},
	{step: step.Step{Kind: step.AssertState, Ref: "#e", Role: "textbox", Element: `textbox "Email"`, Value: step.StateFocused, Shadow: true}},
	{step: step.Step{Kind: step.AssertState, Ref: "#p", Role: "button", Element: `button "Pay"`, Value: step.StateDisabled, Negated: true, Shadow: true}},
	// An element named by the roles it may have (corpus apg-dialog-add-address).
	{step: step.Step{Kind: step.AssertVisible, Value: "Address Added", Values: []string{"alertdialog", "dialog"}, Element: `alertdialog or dialog "Address Added"`}},
	// Any element of those roles ("the dialog is gone").
	{step: step.Step{Kind: step.AssertVisible, Values: []string{"alertdialog", "dialog"}, Negated: true, Element: "alertdialog or dialog"}},
	{step: step.Step{Kind: step.AssertVisible, Values: []string{"menu"}, Element: "menu"}},
	{step: step.Step{Kind: step.AssertColour, Ref: "#badge", Role: "status", Element: `status "Status"`, Value: "red"}},
	{step: step.Step{Kind: step.AssertColour, Ref: "#msg", Role: "alert", Element: "alert", Value: "red", Match: step.MatchText, Negated: true}},
	{step: step.Step{Kind: step.AssertColour, Ref: "#save", Role: "button", Element: `button "Save"`, Value: "green", Match: step.MatchBackground, Wait: true}},
}

// TestRoundTrip: for every kind, step → call → step is the identity (or
// the kind its call is, or Call refuses it and says why), and the step
// read back makes the same call again.
func TestRoundTrip(t *testing.T) {
	covered := map[step.Kind]bool{}
	for _, tt := range roundTrips {
		covered[tt.step.Kind] = true
		c, err := (&CallOptions{CheckTimeout: 3 * time.Second}).Call(tt.step, tt.step.Ref)
		if tt.noCall != "" {
			if err == nil {
				t.Errorf("%s: Call gave %+v, want a refusal (%s)", tt.step.Kind, c, tt.noCall)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Call: %v", tt.step.Kind, err)
			continue
		}
		// As a scenario file keeps it: decoded JSON of the call and, for
		// a check, its record.
		data, _ := json.Marshal(sandy.Step{Params: c.Args, Check: Record(tt.step)})
		var st sandy.Step
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatal(err)
		}
		got, err := ReadStep(st, c.Tool)
		if err != nil {
			t.Errorf("%s: ReadStep(%s %s): %v", tt.step.Kind, c.Tool, data, err)
			continue
		}
		want := tt.step
		if tt.reads != "" {
			want.Kind = tt.reads
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Read(Call(s)) =\n%+v, want\n%+v", tt.step.Kind, got, want)
		}
		again, err := (&CallOptions{CheckTimeout: 3 * time.Second}).Call(got, got.Ref)
		if err != nil {
			t.Errorf("%s: Call(Read(Call(s))): %v", tt.step.Kind, err)
			continue
		}
		if a, b := mustJSON(t, again), mustJSON(t, c); again.Tool != c.Tool || a != b {
			t.Errorf("%s: the step read back calls\n%s %s, want\n%s %s", tt.step.Kind, again.Tool, a, c.Tool, b)
		}
	}
	for _, k := range kindsDeclared(t) {
		if !covered[k] {
			t.Errorf("kind %q has no round trip in roundTrips", k)
		}
	}
}

func mustJSON(t *testing.T, c step.ToolCall) string {
	t.Helper()
	b, err := json.Marshal(c.Args)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadNotStep: the calls the compiler adds around steps, and calls of
// other tools, are no step's.
func TestReadNotStep(t *testing.T) {
	for _, c := range []step.ToolCall{
		Focus("#e", `textbox "Email"`),
		BusyWait(5 * time.Second),
		EnabledWait("#pay", `button "Pay"`, 5*time.Second),
		ListTabs(),
		WaitForText("Saved"),
		TextShown("Saved"),
		ShadowProbe(),
		{Tool: "browser_snapshot", Args: map[string]any{}},
		{Tool: step.ToolEvaluate, Args: map[string]any{"function": "() => 1", "element": "x"}},
	} {
		if s, err := Read(c); !errors.Is(err, ErrNotStep) {
			t.Errorf("Read(%s %v) = %+v, %v; want ErrNotStep", c.Tool, c.Args, s, err)
		}
	}
	if !IsFocus(Focus("#e", "")) || IsFocus(PressKey("Enter")) {
		t.Error("IsFocus does not tell Focus's call")
	}
	if s, err := Read(UploadFiles("a.txt")); err != nil || s.Kind != step.Upload || s.Value != "a.txt" {
		t.Errorf("Read(UploadFiles) = %+v, %v", s, err)
	}
}

// FuzzRead: any call a scenario file holds gives a step or an error, never
// a panic.
func FuzzRead(f *testing.F) {
	f.Add(step.ToolEvaluate, `text "1 item" is shown`, "const why = () => ''", "")
	f.Add(step.ToolEvaluate, `textbox "Email" shows "x\"y"`, "const why = vs.some(v => norm(v).includes(", "#e")
	f.Add(step.ToolEvaluate, `list "T" shows 3 items`, `const why = items(el, ["listitem"])`, "#l")
	f.Add(step.ToolEvaluate, `button "Save" is not shown`, `const why = some(e => ["button"].includes(role(e))`, "")
	f.Add(step.ToolEvaluate, `list "T" shows "a" at #2`, `const why = `, "#l")
	f.Add(step.ToolClick, `button "x"`, "", "#b")
	if c, err := Call(step.Step{Kind: step.Remember, Element: `status "N"`, Value: "ORDER"}, "#n"); err == nil {
		f.Add(step.ToolEvaluate, `status "N"`, c.Args["function"].(string), "#n")
	}
	f.Add(step.ToolDrag, "", "", "")
	f.Fuzz(func(t *testing.T, tool, element, fn, target string) {
		args := map[string]any{"element": element, "function": fn, "target": target, "url": fn, "text": element,
			"values": []any{element, fn}, "paths": []any{fn},
			"fields": []any{map[string]any{"name": element, "type": "checkbox", "target": target, "value": fn}}, "index": float64(len(fn)), "action": "select", "time": 1.5}
		s, err := Read(step.ToolCall{Tool: tool, Args: args})
		if err != nil && !reflect.DeepEqual(s, step.Step{}) {
			t.Errorf("Read(%s) = %+v and %v", tool, s, err)
		}
	})
}

// TestWaitTimeout: a check the sentence waits for waits the wait timeout,
// says so in its description, and CheckTimeout reads it back; any other
// check waits the check timeout.
func TestWaitTimeout(t *testing.T) {
	o := &CallOptions{CheckTimeout: 3 * time.Second, WaitTimeout: 12 * time.Second}
	for _, tt := range []struct {
		s    step.Step
		want time.Duration
	}{
		{step.Step{Kind: step.AssertText, Value: "Saved"}, 3 * time.Second},
		{step.Step{Kind: step.AssertText, Value: "Saved", Wait: true}, 12 * time.Second},
	} {
		c, err := o.Call(tt.s, "")
		if err != nil {
			t.Fatal(err)
		}
		got, ok := CheckTimeout(c.Args["function"].(string))
		if !ok || got != tt.want {
			t.Errorf("CheckTimeout(Call(%+v)) = %v, %v, want %v", tt.s, got, ok, tt.want)
		}
		if el := c.Args["element"].(string); tt.s.Wait != strings.HasSuffix(el, ", waiting up to 12s") {
			t.Errorf("element %q for Wait=%v", el, tt.s.Wait)
		}
	}
	if c, _ := Call(step.Step{Kind: step.AssertText, Value: "x", Wait: true}, ""); !strings.Contains(c.Args["function"].(string), "+ 30000; ;)") {
		t.Errorf("a wait with the default options: %s, want the navigation timeout, 30s", c.Args["function"])
	}
}

// TestEnabledWait: EnabledWait's timeout reads back, whatever the
// element's description holds, and no check's function reads as one.
func TestEnabledWait(t *testing.T) {
	for _, el := range []string{`button "Pay"`, `textbox "Say \"hi\" (it's 'quoted')"`, ""} {
		c := EnabledWait("#x", el, 7*time.Second)
		fn := c.Args["function"].(string)
		if d, ok := EnabledWaitTimeout(fn); !ok || d != 7*time.Second {
			t.Errorf("EnabledWaitTimeout(EnabledWait(%q)) = %v, %v, want 7s", el, d, ok)
		}
		if !strings.Contains(fn, "' is disabled (waited 7s)'") {
			t.Errorf("the wait's failure does not say how long it waited: %s", fn)
		}
	}
	c, _ := Call(step.Step{Kind: step.AssertState, Ref: "#x", Element: `button "Pay"`, Value: step.StateDisabled, Negated: true}, "#x")
	if _, ok := EnabledWaitTimeout(c.Args["function"].(string)); ok {
		t.Error("the check that a button is not disabled reads as EnabledWait")
	}
}
