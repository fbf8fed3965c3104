package browserserver

import (
	_ "embed"

	"github.com/plaintest/plaintest/internal/pagejs"
)

// htmlJS serializes the document as HTML for dom.ParseHTML (html.js).
var htmlJS = pagejs.Function(htmlSrc)

//go:embed html.js
var htmlSrc string

// html returns the page's HTML as htmlJS writes it.
func (t *tab) html() (string, error) {
	v, err := t.page.Evaluate(htmlJS)
	if err != nil {
		return "", err
	}
	s, _ := v.(string)
	return s, nil
}
