package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/golden"
)

// runs are a passed and a failed replay.
func runs() []*RunResult {
	ms := time.Millisecond
	passed := &RunResult{Scenario: "claim-discount", File: "scenarios/claim.json", Success: true, Duration: 2400 * ms, Steps: []StepResult{
		{Step: 1, ID: "open", Tool: "mcp__playwright__browser_navigate", Description: "open the products page", Status: StatusPassed,
			Params: map[string]any{"url": "http://127.0.0.1:8080/products"}, Duration: 1210 * ms},
		{Step: 2, Tool: "mcp__playwright__browser_click", Description: "click Claim discount", Status: StatusPassed,
			Params: map[string]any{"target": `internal:role=button[name="Claim discount"s]`}, Duration: 1530 * ms, Retries: 14},
		{Step: 3, Tool: "mcp__playwright__browser_wait_for", Status: StatusSkipped, Skipped: true, Params: map[string]any{"text": "x"}},
		{Step: 4, ID: "title", Tool: "mcp__playwright__browser_evaluate", Description: "read the title", Status: StatusPassed,
			Params: map[string]any{"function": "() => document.title"}, Duration: 40 * ms, Output: map[string]any{"title": "Products · Demo Shop"}},
	}}
	failed := &RunResult{Scenario: "login-and-add-mug", File: "scenarios/mug.json", Duration: 6100 * ms, FailedStep: 5,
		Error:    "step 5 (click Add to cart for Blue Mug) failed: mcp__playwright__browser_click: Error: \"internal:testid=[data-testid=\\\"product-blue-mug\\\"s]\" does not match any elements. (waited 5s for the target)",
		Evidence: []string{"reports/mug-step5.png", "reports/mug-step5.snapshot.md"},
		Trace:    "reports/mug.trace.zip",
		Steps: []StepResult{
			{Step: 3, Tool: "mcp__playwright__browser_type", Description: "log in as demo (password)", Status: StatusPassed,
				Params: map[string]any{"target": `internal:label="Password"i`, "text": Mask}, Duration: 130 * ms},
			{Step: 4, Tool: "sandy__log", Status: StatusFailed, Tolerated: true, Error: "message: missing\nsecond line", Duration: 0},
			{Step: 5, Tool: "mcp__playwright__browser_click", Description: "click Add to cart for Blue Mug", Status: StatusFailed,
				Params:   map[string]any{"element": "Add to cart & more", "target": `internal:testid=[data-testid="product-blue-mug"s] >> internal:role=button[name="Add to cart"i]`},
				Duration: 5020 * ms, Retries: 48,
				Error: "Error: \"internal:testid=[data-testid=\\\"product-blue-mug\\\"s]\" does not match any elements.\nCall log:\n  - waiting (waited 5s for the target)"},
		}}
	return []*RunResult{passed, failed}
}

// console replays the runs' events through a Console.
func console(opts *ConsoleOptions) []byte {
	var b bytes.Buffer
	c := NewConsole(&b, opts)
	rs := runs()
	for _, r := range rs {
		for i, s := range r.Steps {
			start := StepResult{Step: s.Step, ID: s.ID, Tool: s.Tool, Description: s.Description}
			c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: i + 1, Total: len(r.Steps), Step: start})
			c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: i + 1, Total: len(r.Steps), Done: true, Step: s})
		}
		c.Run(r)
	}
	c.Summary(NewSummary(rs, 8500*time.Millisecond))
	return b.Bytes()
}

func TestConsole(t *testing.T) {
	tests := []struct {
		file string
		opts *ConsoleOptions
	}{
		{"console.txt", nil},
		{"console-live-color.txt", &ConsoleOptions{Live: true, Color: true}},
		{"console-prefix.txt", &ConsoleOptions{Prefix: true}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got := console(tt.opts)
			golden.Check(t, filepath.Join("testdata", tt.file), got)
			if hasColor := bytes.Contains(got, []byte("\x1b[")); hasColor != (tt.opts != nil && tt.opts.Color) {
				t.Errorf("ANSI colours present = %v, want %v", hasColor, tt.opts != nil && tt.opts.Color)
			}
		})
	}
}

