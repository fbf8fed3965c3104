package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// nasty holds every kind of character a writer must not pass raw: a bidi
// override and isolate, the bidi marks, ESC, BEL, CR, NUL, DEL, the C1
// controls NEL and CSI, and the line separator.
const nasty = "a\u202eb\x1b[2Jc\ad\re\x00f\u0085g\u200eh\u200fi\u061cj\u2066k\u009bl\x7fm\u2028n"

// rawControl reports whether r is a character no writer may pass raw:
// C0 controls but newline and tab, DEL, C1 controls, bidi embeddings,
// overrides, isolates and marks, the line and paragraph separators.
func rawControl(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
		r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// firstRawControl returns the first raw control character of s and where
// it is, or -1.
func firstRawControl(s string) (rune, int) {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") || rawControl(r) {
			return r, i
		}
	}
	return 0, -1
}

// nastyRun is a failed run with a heal in which every text (every string
// field, every key and value of its maps) is nasty, tagged with where it
// is, so that a field a writer forgets shows.
func nastyRun() *RunResult {
	r := &RunResult{FailedStep: 1, Duration: time.Second, TotalSteps: 2, Steps: make([]StepResult, 2), Heals: make([]Heal, 1)}
	fillStrings(reflect.ValueOf(r).Elem(), "run")
	r.Steps[0].Step, r.Steps[0].Status, r.Steps[0].Tolerated = 1, StatusFailed, false
	r.Steps[1].Step, r.Steps[1].Status = 2, StatusHealed
	r.Heals[0].Step = 2
	return r
}

// fillStrings sets every string of v (fields, slice elements, map keys
// and values, an any) to nasty, prefixed with its path.
func fillStrings(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(path + ":" + nasty)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				fillStrings(v.Field(i), path+"."+f.Name)
			}
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		}
		for i := range v.Len() {
			fillStrings(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		key, val := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillStrings(key, path+".key")
		fillStrings(val, path+".value")
		m.SetMapIndex(key, val)
		v.Set(m)
	case reflect.Interface:
		v.Set(reflect.ValueOf(path + ":" + nasty))
	}
}

// TestWritersEscapeOutsideText: whatever field of a run holds control
// characters or bidi controls, the console, --json, JUnit and the HTML
// report hold none of them raw (but the console's own colour codes and
// the newlines and tabs a format keeps), and show them escaped.
func TestWritersEscapeOutsideText(t *testing.T) {
	console := func(opts *ConsoleOptions) func(*Summary) (string, error) {
		return func(s *Summary) (string, error) {
			var b bytes.Buffer
			c := NewConsole(&b, opts)
			r := s.Scenarios[0]
			for i, st := range r.Steps {
				c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: i + 1, Total: len(r.Steps), Step: StepResult{Step: st.Step, Tool: st.Tool, Description: st.Description}})
				c.Step(StepEvent{Scenario: r.Scenario, File: r.File, Index: i + 1, Total: len(r.Steps), Done: true, Step: st})
			}
			c.Run(r)
			c.Summary(s)
			own := strings.NewReplacer(ansiReset, "", ansiBold, "", ansiDim, "", ansiRed, "", ansiGreen, "", ansiYellow, "")
			return own.Replace(b.String()), nil
		}
	}
	tests := []struct {
		name    string
		write   func(*Summary) (string, error)
		escapes []string // how ESC and U+202E show
	}{
		{"console", console(nil), []string{`\x1b[2J`, `\u202e`}},
		{"console live colour", console(&ConsoleOptions{Live: true, Color: true}), []string{`\x1b[2J`, `\u202e`}},
		{"console prefix", console(&ConsoleOptions{Prefix: true}), []string{`\x1b[2J`, `\u202e`}},
		{"json", func(s *Summary) (string, error) {
			var b bytes.Buffer
			err := WriteJSON(&b, s)
			return b.String(), err
		}, []string{`\u001b[2J`, `\u202e`}},
		{"junit", func(s *Summary) (string, error) {
			var b bytes.Buffer
			err := WriteJUnit(&b, s, &JUnitOptions{Suite: "suite " + nasty})
			return b.String(), err
		}, []string{`\x1b[2J`, `\u202e`}},
		{"html", func(s *Summary) (string, error) {
			var b bytes.Buffer
			err := WriteHTML(&b, s, &HTMLOptions{Title: "title " + nasty})
			return b.String(), err
		}, []string{`\x1b[2J`, `\u202e`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := tt.write(NewSummary([]*RunResult{nastyRun()}, time.Second))
			if err != nil {
				t.Fatal(err)
			}
			if r, i := firstRawControl(out); i >= 0 {
				t.Errorf("raw %U at byte %d: %q", r, i, out[max(0, i-80):min(len(out), i+40)])
			}
			for _, want := range tt.escapes {
				if !strings.Contains(out, want) {
					t.Errorf("no visible escape %s in:\n%s", want, out)
				}
			}
		})
	}
}

// TestWritersKeepTheirFormat: the escaped documents still read as their
// formats: the JSON gives the texts back whole, the JUnit file is XML.
func TestWritersKeepTheirFormat(t *testing.T) {
	s := NewSummary([]*RunResult{nastyRun()}, time.Second)
	var j bytes.Buffer
	if err := WriteJSON(&j, s); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Scenarios []struct {
			Scenario string `json:"scenario"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal(j.Bytes(), &back); err != nil {
		t.Fatalf("--json is not JSON: %v", err)
	}
	if got, want := back.Scenarios[0].Scenario, "run.Scenario:"+nasty; got != want {
		t.Errorf("--json scenario reads back as %q, want %q", got, want)
	}
	var x bytes.Buffer
	if err := WriteJUnit(&x, s, nil); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(x.Bytes(), &doc); err != nil {
		t.Fatalf("JUnit is not XML: %v\n%s", err, x.Bytes())
	}
	if got, want := doc.Suites[0].Cases[0].Name, `run.Scenario:a\u202eb\x1b[2Jc\x07d\re\x00f\u0085g\u200eh\u200fi\u061cj\u2066k\u009bl\x7fm\u2028n`; got != want {
		t.Errorf("JUnit test case name = %q, want %q", got, want)
	}
}

// TestWritersCutLongParams: the params of a failed step, which the
// console, JUnit and the HTML report show whole, are cut at
// printable.MaxMessage characters: a placeholder's value may be
// megabytes long.
func TestWritersCutLongParams(t *testing.T) {
	long := strings.Repeat("p", 1<<20)
	r := &RunResult{Scenario: "s", FailedStep: 1, Steps: []StepResult{{Step: 1, Tool: "t", Status: StatusFailed, Error: "boom",
		Params: map[string]any{"text": long, "list": []any{long}}}}}
	s := NewSummary([]*RunResult{r}, time.Second)
	var console, junit, html bytes.Buffer
	NewConsole(&console, nil).Run(r)
	if err := WriteJUnit(&junit, s, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&html, s, nil); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"console": console.String(), "junit": junit.String(), "html": html.String()} {
		if len(out) > 32<<10 || !strings.Contains(out, "… (") {
			t.Errorf("%s: %d bytes, want the params cut, under 32 KB", name, len(out))
		}
	}
}
