package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/plaintest/plaintest/sandy"
)

func TestSplitActions(t *testing.T) {
	tests := map[string][]string{
		"log in then add the mug then check the cart": {"log in", "add the mug", "check the cart"},
		"a; b\nc":        {"a", "b", "c"},
		"Then click OK.": {"click OK"},
		`type "now then later" into Notes then click X`: {`type "now then later" into Notes`, "click X"},
		"go to the authentication page":                 {"go to the authentication page"},
		"a, then b":                                     {"a", "b"},
		"  ":                                            nil,
		"type d\xe9mo into Username then click \"\xff\"": {"type d\xe9mo into Username", "click \"\xff\""},
	}
	for in, want := range tests {
		if got := SplitActions(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitActions(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		sc   Scenario
		want []string
	}{
		{Scenario{URL: "http://x", Actions: []string{"a"}}, nil},
		{Scenario{URL: "file:///tmp/x.html", Actions: []string{"a"}}, nil},
		{Scenario{Actions: []string{"a"}}, []string{"no URL"}},
		{Scenario{URL: "ftp://x", Actions: []string{"a"}}, []string{`scheme "ftp" is not supported`}},
		{Scenario{URL: "localhost:8080/x", Actions: []string{"a"}}, []string{`scheme "localhost" is not supported`}},
		{Scenario{URL: "/login", Actions: []string{"a"}}, []string{"not absolute"}},
		{Scenario{URL: "http://", Actions: []string{"a"}}, []string{"has no host"}},
		{Scenario{URL: "http://x"}, []string{"no actions"}},
		{Scenario{URL: "http://x", Actions: []string{"a"}, Secrets: map[string]string{"PW": ""}}, []string{"secret PW has no value"}},
		{Scenario{URL: "http://x", Actions: []string{"a"}, Variables: map[string]string{"1X": "a"}}, []string{`variable "1X"`}},
		{Scenario{}, []string{"no URL", "no actions"}},
		{Scenario{Name: "caf\xe9", URL: "http://x/\xff", Actions: []string{"click OK", "type d\xe9mo into Username"}},
			[]string{"name: invalid UTF-8 at byte 3", "URL: invalid UTF-8 at byte 9", "action 2: invalid UTF-8 at byte 6"}},
		{Scenario{URL: "http://x", Actions: []string{"a"}, Variables: map[string]string{"USER": "\xc3"}, Secrets: map[string]string{"PASSWORD": "pass\xffword"}},
			[]string{"variable USER: invalid UTF-8 at byte 0", "secret PASSWORD: invalid UTF-8 at byte 4"}},
	}
	for _, tt := range tests {
		err := tt.sc.Validate()
		if err != nil && strings.Contains(err.Error(), "word") {
			t.Errorf("%+v: %q shows a secret", tt.sc, err)
		}
		if tt.want == nil {
			if err != nil {
				t.Errorf("%+v: unexpected %v", tt.sc, err)
			}
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: err = %v, want ErrInvalid", tt.sc, err)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%+v: %q does not say %q", tt.sc, err, w)
			}
		}
	}
}

func TestReadFile(t *testing.T) {
	write := fileWriter(t)
	secret := func(name string) string { return map[string]string{"PASSWORD": "pw"}[name] }

	p := write("buy.yaml", "url: http://shop.test\nactions:\n  - go to the login page\n  - type demo into Username then click Log in\nvariables: {USER: demo}\nsecrets: [PASSWORD]\n")
	sc, err := ReadFile(p, secret)
	if err != nil {
		t.Fatal(err)
	}
	want := &Scenario{Name: "buy", URL: "http://shop.test", Actions: []string{"go to the login page", "type demo into Username", "click Log in"},
		Variables: map[string]string{"USER": "demo"}, Secrets: map[string]string{"PASSWORD": "pw"},
		Source: p, Lines: []int{3, 4, 4}} // each action at its line of the file
	if !reflect.DeepEqual(sc, want) {
		t.Errorf("got %+v, want %+v", sc, want)
	}

	p = write("one.json", `{"name": "n", "url": "http://x", "actions": "a then b"}`)
	if sc, err := ReadFile(p, nil); err != nil || len(sc.Actions) != 2 || sc.Name != "n" {
		t.Errorf("json: %+v, %v", sc, err)
	}

	for name, tc := range map[string]struct{ body, want string }{
		"typo.yaml":    {"url: http://x\naction: [a]\n", "field action not found"},
		"nested.yaml":  {"url: http://x\nactions:\n  - {click: x}\n", "line 3: actions[0]: want an action as text, got a mapping"},
		"empty.yaml":   {"", "the file is empty"},
		"bad.yaml":     {"url: [\n", "line"},
		"noact.yaml":   {"url: http://x\n", "no actions"},
		"secret.yaml":  {"url: http://x\nactions: [a]\nsecrets: [TOKEN]\n", "secret TOKEN has no value"},
		"badurl.json":  {`{"url": "x", "actions": ["a"]}`, "not absolute"},
		"missing.yaml": {"", ""},
	} {
		p := filepath.Join(t.TempDir(), "nope", name)
		if name != "missing.yaml" {
			p = write(name, tc.body)
		}
		_, err := ReadFile(p, secret)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want ErrInvalid naming the file and saying %q", name, err, tc.want)
		}
	}
}

