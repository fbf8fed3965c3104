package report

import (
	"encoding/json"
	"io"
)

// WriteJSON writes s as the indented JSON document described on Summary,
// RunResult and StepResult. Selectors stay readable: <, > and & are not
// escaped.
func WriteJSON(w io.Writer, s *Summary) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}
