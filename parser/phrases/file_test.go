package phrases

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/parser/scenario"
)

// TestBadDefinitions: a definition that is not valid is refused with its
// file, line and column, every one of the file at once.
func TestBadDefinitions(t *testing.T) {
	tests := []struct {
		name, file string
		want       []string
	}{
		{"unknown type", "phrases:\n  add the book {title:strng}: type {title} into Title\n",
			[]string{`phrases.yaml:2:16: {title:strng}: unknown parameter type "strng"`}},
		{"unbalanced brace in the phrase", "phrases:\n  add the book {string: type {string} into Title\n",
			[]string{`phrases.yaml:2:16: the "{" has no "}"`}},
		{"unbalanced brace in the meaning", "phrases:\n  add the book {string}: type {string into Title\n",
			[]string{`phrases.yaml:2:31: the "{" has no "}"`}},
		{"quoted phrase", "phrases:\n  \"add the book {string\": type {string} into Title\n",
			[]string{`phrases.yaml:2:17: the "{" has no "}"`}},
		{"second sentence of a text", "phrases:\n  add the book {string}: type {string} into Title then type {strin} into Name\n",
			[]string{`phrases.yaml:2:61: {strin}: the phrase has no such parameter (it has {string})`}},
		{"list item", "phrases:\n  log in as {word}:\n    - go to the login page\n    - type {name} into Username\n",
			[]string{`phrases.yaml:4:12: {name}: the phrase has no such parameter (it has {word})`}},
		{"two of a type", "phrases:\n  put {word} in {word}: type {word} into {2}\n",
			[]string{`phrases.yaml:2:30: {word}: the phrase has 2 {word} parameters: refer to one by its place, {1} or {2}`}},
		{"place out of range", "phrases:\n  put {word}: type {2} into X\n",
			[]string{`phrases.yaml:2:20: {2}: the phrase has 1 parameter`}},
		{"a name the sentences do not use", "phrases:\n  add the book {strng}: type {string} into Title\n",
			[]string{`phrases.yaml:2:30: {string}: the phrase has no such parameter`, `phrases.yaml:2:16: unknown parameter type {strng}`}},
		{"a name alone unused", "phrases:\n  add the book {strng}: click Add\n",
			[]string{`phrases.yaml:2:16: unknown parameter type {strng}: the types are {string}, {int}, {float}, {word} and {}`}},
		{"lone brace in the meaning", "phrases:\n  add it: type x} into Title\n",
			[]string{`phrases.yaml:2:17: a "}" with no "{"`}},
		{"defined twice", "phrases:\n  add the book {string}: a\n  Add the  book {title:string}: b\n",
			[]string{`phrases.yaml:3:3: the phrase "Add the  book {title:string}" matches the same sentences as "add the book {string}" at line 2: keep one`}},
		{"means nothing", "phrases:\n  log in:\n  log out: []\n  sign up: ''\n",
			[]string{`phrases.yaml:2:3: the phrase "log in" means nothing`, `phrases.yaml:3:3: the phrase "log out" means nothing`, `phrases.yaml:4:3: the phrase "sign up" means nothing`}},
		{"a number", "phrases:\n  log in: 42\n  log out: [click Log out, 7]\n",
			[]string{`phrases.yaml:2:11: the phrase "log in": want a sentence or a list of sentences, got a number`, `phrases.yaml:3:28: want a sentence as text, got a number`}},
		{"a mapping", "phrases:\n  log in: {a: b}\n", []string{`phrases.yaml:2:11: the phrase "log in": want a sentence or a list of sentences, got a mapping`}},
		{"brace first", "phrases:\n  {word} logs in: click Log in\n",
			[]string{`line 2 starts a phrase or sentence with {, which YAML reads as a mapping: quote it whole`}},
		{"unknown field", "phrase:\n  log in: click Log in\n", []string{`phrases.yaml:1:1: unknown field "phrase": the file holds phrases: only`}},
		{"not a mapping", "phrases: [a, b]\n", []string{`phrases.yaml:1:10: phrases: want a mapping of each phrase to what it means, got a list`}},
		{"empty", "", []string{"phrases.yaml: the file is empty"}},
		{"a list", "- a\n", []string{"phrases.yaml:1:1: want a mapping with phrases:, got a list"}},
		{"not UTF-8", "phrases:\n  log in: click L\xffg in\n", []string{"phrases.yaml:2:18: invalid UTF-8 (byte 0xff)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse([]byte(tt.file), FileName)
			if err == nil {
				t.Fatal("parse: no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
		})
	}
}

// TestGoodDefinitions: a file of valid definitions reads: a null
// phrases: is no phrase, and an optional name with braces escaped is text.
func TestGoodDefinitions(t *testing.T) {
	for _, file := range []string{
		"phrases:\n",
		"phrases: {}\n",
		"phrases:\n  \"{word} logs in\": type {word} into Username\n",
		"phrases:\n  log in: |\n    go to the login page\n    click Log in\n",
		"phrases:\n  keep \\{x\\}: type \\{x\\} into Notes\n",
		"# comment\nphrases:\n  log in: &login [go to the login page, click Log in]\n  sign in: *login\n",
	} {
		if _, err := parse([]byte(file), FileName); err != nil {
			t.Errorf("parse(%q): %v", file, err)
		}
	}
}

// write writes files under dir (name -> text).
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFind: the phrases files of a test's folder and of the folders above
// it up to the root are read, nearer first; a nearer phrase overrides a
// farther one that matches the same sentences, whatever its names; a file
// above the root is not read.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"phrases.yaml":                 "phrases:\n  log in: click Log in\n  add the book {string}: type {string} into Title\n",
		"suite/phrases.yml":            "phrases:\n  add the book {title:string}: type {title} into Name\n  log out: click Log out\n",
		"suite/shop/buy.yaml":          "",
		"suite/shop/deep/phrases.yaml": "phrases:\n  log out: click Sign out\n",
	})
	actions := []string{"log in", `add the book "Dune"`, "log out"}
	tests := []struct {
		dir, root string
		files     []string
		want      []string
	}{
		{"suite/shop", "suite", []string{"suite/phrases.yml"}, []string{"log in", `type "Dune" into Name`, "click Log out"}},
		{"suite/shop", ".", []string{"suite/phrases.yml", "phrases.yaml"}, []string{"click Log in", `type "Dune" into Name`, "click Log out"}},
		{"suite/shop/deep", ".", []string{"suite/shop/deep/phrases.yaml", "suite/phrases.yml", "phrases.yaml"}, []string{"click Log in", `type "Dune" into Name`, "click Sign out"}},
		{"suite", "suite/shop", []string{"suite/phrases.yml"}, []string{"log in", `type "Dune" into Name`, "click Log out"}},
		{"suite/shop", "suite/shop", nil, actions},
	}
	t.Chdir(dir)
	for _, tt := range tests {
		b, err := Find(filepath.FromSlash(tt.dir), filepath.FromSlash(tt.root))
		if err != nil {
			t.Fatalf("Find(%s, %s): %v", tt.dir, tt.root, err)
		}
		var files []string
		for _, f := range b.Files() {
			files = append(files, filepath.ToSlash(f))
		}
		if !reflect.DeepEqual(files, tt.files) {
			t.Errorf("Find(%s, %s) read %q, want %q", tt.dir, tt.root, files, tt.files)
		}
		s := &scenario.Scenario{Actions: append([]string(nil), actions...)}
		if err := b.Expand(s); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s.Actions, tt.want) {
			t.Errorf("Find(%s, %s): actions %q, want %q", tt.dir, tt.root, s.Actions, tt.want)
		}
	}
}

