package secret

import (
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMasker(t *testing.T) {
	m := All([]string{"x", "pw-987654", "pw", "", "été"}, "***")
	for in, want := range map[string]string{
		// Long values go wherever they stand.
		"login with pw-987654 failed": "login with *** failed",
		"url?token=pw-987654&next=1":  "url?token=***&next=1",
		"pw-987654pw-987654":          "******",
		// Short ones only as words.
		"context extensions exit x":      "context extensions exit ***",
		"x=1, y=x; (x)":                  "***=1, y=***; (***)",
		"pw: pw-9 pwd":                   "***: ***-9 pwd",
		"l'été, étéx":                    "l'***, étéx",
		"":                               "",
		"nothing secret here at all, ok": "nothing secret here at all, ok",
	} {
		if got := m.Replace(in); got != want {
			t.Errorf("Replace(%q) = %q, want %q", in, got, want)
		}
	}
	var none *Masker
	if got := none.Replace("x"); got != "x" {
		t.Errorf("nil Masker changed the text: %q", got)
	}
	named := New(map[string]string{"demo123": "{{PASSWORD}}", "ab": "{{PIN}}"})
	if got := named.Replace("type demo123 and ab, not abc"); got != "type {{PASSWORD}} and {{PIN}}, not abc" {
		t.Errorf("named: %q", got)
	}
}

// TestMaskerEncodedForms: a secret that went through a URL, a JSON document
// or an HTML page is hidden in the form it took.
func TestMaskerEncodedForms(t *testing.T) {
	m := All([]string{"s3cr3t tok", `p<a&"s'w>`, "é€𝄞x", "a&b", "7 9"}, "***")
	for in, want := range map[string]string{
		// URLs: path and query escaping, either case of hex, '+' for a space.
		"http://shop/?token=s3cr3t%20tok&x=1":    "http://shop/?token=***&x=1",
		"goto('/?token=s3cr3t+tok')":             "goto('/?token=***')",
		"a=p%3Ca%26%22s%27w%3E":                  "a=***",
		"a=p%3ca%26%22s%27w%3e":                  "a=***",
		"a=p%3Ca&%22s'w%3E":                      "a=***", // a browser's partial escaping
		"u=%C3%A9%E2%82%AC%F0%9D%84%9Ex":         "u=***",
		"u=%c3%a9%e2%82%ac%f0%9d%84%9ex":         "u=***",
		"s3cr3t%2520tok (escaped twice) is kept": "s3cr3t%2520tok (escaped twice) is kept",
		// JSON, with and without encoding/json's HTML escaping.
		`{"p":"p\u003ca\u0026\"s'w\u003e"}`: `{"p":"***"}`,
		`{"p":"p<a&\"s'w>"}`:                `{"p":"***"}`,
		`{"u":"\u00e9\u20AC\ud834\udd1ex"}`: `{"u":"***"}`,
		`"s3cr3t\u0020tok"`:                 `"***"`,
		// HTML: escapers' entities and numeric references.
		"<b>p&lt;a&amp;&#34;s&#39;w&gt;</b>":       "<b>***</b>",
		"p&lt;a&amp;&quot;s&apos;w&gt;":            "***",
		"p&#x3C;a&#X26;&#x22;s&#x0027;w&#62;":      "***",
		"p&lt;a&amp;&quot;s&apos;w&gt (no ;) kept": "p&lt;a&amp;&quot;s&apos;w&gt (no ;) kept",
		// Short values: encoded forms too, as whole words judged on the
		// decoded neighbours.
		"q=a%26b&r=a&amp;b&s=xa%26b":     "q=***&r=***&s=xa%26b",
		"n=7+9, n=%207%209%20, n=%617+9": "n=***, n=%20***%20, n=%617+9",
		`{"n":"\u00377 9"}`:              `{"n":"\u00377 9"}`,
	} {
		if got := m.Replace(in); got != want {
			t.Errorf("Replace(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestReplaceWritten: only the value as written is replaced, and its length
// rule holds.
func TestReplaceWritten(t *testing.T) {
	m := New(map[string]string{"s3cr3t tok": "{{TOKEN}}", "ab": "{{PIN}}"})
	in := "s3cr3t tok s3cr3t%20tok ab cab a%62"
	if got, want := m.ReplaceWritten(in), "{{TOKEN}} s3cr3t%20tok {{PIN}} cab a%62"; got != want {
		t.Errorf("ReplaceWritten(%q) = %q, want %q", in, got, want)
	}
}

// encodings are the ways text reaches output: each function encodes a whole
// text. valid says whether it keeps every value (JSON turns bytes that are
// not UTF-8 into U+FFFD).
var encodings = []struct {
	name   string
	encode func(string) string
	utf8   bool // the encoding needs valid UTF-8 to keep the value
}{
	{"as written", func(s string) string { return s }, false},
	{"url.QueryEscape", url.QueryEscape, false},
	{"url.PathEscape", url.PathEscape, false},
	{"url.QueryEscape, lowercase hex", func(s string) string { return lowerHex(url.QueryEscape(s)) }, false},
	{"url.PathEscape, lowercase hex", func(s string) string { return lowerHex(url.PathEscape(s)) }, false},
	{"JSON", func(s string) string { return jsonString(s, true) }, true},
	{"JSON without HTML escaping", func(s string) string { return jsonString(s, false) }, true},
	{"html.EscapeString", html.EscapeString, false},
	{"HTML named and hex references", strings.NewReplacer("&", "&amp;", "<", "&#x3c;", ">", "&#X3E;", `"`, "&quot;", "'", "&apos;").Replace, false},
}

var percentEscape = regexp.MustCompile(`%[0-9A-F]{2}`)

func lowerHex(s string) string { return percentEscape.ReplaceAllStringFunc(s, strings.ToLower) }

func jsonString(s string, escapeHTML bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func TestEncodingsChangeTheValue(t *testing.T) {
	// The fuzz target's encodings really encode: each differs from the
	// text as written on a value that needs escaping.
	v := `a b<&>"'é`
	seen := map[string]string{}
	for _, e := range encodings {
		got := e.encode(v)
		if prev, dup := seen[got]; dup {
			t.Errorf("%s and %s give the same %q", e.name, prev, got)
		}
		seen[got] = e.name
	}
}

// FuzzMasker: for any secret long enough to be hidden anywhere, and any text
// around it, no form of the secret survives in the masked text, whichever
// encoding the text went through.
func FuzzMasker(f *testing.F) {
	f.Add("login with ", "pw-987654", " failed", "x")
	f.Add("x=1 ", "xx x", "", "x")
	f.Add("ab\xff", "ab\xffab", "", "\xff")
	f.Add("http://shop/?token=", "s3cr3t tok", "&next=/cart", "ok")
	f.Add(`{"password":"`, `p<a&"s'w>`, `"}`, "pw")
	f.Add("<p>", "é€𝄞 x", "</p>", "€")
	f.Add("%25", "%25%25", "%2", "%")
	f.Add("&amp;", "&&&&&", "&#38", "&")
	f.Add(`\\`, `\u0041\\`, `\`, `\`)
	f.Add("+", "a + b", "+", "+")
	f.Fuzz(func(t *testing.T, before, value, after, short string) {
		m := All([]string{value, short}, "***")
		// (A value holding the mask's '*' could be made again by the mask.)
		long := utf8.RuneCountInString(value) >= MinAnywhere && !strings.Contains(value, "*")
		for _, enc := range encodings {
			if enc.utf8 && !utf8.ValidString(before+value+after) {
				continue
			}
			text := enc.encode(before + value + after)
			out := m.Replace(text)
			if !long {
				continue
			}
			for _, form := range encodings {
				if form.utf8 && !utf8.ValidString(value) {
					continue
				}
				if f := form.encode(value); strings.Contains(out, f) {
					t.Fatalf("%s of %q: Replace(%q) = %q still holds its %s form %q", enc.name, before+value+after, text, out, form.name, f)
				}
			}
		}
		// Text that holds neither value and nothing that could encode one
		// is left as it is.
		plain := before + after
		holds := func(v string) bool { return v != "" && strings.Contains(plain, v) }
		if !strings.ContainsAny(plain, `%+\&`) && !holds(value) && !holds(short) {
			if out := m.Replace(plain); out != plain {
				t.Fatalf("Replace(%q) = %q changed text that holds no secret", plain, out)
			}
		}
	})
}

func ExampleMasker_Replace() {
	m := All([]string{"s3cr3t tok"}, "***")
	fmt.Println(m.Replace(`goto("/?token=s3cr3t%20tok") failed: {"token":"s3cr3t\u0020tok"}`))
	// Output: goto("/?token=***") failed: {"token":"***"}
}

// TestNames: each value becomes {{NAME}}; of two secrets with one value the
// first by name wins; empty values are ignored.
func TestNames(t *testing.T) {
	m := Names(map[string]string{"PASSWORD": "demo123", "B_TOKEN": "tok-42", "A_TOKEN": "tok-42", "EMPTY": ""})
	if got, want := m.Replace("log in with demo123 and tok-42"), "log in with {{PASSWORD}} and {{A_TOKEN}}"; got != want {
		t.Errorf("Replace = %q, want %q", got, want)
	}
	if got := Names(nil).Replace("demo123"); got != "demo123" {
		t.Errorf("no secrets changed the text: %q", got)
	}
}
