package nanoclaw

import (
	"strings"
	"testing"
)

// TestValidateQuotesAnExcerpt: a bundle committed beside scenarios may
// hold values of any length; each problem quotes their first characters
// and their size.
func TestValidateQuotesAnExcerpt(t *testing.T) {
	long := strings.Repeat("v", 1<<20)
	for _, tc := range []struct{ name, from, to string }{
		{"schema version", `"schema_version": "0.1"`, `"schema_version": "` + long + `"`},
		{"trigger", `"trigger": "user_message"`, `"trigger": "` + long + `"`},
		{"status", `"status": "success"`, `"status": "` + long + `"`},
		{"time", `"ts": "2026-02-24T17:00:00.700Z"`, `"ts": "` + long + `"`},
		{"string for a number", `"timing_ms_total": 1200`, `"timing_ms_total": "` + long + `"`},
		{"number", `"timing_ms_total": 1200`, `"timing_ms_total": 1.` + strings.Repeat("5", 1<<20)},
		{"call id", `"call_id": "call-1", "success"`, `"call_id": "` + long + `", "success"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(goodBundle, tc.from, tc.to, 1)
			if bad == goodBundle {
				t.Fatal("the test's replacement did not apply")
			}
			ps := Validate([]byte(bad))
			var b strings.Builder
			for _, p := range ps {
				b.WriteString(p.String() + "\n")
			}
			if len(ps) == 0 || b.Len() > 1<<10 || !strings.Contains(b.String(), " bytes)") {
				t.Errorf("problems of %d bytes: %.600s; want some, under 1 KB, with the value's size", b.Len(), b.String())
			}
		})
	}
}
