package sandyexport

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

func result(status parser.Status) *parser.ParserResult {
	return &parser.ParserResult{
		Name: "buy-a-mug", URL: "http://127.0.0.1:8080", BaseURL: "http://127.0.0.1:8080",
		Actions:     []string{"type {{PASSWORD}} into Password", "click Claim discount", "click Checkout"},
		Variables:   map[string]string{"USER": "demo"},
		SecretNames: []string{"PASSWORD"},
		Translator:  "rules",
		Status:      status,
		Steps: []parser.TestStep{
			{Index: 0, Action: "open http://127.0.0.1:8080", Kind: step.Navigate,
				Calls: []step.ToolCall{{Tool: "browser_navigate", Args: map[string]any{"url": "{{BASE_URL}}"}}}},
			{Index: 1, Action: "type {{PASSWORD}} into Password", Kind: step.Type, Element: `textbox "Password"`,
				Calls: []step.ToolCall{{Tool: "browser_type", Args: map[string]any{"target": `internal:label="Password"i`, "text": "{{PASSWORD}}", "element": `textbox "Password"`}}}},
			{Index: 2, Action: "click Claim discount", Kind: step.Click, Element: `button "Claim discount"`, Waited: time.Second,
				Calls: []step.ToolCall{
					{Tool: "browser_wait_for", Args: map[string]any{"text": "Claim discount"}},
					{Tool: "browser_click", Args: map[string]any{"target": `internal:role=button[name="Claim discount"i]`}},
				}},
		},
	}
}

func TestExportGolden(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
	for _, status := range []parser.Status{parser.Success, parser.Partial} {
		t.Run(string(status), func(t *testing.T) {
			res := result(status)
			if status == parser.Partial {
				res.Errors = []parser.ErrorInfo{{Index: 3, Action: "click Checkout", Message: `no button or link matching "Checkout" (waited 5s)`}}
			}
			sc := Export(res.Compiled(), &Options{CreatedBy: "plaintest test", Now: now})
			got, err := sc.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", string(status)+".golden.json"), got)
			// What is exported is a valid scenario that sandy reads back.
			back, err := sandy.Parse(got, string(status)+".golden.json")
			if err != nil {
				t.Fatalf("re-read: %v", err)
			}
			if got := back.Required(); len(got) != 1 || got[0] != "PASSWORD" {
				t.Errorf("required variables %v, want [PASSWORD]", got)
			}
			if len(back.Steps) != 4 || back.Steps[0].ID != "open" || back.Steps[3].Step != 4 {
				t.Errorf("steps %+v", back.Steps)
			}
			if back.Partial() != (status != parser.Success) {
				t.Errorf("Partial() = %v for a %s compile", back.Partial(), status)
			}
		})
	}
}

// TestExportStatusDetail: a scenario that is not complete says where the
// compile stopped and why.
func TestExportStatusDetail(t *testing.T) {
	tests := []struct {
		name string
		edit func(*parser.ParserResult)
		want string
	}{
		{"failed action", func(r *parser.ParserResult) {
			r.Errors = []parser.ErrorInfo{{Index: 3, Action: "click Checkout", Message: "no button"}}
		}, `compile stopped at action 3 of 3 ("click Checkout"): no button`},
		{"interrupted between actions", func(r *parser.ParserResult) { r.Interrupted = true },
			`compile stopped at action 3 of 3 ("click Checkout"): interrupted`},
		{"interrupted during a call", func(r *parser.ParserResult) {
			r.Interrupted = true
			r.Errors = []parser.ErrorInfo{{Index: 2, Action: "click Claim discount", Message: "context canceled"}}
			r.Steps = r.Steps[:2]
		}, `compile stopped at action 2 of 3 ("click Claim discount"): interrupted`},
		{"only the URL opened", func(r *parser.ParserResult) {
			r.Status = parser.Failed
			r.Steps = r.Steps[:1]
			r.Errors = []parser.ErrorInfo{{Index: 1, Action: "type {{PASSWORD}} into Password", Message: "no textbox"}}
		}, `compile stopped at action 1 of 3 ("type {{PASSWORD}} into Password"): no textbox`},
		{"the URL did not open", func(r *parser.ParserResult) {
			r.Status = parser.Failed
			r.Steps = nil
			r.Errors = []parser.ErrorInfo{{Index: 0, Action: "open http://127.0.0.1:8080", Message: "net::ERR_CONNECTION_REFUSED"}}
		}, `compile stopped opening http://127.0.0.1:8080: net::ERR_CONNECTION_REFUSED`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := result(parser.Partial)
			tt.edit(res)
			sc := Export(res.Compiled(), nil)
			if sc.Metadata.Status != sandy.StatusPartial || sc.Metadata.StatusDetail != tt.want {
				t.Errorf("status %q, detail %q; want partial, %q", sc.Metadata.Status, sc.Metadata.StatusDetail, tt.want)
			}
		})
	}
	if sc := Export(result(parser.Success).Compiled(), nil); sc.Metadata.Status != "" || sc.Metadata.StatusDetail != "" {
		t.Errorf("complete compile: status %q, detail %q; want none", sc.Metadata.Status, sc.Metadata.StatusDetail)
	}
}

// TestExportSource: a test read from a file keeps its tags and file, and
// each step the line of the sentence it came from; the open step has none.
func TestExportSource(t *testing.T) {
	sc := Export(result(parser.Success).Compiled(), &Options{
		Tags: []string{"@smoke"}, Source: "tests/shop.feature", Lines: []int{7, 9, 11}})
	if got := sc.Metadata.Tags; len(got) != 1 || got[0] != "@smoke" || sc.Metadata.Source != "tests/shop.feature" {
		t.Errorf("metadata tags %v, source %q; want [@smoke], tests/shop.feature", got, sc.Metadata.Source)
	}
	var lines []int
	for _, st := range sc.Steps {
		lines = append(lines, st.SourceLine)
	}
	if want := []int{0, 7, 9, 9}; !slices.Equal(lines, want) {
		t.Errorf("source lines %v, want %v", lines, want)
	}
	if plain := Export(result(parser.Success).Compiled(), nil); plain.Metadata.Source != "" || plain.Steps[1].SourceLine != 0 {
		t.Errorf("a test from the command line: source %q, line %d; want none", plain.Metadata.Source, plain.Steps[1].SourceLine)
	}
}

// TestExportVia: each step of an action a phrase wrote says, after its
// description, the test's sentence it came from (its wait too), so a
// reader of the scenario sees what ran and why; the open step says
// nothing more, nor would an action the test wrote itself ("").
func TestExportVia(t *testing.T) {
	sc := Export(result(parser.Success).Compiled(), &Options{
		Via: []string{"I am logged in as {{PASSWORD}}", "I claim it", ""}, Lines: []int{4, 5, 6}})
	var got []string
	for _, st := range sc.Steps {
		got = append(got, st.Description)
	}
	want := []string{
		"open http://127.0.0.1:8080",
		"type {{PASSWORD}} into Password (from: I am logged in as {{PASSWORD}})",
		`click Claim discount (wait for button "Claim discount" to appear) (from: I claim it)`,
		"click Claim discount (from: I claim it)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("descriptions:\n%q\nwant\n%q", got, want)
	}
	for i, d := range got {
		if back := sandy.Action(d); back != sandy.Action(want[i]) || strings.Contains(back, "from:") {
			t.Errorf("sandy.Action(%q) = %q", d, back)
		}
	}
}
