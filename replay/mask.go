package replay

import (
	"slices"
	"strings"

	"github.com/plaintest/plaintest/report"
)

// masker replaces secret values with report.Mask wherever they appear.
type masker struct {
	r *strings.Replacer // nil when there are no secrets
}

func newMasker(secrets []string) masker {
	var ss []string
	for _, s := range secrets {
		if s != "" && !slices.Contains(ss, s) {
			ss = append(ss, s)
		}
	}
	if len(ss) == 0 {
		return masker{}
	}
	// Longest first, so a secret containing another is masked whole.
	slices.SortFunc(ss, func(a, b string) int { return len(b) - len(a) })
	pairs := make([]string, 0, 2*len(ss))
	for _, s := range ss {
		pairs = append(pairs, s, report.Mask)
	}
	return masker{r: strings.NewReplacer(pairs...)}
}

func (m masker) text(s string) string {
	if m.r == nil {
		return s
	}
	return m.r.Replace(s)
}

// params returns a deep copy of p with every secret masked in strings (keys
// included).
func (m masker) params(p map[string]any) map[string]any {
	if p == nil {
		return nil
	}
	v, _ := m.value(p).(map[string]any)
	return v
}

func (m masker) value(v any) any {
	switch x := v.(type) {
	case string:
		return m.text(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[m.text(k)] = m.value(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = m.value(e)
		}
		return out
	case []string:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = m.text(e)
		}
		return out
	case map[string]string:
		out := make(map[string]string, len(x))
		for k, e := range x {
			out[m.text(k)] = m.text(e)
		}
		return out
	}
	return v
}