func TestConsoleFailedBlockNamesTheStep(t *testing.T) {
	var b bytes.Buffer
	NewConsole(&b, nil).Run(runs()[1])
	out := b.String()
	for _, want := range []string{"FAILED login-and-add-mug (scenarios/mug.json)", "step:     5, click Add to cart for Blue Mug",
		"tool:     mcp__playwright__browser_click", "does not match any elements", "reports/mug-step5.png"} {
		if !strings.Contains(out, want) {
			t.Errorf("failed block lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, `>> internal:role=button[name=\"Add to cart\"i]`) || !strings.Contains(out, "Add to cart & more") {
		t.Errorf("params are not shown as written (HTML-escaped?):\n%s", out)
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	s := NewSummary(runs(), 8500*time.Millisecond)
	if err := WriteJSON(&b, s); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/result.json", b.Bytes())

	var back Summary
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Scenarios[1].Steps[2].Duration != 5020*time.Millisecond || back.Scenarios[0].Duration != 2400*time.Millisecond {
		t.Errorf("durations did not round-trip: %v, %v", back.Scenarios[1].Steps[2].Duration, back.Scenarios[0].Duration)
	}
	if back.Success || back.Passed != 1 || back.Failed != 1 || back.Total != 2 {
		t.Errorf("counts = %+v, want 1 passed, 1 failed", back)
	}
	if !reflect.DeepEqual(back.Scenarios[0].Steps[3].Output, map[string]any{"title": "Products · Demo Shop"}) {
		t.Errorf("output = %v", back.Scenarios[0].Steps[3].Output)
	}
}

// A summary of one scenario carries Sandy's play.py --json fields at the
// top, so that a script written for Sandy reads it unchanged.
func TestJSONSandyFields(t *testing.T) {
	r := runs()[1] // failed at step 3
	r.Outputs = map[string]map[string]any{"s": {"title": "Shop", "none": nil}}
	r.TotalSteps = 5
	r.Steps[0].Result = map[string]any{"kept": true}
	var b bytes.Buffer
	if err := WriteJSON(&b, NewSummary([]*RunResult{r}, time.Second)); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"scenario_name", "success", "total_steps", "passed_steps", "failed_step", "duration",
		"step_results", "completed_steps", "outputs", "context", "error", "scenarios", "duration_ms"} {
		if _, ok := got[key]; !ok {
			t.Errorf("top level has no %q", key)
		}
	}
	if got["scenario_name"] != r.Scenario || got["success"] != false || got["failed_step"] != float64(r.FailedStep) || got["total_steps"] != 5.0 {
		t.Errorf("scenario_name %v, success %v, failed_step %v, total_steps %v", got["scenario_name"], got["success"], got["failed_step"], got["total_steps"])
	}
	steps := got["step_results"].([]any)
	first := steps[0].(map[string]any)
	for _, key := range []string{"step", "tool", "success", "duration", "params", "result", "description", "error", "retries", "skipped"} {
		if _, ok := first[key]; !ok {
			t.Errorf("step_results[0] has no %q", key)
		}
	}
	if !reflect.DeepEqual(first["result"], map[string]any{"kept": true}) || steps[1].(map[string]any)["result"] != nil {
		t.Errorf("results %v, %v: want the kept one and null", first["result"], steps[1].(map[string]any)["result"])
	}
	ctx := got["context"].(map[string]any)
	if ctx["failed_step_error"] == nil || got["error"] == nil {
		t.Errorf("context %v, error %v: want the failed step's error", ctx, got["error"])
	}
	if !reflect.DeepEqual(got["outputs"], map[string]any{"s": map[string]any{"title": "Shop", "none": nil}}) {
		t.Errorf("outputs = %v", got["outputs"])
	}
}

// A run that went past a failed step (on_error skip) has failed: the
// console's FAILED block and the JUnit failure list the tolerated steps.
func TestToleratedFailuresFailTheRun(t *testing.T) {
	r := &RunResult{Scenario: "skip", File: "s.json", Success: false, TotalSteps: 2,
		Error: "1 step failed and the run went on (on_error skip or retry): step 1 (post to slack): boom",
		Steps: []StepResult{
			{Step: 1, Tool: "mcp__slack__post", Description: "post to slack", Status: StatusFailed, Tolerated: true, Error: "boom"},
			{Step: 2, Tool: "mcp__a__b", Status: StatusPassed},
		}}
	var c bytes.Buffer
	NewConsole(&c, nil).Run(r)
	if !strings.Contains(c.String(), "FAILED") || !strings.Contains(c.String(), "post to slack") || !strings.Contains(c.String(), "boom") {
		t.Errorf("console:\n%s\nwant FAILED naming the tolerated step and its error", c.String())
	}
	var j bytes.Buffer
	if err := WriteJUnit(&j, NewSummary([]*RunResult{r}, time.Second), nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(j.String(), `failures="1"`) || !strings.Contains(j.String(), "boom") {
		t.Errorf("junit:\n%s\nwant one failure naming the tolerated error", j.String())
	}
	sr := r.Sandy()
	if sr.Success || sr.FailedStep != nil || sr.PassedSteps != 1 || !reflect.DeepEqual(sr.CompletedSteps, []int{2}) {
		t.Errorf("sandy = %+v: want success false, failed_step null, 1 passed, completed [2]", sr)
	}
}

func TestJUnit(t *testing.T) {
	var b bytes.Buffer
	s := NewSummary(runs(), 8500*time.Millisecond)
	// One scenario stopped by an unreachable server is an <error>.
	lost := &RunResult{Scenario: "lost", File: "scenarios/lost.json", Unavailable: true, Duration: time.Second,
		Error: "scenarios/lost.json: step 1 (mcp__playwright__browser_navigate): mcp server \"playwright\": start: exit status 1",
		Steps: []StepResult{}}
	s = NewSummary(append(s.Scenarios, lost), 9500*time.Millisecond)
	ts := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	if err := WriteJUnit(&b, s, &JUnitOptions{Timestamp: ts}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/junit.xml", b.Bytes())

	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("junit is not XML: %v", err)
	}
	suite := doc.Suites[0]
	if suite.Tests != 3 || suite.Failures != 1 || suite.Errors != 1 || len(suite.Cases) != 3 {
		t.Fatalf("suite = %d tests, %d failures, %d errors; want 3, 1, 1", suite.Tests, suite.Failures, suite.Errors)
	}
	f := suite.Cases[1].Failure
	if f == nil || !strings.Contains(f.Message, "step 5 (click Add to cart for Blue Mug) failed: mcp__playwright__browser_click") {
		t.Errorf("failure = %+v, want a message naming step 5 and its tool", f)
	}
	if suite.Cases[0].Failure != nil || suite.Cases[2].Error == nil || suite.Cases[1].Classname != "scenarios.mug" {
		t.Errorf("cases = %+v", suite.Cases)
	}
}

func TestJUnitIsValidXMLWhateverTheErrorText(t *testing.T) {
	r := &RunResult{Scenario: "s\x00", File: "f.json", FailedStep: 1, Error: "bad \x01 text ]]> end",
		Steps: []StepResult{{Step: 1, Tool: "t", Status: StatusFailed, Error: "x\x1b[31m ]]> \x00"}}}
	var b bytes.Buffer
	if err := WriteJUnit(&b, NewSummary([]*RunResult{r}, 0), nil); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b.Bytes())
	}
	if got := doc.Suites[0].Cases[0].Failure.Text; !strings.Contains(got, "]]>") {
		t.Errorf("failure text = %q, want the error text kept", got)
	}
}

// TestPartialRun: a partial scenario replayed on request is labelled
// partial in the console, the JSON and the JUnit XML.
func TestPartialRun(t *testing.T) {
	detail := `compile stopped at action 3 of 6 ("click Pay"): no button or link matching "Pay"`
	r := &RunResult{Scenario: "mug", File: "mug.partial.json", Success: true, Partial: true, PartialDetail: detail,
		Steps: []StepResult{{Step: 1, Tool: "sandy__log", Status: StatusPassed}}}
	s := NewSummary([]*RunResult{r}, time.Second)

	var con bytes.Buffer
	NewConsole(&con, nil).Run(r)
	if !strings.HasPrefix(con.String(), "PASSED mug (mug.partial.json) [partial scenario]: 1 step") {
		t.Errorf("console = %q, want the PASSED line labelled partial", con.String())
	}

	var js bytes.Buffer
	if err := WriteJSON(&js, s); err != nil {
		t.Fatal(err)
	}
	var back Summary
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Scenarios[0]; !got.Partial || got.PartialDetail != detail {
		t.Errorf("JSON partial = %v, detail %q", got.Partial, got.PartialDetail)
	}

	var ju bytes.Buffer
	if err := WriteJUnit(&ju, s, nil); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(ju.Bytes(), &doc); err != nil {
		t.Fatalf("junit is not XML: %v", err)
	}
	c := doc.Suites[0].Cases[0]
	if c.Properties == nil || len(c.Properties.Property) != 1 || c.Properties.Property[0] != (junitProperty{"partial", "true"}) {
		t.Errorf("junit properties = %+v, want partial=true", c.Properties)
	}
	if c.SystemOut == nil || !strings.HasPrefix(c.SystemOut.Text, "partial scenario: "+detail+"\n") {
		t.Errorf("junit system-out = %+v, want it to start with the partial detail", c.SystemOut)
	}
}

// evilRun is a failed run whose every outside text carries terminal escapes:
// a title change, a screen clear, colours, a carriage return and a bidi
// override.
func evilRun() *RunResult {
	return &RunResult{Scenario: "evil\x1b]0;pwned\x07", File: "evil\x1b[2J.json", FailedStep: 1, Duration: time.Second,
		Error: "step 1 failed: \x1b[2mtimeout\x1b[22m\rOK",
		Steps: []StepResult{{Step: 1, Tool: "mcp__playwright__browser_hover", Description: "hover \u202eevil", Status: StatusFailed,
			Params: map[string]any{"target": "a\u009b31m"}, Error: "\x1b[2mError: Timeout 5000ms exceeded.\x1b[22m\nCall log:\n  - waiting"}},
		Evidence: []string{"reports/evil\x1b[0m.png"}}
}

// TestConsoleEscapesOutsideText: the console writes its own colour and
// live-line codes, and every text it was given with its control characters
// and bidi overrides escaped.
func TestConsoleEscapesOutsideText(t *testing.T) {
	for _, opts := range []*ConsoleOptions{nil, {Color: true, Live: true}, {Prefix: true}} {
		var b bytes.Buffer
		c := NewConsole(&b, opts)
		r := evilRun()
		s := r.Steps[0]
		c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: 1, Total: 1, Step: StepResult{Step: 1, Tool: s.Tool, Description: s.Description}})
		c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: 1, Total: 1, Done: true, Step: s})
		tolerated := s
		tolerated.Tolerated = true
		c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: 1, Total: 1, Done: true, Step: tolerated})
		c.Run(r)
		c.Summary(NewSummary([]*RunResult{r}, time.Second))
		out := b.String()
		own := strings.NewReplacer(ansiReset, "", ansiBold, "", ansiDim, "", ansiRed, "", ansiGreen, "", ansiYellow, "").Replace(out)
		if strings.ContainsAny(own, "\x1b\r\u009b\u202e\x07") {
			t.Errorf("options %+v: raw control characters from the run reached the console:\n%q", opts, out)
		}
		for _, want := range []string{`evil\x1b]0;pwned\x07`, `evil\x1b[2J.json`, `hover \u202eevil`, `\x1b[2mError: Timeout 5000ms exceeded.\x1b[22m`,
			`a\u009b31m`, `reports/evil\x1b[0m.png`, `\x1b[2mtimeout\x1b[22m\rOK`} {
			if !strings.Contains(out, want) {
				t.Errorf("options %+v: console lacks %s:\n%s", opts, want, out)
			}
		}
		if opts != nil && opts.Color && !strings.Contains(out, ansiRed+ansiBold+"FAILED"+ansiReset) {
			t.Errorf("the console lost its own colours:\n%q", out)
		}
		if !strings.Contains(out, "\n            Call log:") {
			t.Errorf("options %+v: the error's lines are not kept:\n%s", opts, out)
		}
	}
}

