package parser

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen/locator"
)

func TestParseFrameAnswer(t *testing.T) {
	for in, want := range map[string][2]string{
		`"{\"name\":\"Payment\",\"css\":\"iframe[title=\\\"Payment\\\"]\"}"`: {"Payment", `iframe[title="Payment"]`},
		`{"name":" donation ","css":"iframe[name=\"donation\"]"}`:            {"donation", `iframe[name="donation"]`},
		`{"name":"x","css":"iframe >> internal:control=enter-frame"}`:        {"x", ""},
		`{"name":"","css":""}`: {"", ""},
	} {
		name, css, err := parseFrameAnswer(in)
		if err != nil || name != want[0] || css != want[1] {
			t.Errorf("parseFrameAnswer(%s) = %q, %q, %v; want %q, %q", in, name, css, err, want[0], want[1])
		}
	}
	if _, _, err := parseFrameAnswer(`undefined`); err == nil || !strings.Contains(err.Error(), "frames.js") {
		t.Errorf("undefined: %v", err)
	}
}

// FuzzParseFrameAnswer: any answer gives an error or a CSS that is one
// selector part, which a frame's locator can start with.
func FuzzParseFrameAnswer(f *testing.F) {
	f.Add(`"{\"name\":\"Payment\",\"css\":\"iframe[title=\\\"Payment\\\"]\"}"`)
	f.Add(`{"name":"a","css":"x >> y"}`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, v string) {
		_, css, err := parseFrameAnswer(v)
		if err != nil || css == "" {
			return
		}
		l, perr := locator.ParseSelector(css + " >> internal:control=enter-frame")
		if perr != nil || len(l.Parts) != 2 || l.Parts[1].Kind != locator.PartFrame {
			t.Fatalf("css %q: %v %+v", css, perr, l)
		}
	})
}
