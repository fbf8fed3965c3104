package commandgen

// How the checks' JavaScript quotes the values it compares.

import (
	"encoding/json"
	"strings"
)

// js quotes s as a JavaScript string.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// normJS is the normalized form of s, as the checks compare texts: case,
// runs of space and curly quotes ignored.
func normJS(s string) string { return js(NormText(s)) }

// quotes are the curly quotes and accents the checks read as straight
// quotes.
var quotes = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u00b4", "'", "`", "'", "\u201c", `"`, "\u201d", `"`)

// NormText is s as the checks compare texts (checks.js's norm): curly
// quotes straight, runs of space one space, lower case, punctuation kept.
// The spec export and the translator's reading of a label compare texts
// with it too.
func NormText(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(quotes.Replace(s)), " "))
}