// TestFindRefused: a file of the chain that does not read is refused with
// its path; a folder's phrases whose names alone differ from a farther
// file's are not a clash.
func TestFindRefused(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"phrases.yaml":   "phrases:\n  log in: {a: b}\n",
		"a/phrases.yaml": "phrases:\n  log {word: x\n",
	})
	_, err := Find(filepath.Join(dir, "a"), dir)
	for _, w := range []string{filepath.Join(dir, "a", "phrases.yaml") + ":2:7:", filepath.Join(dir, "phrases.yaml") + ":2:11:"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("Find: %v, want it to name %s", err, w)
		}
	}
	write(t, dir, map[string]string{"b/phrases.yml": "phrases:\n  log in: click Log in\n", "b/phrases.yaml": "phrases: {}\n"})
	if _, err := Find(filepath.Join(dir, "b"), filepath.Join(dir, "b")); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "b", "phrases.yml")+": a folder's phrases are in one file") {
		t.Errorf("Find of a folder with both names: %v", err)
	}
	// A link a checkout commits is not followed: its target's words could
	// reach an error.
	secret := filepath.Join(t.TempDir(), "key")
	write(t, filepath.Dir(secret), map[string]string{"key": "phrases:\n  the key is hunter2: click x\n"})
	if err := os.MkdirAll(filepath.Join(dir, "c"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "c", "phrases.yaml")); err != nil {
		t.Fatal(err)
	}
	if b, err := Find(filepath.Join(dir, "c"), filepath.Join(dir, "c")); err == nil || !strings.Contains(err.Error(), "a symbolic link: refused") {
		t.Errorf("Find of a linked phrases file: %v, %v; want it refused", b, err)
	}
	if _, err := Load(filepath.Join(dir, "none.yaml")); err == nil || !strings.Contains(err.Error(), "none.yaml: cannot read") {
		t.Errorf("Load of a missing file: %v", err)
	}
}
