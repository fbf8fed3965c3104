package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/plaintest/plaintest/internal/printable"
)

// WriteJSON writes s as the indented JSON document described on Summary,
// RunResult and StepResult. Selectors stay readable: <, > and & are not
// escaped. The characters that printable.String escapes (control
// characters, bidi controls) are written as \u escapes: a reader gets the
// strings back whole, a terminal shown the document only printable text.
func WriteJSON(w io.Writer, s *Summary) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := w.Write(printable.JSON(b.Bytes()))
	return err
}
