package chungoid

import (
	"strings"
	"testing"
)

// TestValidateQuotesAnExcerpt: a flow committed beside scenarios may hold
// names and keys of any length; each problem quotes their first
// characters and their size.
func TestValidateQuotesAnExcerpt(t *testing.T) {
	long := strings.Repeat("k", 1<<20)
	for name, flow := range map[string]string{
		"stage name":    `{"start_stage": "a", "stages": {"a": {"agent_id": "x"}, "b ` + long + `": {"agent_id": "x"}}}`,
		"next":          `{"start_stage": "a", "stages": {"a": {"agent_id": "x", "next": "` + long + `"}}}`,
		"start":         `{"start_stage": "` + long + `", "stages": {"a": {"agent_id": "x"}}}`,
		"top-level key": `{"start_stage": "a", "stages": {"a": {"agent_id": "x"}}, "` + long + `": 1}`,
		"stage key":     `{"start_stage": "a", "stages": {"a": {"agent_id": "x", "` + long + `": 1}}}`,
		"branch key":    `{"start_stage": "a", "stages": {"a": {"agent_id": "x", "on_error": {"condition": "c", "true": "a", "false": "a", "` + long + `": 1}}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			ps := Validate([]byte(flow), true)
			var b strings.Builder
			for _, p := range ps {
				b.WriteString(p.String() + "\n")
			}
			if len(ps) == 0 || b.Len() > 2<<10 || !strings.Contains(b.String(), " bytes)") {
				t.Errorf("problems of %d bytes: %.600s; want some, under 2 KB, with the value's size", b.Len(), b.String())
			}
		})
	}
}
