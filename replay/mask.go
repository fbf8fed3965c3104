package replay

import (
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/report"
)

// masker replaces secret values with report.Mask wherever they appear (a
// value shorter than secret.MinAnywhere only as a whole word).
type masker struct {
	m   *secret.Masker
	any bool // there are secrets
}

func newMasker(secrets []string) masker {
	return masker{m: secret.All(secrets, report.Mask), any: len(secrets) > 0}
}

func (m masker) text(s string) string { return m.m.Replace(s) }

// ifAny is text when the run has secrets, else nil (tracing.Begin's mask).
func (m masker) ifAny() func(string) string { return map[bool]func(string) string{true: m.text}[m.any] }

// message is a message for the run's result (a step's error, the run's,
// a log message): s with its secrets masked, then cut at
// printable.MaxMessage characters. In that order: a cut first could leave
// part of a secret that the mask no longer finds.
func (m masker) message(s string) string { return printable.Message(m.text(s)) }

// err is err with its message as message makes it; errors.Is and
// errors.As still see err.
func (m masker) err(err error) error {
	err = m.m.Error(err)
	if err == nil {
		return nil
	}
	if msg := err.Error(); len(msg) > printable.MaxMessage {
		if cut := printable.Message(msg); cut != msg {
			return &cutError{msg: cut, err: err}
		}
	}
	return err
}

// cutError is an error whose message is cut.
type cutError struct {
	msg string
	err error
}

func (e *cutError) Error() string { return e.msg }
func (e *cutError) Unwrap() error { return e.err }

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
