package tracing

import (
	"strings"
	"testing"
)

// TestParse: --trace takes Playwright's three names, in any case and
// with spaces around; anything else is refused naming the value and the
// three it takes.
func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    Mode
		records bool
	}{
		{"on", On, true},
		{"retain-on-failure", RetainOnFailure, true},
		{" Retain-On-Failure ", RetainOnFailure, true},
		{"off", Off, false},
		{"OFF", Off, false},
	} {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want || got.Records() != tt.records {
			t.Errorf("Parse(%q) = %q (records %v), %v; want %q (records %v)", tt.in, got, got.Records(), err, tt.want, tt.records)
		}
	}
	for _, bad := range []string{"", "always", "on-first-retry", "retain-on-first-failure", "true"} {
		_, err := Parse(bad)
		if err == nil || !strings.Contains(err.Error(), "want on, retain-on-failure or off") {
			t.Errorf("Parse(%q): got %v, want it refused naming the values", bad, err)
		}
	}
	if Mode("").Records() {
		t.Errorf("the zero Mode records")
	}
}