func TestReadFileRefusesInvalidUTF8(t *testing.T) {
	dir := t.TempDir()
	for name, tt := range map[string]struct{ body, want string }{
		"latin1.yaml": {"url: http://x\nactions:\n  - type d\xe9mo into Username\n", "line 3, column 11: invalid UTF-8 (byte 0xe9): the file must be UTF-8"},
		"bom.json":    {"\xef\xbb\xbf{\"name\": \"\xff\"}", "line 1, column 11: invalid UTF-8 (byte 0xff): the file must be UTF-8"},
		"secret.yaml": {"url: http://x\nactions: [a]\nvariables: {USER: \"d\xc3\"}\n", "line 3, column 21: invalid UTF-8 (byte 0xc3): the file must be UTF-8"},
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(tt.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadFile(p, nil); !errors.Is(err, ErrInvalid) || err.Error() != p+": "+tt.want {
			t.Errorf("%s: err = %v, want %s: %s", name, err, p, tt.want)
		}
	}

	// UTF-16 with a byte order mark is read as such.
	var b []byte
	for _, c := range utf16.Encode([]rune("\uFEFFurl: http://x\nactions: [type démo into Username]\n")) {
		b = append(b, byte(c), byte(c>>8))
	}
	p := filepath.Join(dir, "utf16.yaml")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if sc, err := ReadFile(p, nil); err != nil || !reflect.DeepEqual(sc.Actions, []string{"type démo into Username"}) {
		t.Errorf("UTF-16 file: %+v, %v", sc, err)
	}
}

// TestReadFileRefusesWhatIsNotText: YAML reads null, numbers and true/false
// as such; where an action or a variable's text goes they are refused with
// their line, every one at once, not typed as the action "null".
func TestReadFileRefusesWhatIsNotText(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{"name: n\nurl: http://x\nactions: null\n", "scenario.yaml: line 3: actions: want a list of actions or one text, got null"},
		{"url: http://x\nactions: ~\n", "scenario.yaml: line 2: actions: want a list of actions or one text, got null"},
		{"url: http://x\nactions:\nname: n\n", "scenario.yaml: line 2: actions: want a list of actions or one text, got null"},
		{"url: http://x\nactions: 42\n", "scenario.yaml: line 2: actions: want a list of actions or one text, got a number"},
		{"url: http://x\nactions: true\n", "scenario.yaml: line 2: actions: want a list of actions or one text, got true or false"},
		{"url: http://x\nactions: {click: x}\n", "scenario.yaml: line 2: actions: want a list of actions or one text, got a mapping"},
		{"url: http://x\nactions:\n  - click Log in\n  -\n  - 3\n  - false\n  - 2024-01-02\n  - [a]\n",
			"scenario.yaml: line 4: actions[1]: want an action as text, got null; line 5: actions[2]: want an action as text, got a number; " +
				"line 6: actions[3]: want an action as text, got true or false; line 7: actions[4]: want an action as text, got a date; " +
				"line 8: actions[5]: want an action as text, got a list"},
		{`{"url": "http://x", "actions": ["a", null]}`, "scenario.yaml: line 1: actions[1]: want an action as text, got null"},
		{"url: http://x\nactions: [a]\nvariables:\n  USER:\n  IDS: [1, 2]\n",
			"scenario.yaml: line 5: variables.IDS: want text, got a list; line 4: variables.USER: want text, got null"},
	} {
		p := filepath.Join(t.TempDir(), "scenario.yaml")
		if err := os.WriteFile(p, []byte(tt.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(p, nil)
		if !errors.Is(err, ErrInvalid) || err.Error() != p[:len(p)-len("scenario.yaml")]+tt.want {
			t.Errorf("ReadFile(%q):\n got %v\nwant %s", tt.body, err, tt.want)
		}
	}

	// Quoted, they are text; a variable's number or boolean is kept as written.
	p := filepath.Join(t.TempDir(), "ok.yaml")
	body := "url: http://x\nactions:\n  - &a \"null\"\n  - '42'\n  - *a\nvariables: {PORT: 8080, RATE: 1.50, ON: true}\n"
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := ReadFile(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"null", "42", "null"}; !reflect.DeepEqual(sc.Actions, want) {
		t.Errorf("actions = %q, want %q", sc.Actions, want)
	}
	if want := map[string]string{"PORT": "8080", "RATE": "1.50", "ON": "true"}; !reflect.DeepEqual(sc.Variables, want) {
		t.Errorf("variables = %q, want %q", sc.Variables, want)
	}
}

func FuzzSplitActions(f *testing.F) {
	for _, s := range []string{"a then b", `"x then y" then z`, "a;b\nc", "“then” then"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, a := range SplitActions(s) {
			if strings.TrimSpace(a) == "" {
				t.Fatalf("empty action from %q", s)
			}
		}
	})
}

func FuzzParseFile(f *testing.F) {
	f.Add([]byte("url: http://x\nactions: [a, b]\n"))
	f.Add([]byte(`{"url":"http://x","actions":"a then b","secrets":["P"]}`))
	f.Add([]byte("url: http://x\nactions: null\n"))
	f.Add([]byte("url: http://x\nactions: [d\xe9mo]\n"))
	f.Add([]byte("url: http://x\nactions: [a, ~, 3, true]\nvariables: {A: , B: 1}\n"))
	f.Add([]byte("url: http://x\nactions: [remember the total as T, 'verify {{T}} is shown', type {{U}} into b]\nvariables: {T: 1}\n"))
	f.Add([]byte("# a comment\nclick a\n\ntype b into c then click d"))
	f.Fuzz(func(t *testing.T, data []byte) {
		opts := ReadOptions{Secret: func(string) string { return "v" }, BaseURL: "http://x/"}
		for _, parse := range []func([]byte, string, ReadOptions) (*Scenario, error){parseFile, parseText} {
			sc, err := parse(data, "f", opts)
			if err == nil && (sc.Validate() != nil || len(sc.Lines) != len(sc.Actions)) {
				t.Fatalf("accepted an invalid scenario, or one without a line for each action: %+v", sc)
			}
			if err != nil && !errors.Is(err, ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
		}
	})
}

// TestReadFileSize: a compile's scenario file over sandy.MaxFileSize is
// refused unread, naming the file.
func TestReadFileSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(sandy.MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadFile(path, func(string) string { return "" })
	if want := path + ": the file is 10485761 bytes, over the limit of 10.0 MB for a scenario file"; err == nil || err.Error() != want || !errors.Is(err, ErrInvalid) {
		t.Errorf("got %v, want %q", err, want)
	}
}

// TestRememberedPlaceholders: an action's {{NAME}} names a variable, a
// secret or a value an earlier action remembers; any other, and a name
// remembered twice or taken by a variable, is refused naming the action
// (a secret's value masked).
func TestRememberedPlaceholders(t *testing.T) {
	ok := Scenario{URL: "http://x", Variables: map[string]string{"USER": "ada"}, Secrets: map[string]string{"PW": "hunter2"}, Actions: []string{
		"type {{USER}} into Name", "remember the order number as ORDER", "verify the receipt shows {{ORDER}}", "keep the Total field in {{TOTAL}}", "type {{TOTAL}} {{PW}} into Search",
	}}
	if err := ok.Validate(); err != nil {
		t.Errorf("got %v, want none", err)
	}
	bad := Scenario{URL: "http://x", Variables: map[string]string{"USER": "ada"}, Secrets: map[string]string{"PW": "hunter2"}, Actions: []string{
		"verify the receipt shows {{ORDER}} for hunter2", "remember the order number as ORDER", "remember the total as ORDER", "remember the name as USER",
		"remember the CPU in the nginx row as cpu", "verify the status shows {{cpu}}",
	}}
	err := bad.Validate()
	for _, want := range []string{
		`action 1 ("verify the receipt shows {{ORDER}} for {{PW}}"): {{ORDER}} names no variable, no secret and no value an earlier action remembers ("remember the order number as ORDER")`,
		`action 3 ("remember the total as ORDER"): ORDER is remembered by action 2 already`,
		`action 4 ("remember the name as USER"): USER is a variable already`,
		// Not a hint of a name that is refused too ("as cpu").
		`action 6 ("verify the status shows {{cpu}}"): {{cpu}} names no variable, no secret and no value an earlier action remembers (a remembered value's name is capital letters, digits and _, starting with a letter, as ORDER or ORDER_TOTAL: "remember the order number as CPU", then {{CPU}})`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to say %s", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "hunter2") {
		t.Errorf("the secret's value is in the error: %v", err)
	}
}

// TestValidatePermissionSentences: a permission sentence no test may say
// is a problem of the scenario, found before the browser opens.
func TestValidatePermissionSentences(t *testing.T) {
	sc := Scenario{Name: "p", URL: "https://example.com/", Actions: []string{"allow location access", "click Find me", "grant midi access", "block location"}}
	err := sc.Validate()
	for _, want := range []string{`action 3: cannot allow or deny this permission: "grant midi access"`, `action 4: "block location": action 1 already allows geolocation`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to say %q", err, want)
		}
	}
	if err := (&Scenario{Name: "p", URL: "https://example.com/", Actions: []string{"allow location at 52.52, 13.40", "allow all cookies"}}).Validate(); err != nil {
		t.Errorf("got %v, want no problem", err)
	}
}

// TestReadFileWith: a test file with no URL takes the base, one that
// names a path is resolved against it, and a plain-text test keeps each
// action's line and skips comments.
func TestReadFileWith(t *testing.T) {
	write := fileWriter(t)
	base := ReadOptions{BaseURL: "http://shop.test:8080/start"}
	tests := []struct {
		name, file, body string
		wantURL          string
		wantActions      []string
		wantLines        []int
	}{
		{"no URL", "a.yaml", "actions: [click Log in]", "http://shop.test:8080/start", []string{"click Log in"}, []int{1}},
		{"a path", "b.yaml", "url: /login\nactions: [click Log in]", "http://shop.test:8080/login", []string{"click Log in"}, []int{2}},
		{"absolute", "c.yaml", "url: http://other.test/\nactions: [click Log in]", "http://other.test/", []string{"click Log in"}, []int{2}},
		{"plain text", "d.txt", "# buy a mug\nclick Blue Mug\n\ntype 2 into Quantity then click Add\n", "http://shop.test:8080/start",
			[]string{"click Blue Mug", "type 2 into Quantity", "click Add"}, []int{2, 4, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := write(tt.file, tt.body)
			sc, err := ReadFileWith(p, base)
			if err != nil {
				t.Fatal(err)
			}
			if sc.URL != tt.wantURL || !slices.Equal(sc.Actions, tt.wantActions) || !slices.Equal(sc.Lines, tt.wantLines) || sc.Source != p {
				t.Errorf("got URL %q, actions %q, lines %v, source %q; want %q, %q, %v, %q", sc.URL, sc.Actions, sc.Lines, sc.Source, tt.wantURL, tt.wantActions, tt.wantLines, p)
			}
		})
	}
	if _, err := ReadFileWith(write("e.txt", "# nothing\n"), base); err == nil || !strings.Contains(err.Error(), "no actions") {
		t.Errorf("a text test with no actions: %v, want no actions", err)
	}
	if _, err := ReadFileWith(write("f.txt", "click Go\n"), ReadOptions{}); err == nil || !strings.Contains(err.Error(), "no URL") {
		t.Errorf("no URL anywhere: %v, want no URL", err)
	}
}

// fileWriter writes test files into a folder of the test's, each
// returning its path.
func fileWriter(t *testing.T) func(name, body string) string {
	dir := t.TempDir()
	return func(name, body string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}
