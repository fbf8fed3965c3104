// Package secret hides secret values in text: in messages, reports, saved
// snapshots and the actions a translator sees. It is the one masker of the
// project: compile, replay, the minimized snapshots and the saved evidence
// all mask through it.
//
// A Masker takes in the secret values and their replacements and gives out
// text with every occurrence of a value replaced. Replace finds a value in
// every form it may take in text that went through a URL, a JSON document or
// an HTML page, and in a mix of them:
//
//   - as written;
//   - percent-encoded, in upper- or lowercase hex, whole or in part
//     (url.QueryEscape, url.PathEscape, encodeURIComponent, a browser's
//     address), with '+' for a space;
//   - JSON-escaped as encoding/json writes it, with or without its escaping
//     of <, > and & (\u003c), and any \uXXXX or \n, \", \/ escape;
//   - HTML-escaped (html.EscapeString's &amp; &lt; &gt; &#39; &#34;, the
//     named &quot; and &apos;, and any numeric reference such as &#x27;).
//
// Every form is replaced by the same replacement. One level of each
// encoding is undone, not an encoding of an encoding (a JSON-escaped HTML
// entity, \u0026amp;).
//
// A value of MinAnywhere characters or more is hidden wherever it stands,
// inside longer words too (a token in a URL). A shorter value is hidden only
// where it stands as a whole word: hiding a one-letter password inside every
// word would garble every message and hide nothing. Its length is counted in
// the characters of the value, whatever form it takes in the text, and the
// rule holds for every form: a whole word is one whose neighbours are not
// letters or digits once decoded, so "%20ab%20" holds the word "ab" and
// "%61b" ("ab" itself) does too, while "cab" does not.
//
// ReplaceWritten finds a value only as written. It is for replacements that
// stand for the value itself, such as a {{NAME}} placeholder that a replay
// expands back: an encoded form replaced by the bare value would change what
// the text says.
package secret

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// MinAnywhere is the length, in characters, from which a value is hidden inside words too.
const MinAnywhere = 4

// Masker replaces secret values. The zero Masker and a nil *Masker leave
// text as it is.
type Masker struct {
	entries []entry // longest value first
}

type entry struct {
	value, with string
	short       bool // shorter than MinAnywhere characters: whole words only
}

// New returns a Masker that replaces each value (a key of with) by its
// replacement. Empty values are ignored. Longer values are replaced first,
// so a secret that contains another is hidden whole.
func New(with map[string]string) *Masker {
	values := make([]string, 0, len(with))
	for v := range with {
		if v != "" {
			values = append(values, v)
		}
	}
	slices.SortFunc(values, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	m := &Masker{}
	for _, v := range values {
		m.entries = append(m.entries, entry{value: v, with: with[v], short: utf8.RuneCountInString(v) < MinAnywhere})
	}
	return m
}

// All returns a Masker that replaces every one of values by with.
func All(values []string, with string) *Masker {
	m := make(map[string]string, len(values))
	for _, v := range values {
		m[v] = with
	}
	return New(m)
}

// Names returns a Masker that writes each secret value as {{NAME}}:
// secrets maps a name to its value. Of two secrets with one value, the
// first by name is used.
func Names(secrets map[string]string) *Masker {
	with := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(secrets)) {
		if v := secrets[name]; v != "" {
			if _, dup := with[v]; !dup {
				with[v] = "{{" + name + "}}"
			}
		}
	}
	return New(with)
}

// Replace returns s with every form of the secrets (see the package
// documentation) replaced.
func (m *Masker) Replace(s string) string { return m.replace(s, true) }

// ReplaceWritten returns s with the secrets replaced only where they stand
// as written, not in an encoded form.
func (m *Masker) ReplaceWritten(s string) string { return m.replace(s, false) }

func (m *Masker) replace(s string, encoded bool) string {
	if m == nil || len(m.entries) == 0 || s == "" {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		n, with := 0, ""
		for _, e := range m.entries {
			if n = e.matchAt(s, i, encoded); n > 0 && (!e.short || wordEdges(s[:i], s[i+n:])) {
				with = e.with
				break
			}
			n = 0
		}
		if n == 0 {
			i++
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:i])
		b.WriteString(with)
		i += n
		last = i
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// Error returns err with the secrets in its message replaced (a server's
// stderr or error text may quote what it was sent); errors.Is and errors.As
// still see err. It returns nil for a nil err, and err itself when the
// message holds no secret.
func (m *Masker) Error(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if masked := m.Replace(msg); masked != msg {
		return &maskedError{msg: masked, err: err}
	}
	return err
}

// maskedError is an error whose message has the secrets masked.
type maskedError struct {
	msg string
	err error
}

func (e *maskedError) Error() string { return e.msg }
func (e *maskedError) Unwrap() error { return e.err }
