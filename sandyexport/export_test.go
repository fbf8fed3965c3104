package sandyexport

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/translator"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func result(status parser.Status) *parser.ParserResult {
	return &parser.ParserResult{
		Name: "buy-a-mug", URL: "http://127.0.0.1:8080", BaseURL: "http://127.0.0.1:8080",
		Actions:     []string{"type {{PASSWORD}} into Password", "click Claim discount", "click Checkout"},
		Variables:   map[string]string{"USER": "demo"},
		SecretNames: []string{"PASSWORD"},
		Translator:  "rules",
		Status:      status,
		Steps: []parser.TestStep{
			{Index: 0, Action: "open http://127.0.0.1:8080", Kind: translator.Navigate,
				Calls: []commandgen.Call{{Tool: "browser_navigate", Args: map[string]any{"url": "{{BASE_URL}}"}}}},
			{Index: 1, Action: "type {{PASSWORD}} into Password", Kind: translator.Type, Element: `textbox "Password"`,
				Calls: []commandgen.Call{{Tool: "browser_type", Args: map[string]any{"target": `internal:label="Password"i`, "text": "{{PASSWORD}}", "element": `textbox "Password"`}}}},
			{Index: 2, Action: "click Claim discount", Kind: translator.Click, Element: `button "Claim discount"`, Waited: time.Second,
				Calls: []commandgen.Call{
					{Tool: "browser_wait_for", Args: map[string]any{"text": "Claim discount"}},
					{Tool: "browser_click", Args: map[string]any{"target": `internal:role=button[name="Claim discount"i]`}},
				}},
		},
	}
}

func TestExportGolden(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
	for _, status := range []parser.Status{parser.Success, parser.Partial} {
		t.Run(string(status), func(t *testing.T) {
			sc := Export(result(status), &Options{CreatedBy: "plaintest test", Now: now})
			got, err := sc.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", string(status)+".golden.json")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
			// What is exported is a valid scenario that sandy reads back.
			back, err := sandy.Parse(got, golden)
			if err != nil {
				t.Fatalf("re-read: %v", err)
			}
			if got := back.Required(); len(got) != 1 || got[0] != "PASSWORD" {
				t.Errorf("required variables %v, want [PASSWORD]", got)
			}
			if len(back.Steps) != 4 || back.Steps[0].ID != "open" || back.Steps[3].Step != 4 {
				t.Errorf("steps %+v", back.Steps)
			}
		})
	}
}
