package parser

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
)

func TestParseFound(t *testing.T) {
	value := `"[{\"kind\":\"script\",\"text\":\"Details\",\"tag\":\"a\",\"path\":\"1/0\"},` +
		`{\"kind\":\"placeholder\",\"text\":\"Search products…\",\"tag\":\"input\",\"type\":\"search\",\"path\":\"1/1\"},` +
		`{\"kind\":\"email\",\"text\":\"email\",\"tag\":\"input\",\"type\":\"email\",\"hint\":\"name=work\",\"path\":\"1/2\"},` +
		`{\"kind\":\"search\",\"text\":\"search\",\"tag\":\"input\",\"path\":\"1/3\"},` +
		`{\"kind\":\"other\",\"text\":\"x\",\"path\":\"1/4\"}]"`
	found, err := parseFound(value)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		n := f.node()
		got = append(got, n.Role+" "+n.Name+" → "+f.locator().Selector())
	}
	want := []string{
		`link Details → internal:text="Details"s`,
		`searchbox Search products… → internal:attr=[placeholder="Search products…"s]`,
		`textbox email → input[type="email"]`,
		`searchbox search → internal:role=searchbox`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := parseFound(`{"kind":1}`); err == nil {
		t.Error("an object, not a list: no error")
	}
}

func FuzzParseFound(f *testing.F) {
	f.Add(`[{"kind":"script","text":"Details","tag":"div","path":"1"}]`)
	f.Add(`"[{\"kind\":\"email\",\"text\":\"email\"}]"`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, value string) {
		found, err := parseFound(value)
		if err != nil {
			return
		}
		for _, p := range found {
			if p.node() == nil {
				t.Fatalf("kind %q kept", p.Kind)
			}
			_ = p.locator().Selector()
		}
	})
}

func TestMissingRef(t *testing.T) {
	s := step.Step{Kind: step.Click, Element: `link "Details"`}
	if got := missingRef(s, ""); !strings.Contains(got, `link "Details"`) || !strings.Contains(got, "without a ref") {
		t.Errorf("no ref: %q", got)
	}
	if got := missingRef(step.Step{Kind: step.Click}, "e9"); !strings.Contains(got, "the element") || !strings.Contains(got, "ref e9") {
		t.Errorf("stale ref: %q", got)
	}
}

func TestCSSIdent(t *testing.T) {
	for in, want := range map[string]string{"all": "all", "a.b": `a\2e b`, "1x": `\31 x`, "é-1": "é-1"} {
		if got := cssIdent(in); got != want {
			t.Errorf("cssIdent(%q) = %q, want %q", in, got, want)
		}
	}
}