// TestJUnitEscapesOutsideText: the JUnit file holds the escapes, visible,
// not the control characters.
func TestJUnitEscapesOutsideText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJUnit(&b, NewSummary([]*RunResult{evilRun()}, time.Second), nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.ContainsAny(out, "\x1b\r\u009b\u202e\x07\uFFFD") {
		t.Errorf("raw or lost control characters in the JUnit file:\n%q", out)
	}
	for _, want := range []string{`name="evil\x1b]0;pwned\x07"`, `hover \u202eevil`, `\x1b[2mError: Timeout 5000ms exceeded.\x1b[22m`} {
		if !strings.Contains(out, want) {
			t.Errorf("JUnit lacks %s:\n%s", want, out)
		}
	}
}

// TestMillis: durations are whole milliseconds in JSON, both ways.
func TestMillis(t *testing.T) {
	b, err := json.Marshal(struct {
		D Millis `json:"duration_ms"`
		W Millis `json:"waited_ms,omitempty"`
	}{D: Millis(1234567 * time.Microsecond)})
	if err != nil || string(b) != `{"duration_ms":1234}` {
		t.Errorf("marshal: %s, %v; want {\"duration_ms\":1234} (waited_ms, zero, left out)", b, err)
	}
	var m Millis
	if err := json.Unmarshal([]byte("1500"), &m); err != nil || time.Duration(m) != 1500*time.Millisecond {
		t.Errorf("unmarshal 1500: %v, %v", time.Duration(m), err)
	}
	if err := json.Unmarshal([]byte(`"1s"`), &m); err == nil || !strings.Contains(err.Error(), "milliseconds") {
		t.Errorf(`unmarshal "1s": err %v, want one saying milliseconds`, err)
	}
}

func TestPluralAndFirstLine(t *testing.T) {
	if got := Plural(1, "step", "steps") + " " + Plural(0, "step", "steps") + " " + Plural(2, "file is", "files are"); got != "step steps files are" {
		t.Errorf("Plural: %q", got)
	}
	for in, want := range map[string]string{
		"  one line  ":             "one line",
		"first\nsecond":            "first …",
		"\n  Error: x\n  at y\n\n": "Error: x …",
		"":                         "",
	} {
		if got := FirstLine(in); got != want {
			t.Errorf("FirstLine(%q) = %q, want %q", in, got, want)
		}
	}
}
