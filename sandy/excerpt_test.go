package sandy

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestErrorsQuoteAnExcerpt: an error about a value of the file quotes at
// most its first characters and its size, whatever the value's length: a
// number literal of 9 MB (which the limits, being for strings, let
// through to encoding/json, which quotes it whole), strings up to the
// 1 MB limit in each field a problem quotes, a long placeholder name.
func TestErrorsQuoteAnExcerpt(t *testing.T) {
	big := strings.Repeat("9", 9<<20)
	number := strings.Repeat("9", MaxString) // as long as a string may be, for the other numbers
	long := strings.Repeat("x", MaxString-16)
	step := func(fields string) string {
		return `{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"m"}` + fields + `}]}`
	}
	tests := []struct {
		name, src string
	}{
		{"step number", `{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":` + big + `,"tool":"sandy__log","params":{}}]}`},
		{"param number", scenarioWith(big)},
		{"variable number", `{"version":"2.1","metadata":{"name":"x"},"variables":{"A":` + number + `},"steps":[{"step":1,"tool":"sandy__log","params":{}}]}`},
		{"retry delay", step(`,"on_error":"retry","retry":{"delay":` + number + `}`)},
		{"version", `{"version":"` + long + `","metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__log","params":{}}]}`},
		{"status", `{"version":"2.1","metadata":{"name":"x","status":"` + long + `"},"steps":[{"step":1,"tool":"sandy__log","params":{}}]}`},
		{"id", step(`,"id":"` + long + ` "`)},
		{"on_error", step(`,"on_error":"` + long + `"`)},
		{"built-in", `{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__` + long + `","params":{}}]}`},
		{"output path", step(`,"id":"a","output":{"n":"$.a[` + long + `"}`)},
		{"output path without $", step(`,"id":"a","output":{"n":"` + long + `"}`)},
		{"condition", step(`,"condition":"'a' ` + long + `"`)},
		{"unknown step", step(`,"condition":"{{s` + long + `.f}}"`)},
		{"undefined variable", step(`,"condition":"{{V` + long + `}}"`)},
		{"v1.1 action", `{"metadata":{"name":"x"},"steps":[{"step":1,"action":"` + long + `","params":{}}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadWithVarsData([]byte(tt.src))
			if err == nil || !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want an invalid scenario", err)
			}
			msg := err.Error()
			var de *DecodeError
			if errors.As(err, &de) {
				msg += "\n" + de.Excerpt
			}
			if len(msg) > 1<<10 || !strings.Contains(msg, " bytes)") {
				t.Errorf("the error is %d bytes, want under 1 KB with the value's size: %.600s", len(msg), msg)
			}
		})
	}
}

// LoadWithVarsData is LoadWithVars of data, with no variables given.
func LoadWithVarsData(data []byte) (*Scenario, error) {
	return parse(data, "big.json", true, nil)
}

// TestDotenvErrorsQuoteAnExcerpt: an env file's bad line is quoted cut.
func TestDotenvErrorsQuoteAnExcerpt(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	for _, line := range []string{"1BAD" + long + "=1", "A='v' " + long} {
		_, err := ParseDotenv([]byte(line+"\n"), ".env")
		if err == nil || len(err.Error()) > 1<<10 || !strings.Contains(err.Error(), " bytes)") {
			t.Errorf("got %d bytes: %.300v, want an error under 1 KB with the value's size", len(fmt.Sprint(err)), err)
		}
	}
}
