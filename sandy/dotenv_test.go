package sandy

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestParseDotenv(t *testing.T) {
	src := "\xef\xbb\xbf# a comment\n" +
		"\n" +
		"PLAIN=value\n" +
		"  SPACED = some value  \n" +
		"export EXPORTED=yes\n" +
		"export\tTABBED=t\n" +
		"exporter=not-the-keyword\n" +
		"EMPTY=\n" +
		"COMMENTED=abc # trailing comment\n" +
		"HASH=abc#def\n" +
		"SINGLE='raw \\n $x' # c\n" +
		"SINGLE2='a \"b\" \\'\n" +
		"DOUBLE=\"line1\\nline2 \\\"q\\\" \\\\ \\t \\x\"\n" +
		"DOUBLE_HASH=\"a # not a comment\"\n" +
		"URL=http://x/?a=b&c=d\n" +
		"CRLF=win\r\n" +
		"    # indented comment\n" +
		"PLAIN=second wins\n" +
		"dash-name=ok"
	got, err := ParseDotenv([]byte(src), ".env")
	if err != nil {
		t.Fatalf("ParseDotenv: %v", err)
	}
	want := map[string]string{
		"PLAIN":       "second wins",
		"SPACED":      "some value",
		"EXPORTED":    "yes",
		"TABBED":      "t",
		"exporter":    "not-the-keyword",
		"EMPTY":       "",
		"COMMENTED":   "abc",
		"HASH":        "abc#def",
		"SINGLE":      `raw \n $x`,
		"SINGLE2":     `a "b" \`,
		"DOUBLE":      "line1\nline2 \"q\" \\ \t \\x",
		"DOUBLE_HASH": "a # not a comment",
		"URL":         "http://x/?a=b&c=d",
		"CRLF":        "win",
		"dash-name":   "ok",
	}
	if !reflect.DeepEqual(got, want) {
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("%s = %q, want %q", k, got[k], want[k])
			}
		}
		t.Errorf("got %q", got)
	}
}

func TestParseDotenvErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"A=1\nNO_EQUALS\n", ".env:2: want KEY=VALUE"},
		{"A=1\n\n1BAD=x", `.env:3: bad name "1BAD" (want ^[A-Za-z_][A-Za-z0-9_-]*$)`},
		{"=x", `.env:1: bad name "" (want ^[A-Za-z_][A-Za-z0-9_-]*$)`},
		{"A B=x", `.env:1: bad name "A B" (want ^[A-Za-z_][A-Za-z0-9_-]*$)`},
		{"A='open", ".env:1: unterminated single quote"},
		{`A="open`, ".env:1: unterminated double quote"},
		{`A="open\"`, ".env:1: unterminated double quote"},
		{"A=\"multi\nline\"", ".env:1: unterminated double quote"},
		{`A="x" y`, `.env:1: unexpected "y" after the closing quote`},
		{`A='x'y`, `.env:1: unexpected "y" after the closing quote`},
		{"export", ".env:1: want KEY=VALUE"},
		{"A=1\nPASSWORD=d\xe9mo\n", ".env:2: column 11: invalid UTF-8 (byte 0xe9): the file must be UTF-8"},
		{"# caf\xe9\nA=1\n", ".env:1: column 6: invalid UTF-8 (byte 0xe9): the file must be UTF-8"},
		{"A=\"\xf0\x9f\x98\"\n", ".env:1: column 4: invalid UTF-8 (byte 0xf0): the file must be UTF-8"},
	}
	for _, tt := range tests {
		_, err := ParseDotenv([]byte(tt.src), ".env")
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseDotenv(%q) error:\n got %v\nwant %s", tt.src, err, tt.want)
		}
		var de *DotenvError
		if !errors.As(err, &de) || !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseDotenv(%q) error %T, want a *DotenvError wrapping ErrInvalid", tt.src, err)
		}
	}
}

func TestLoadDotenv(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test.env")
	if err := os.WriteFile(path, []byte("PASSWORD=demo123\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := LoadDotenv(path)
	if err != nil || got["PASSWORD"] != "demo123" {
		t.Errorf("LoadDotenv = %q, %v; want PASSWORD=demo123", got, err)
	}
	if _, err := LoadDotenv(path + ".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadDotenv(missing) = %v, want os.ErrNotExist", err)
	}
}
