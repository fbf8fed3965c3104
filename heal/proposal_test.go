package heal

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// The old target and element as the test files write them, and the heal's
// new ones: the new element has characters outside ASCII.
const (
	oldTarget  = `"internal:testid=[data-testid=\"product-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]"`
	newTarget  = `"internal:testid=[data-testid=\"item-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]"`
	oldElement = `"button \"Add to cart\" in article \"Blue Mug\""`
	newElement = `"button \"Add to cart\" in listitem \"Blue Mug — café\""`
	// in a file that is all ASCII, the new element stays ASCII
	newElementASCII = `"button \"Add to cart\" in listitem \"Blue Mug \u2014 caf\u00e9\""`
)

var unicodeHeals = []report.Heal{{Step: 2,
	OldTarget:  `internal:testid=[data-testid="product-blue-mug"s] >> internal:role=button[name="Add to cart"i]`,
	NewTarget:  `internal:testid=[data-testid="item-blue-mug"s] >> internal:role=button[name="Add to cart"i]`,
	NewElement: `button "Add to cart" in listitem "Blue Mug — café"`}}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func indent(t *testing.T, b []byte, with string) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", with); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func compact(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func crlf(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")) }

// A healed file is the original with the target and element values
// replaced, byte for byte: unknown keys (metadata.tags, x_… extensions, a
// step's own timeout), key order, indentation, line endings, escapes and
// unicode are kept, whoever wrote the file and however it is laid out.
func TestEditKeepsTheFile(t *testing.T) {
	sandyFile := readTestdata(t, "sandy.json") // Python's json.dumps(indent=2): all ASCII
	hand := readTestdata(t, "hand.json")       // odd spacing and order, UTF-8, escapes
	sc, err := sandy.Parse(sandyFile, "sandy.json")
	if err != nil {
		t.Fatal(err)
	}
	byPlaintest, err := sc.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		before     []byte
		newElement string
	}{
		{"written by Sandy", sandyFile, newElementASCII},
		{"minified on one line", compact(t, sandyFile), newElementASCII},
		{"indented with 3 spaces", indent(t, compact(t, sandyFile), "   "), newElementASCII},
		{"tabs and CRLF", crlf(indent(t, compact(t, sandyFile), "\t")), newElementASCII},
		{"written by plaintest", byPlaintest, newElement},
		{"written by hand", hand, newElement},
		{"by hand, CRLF and a byte order mark", append([]byte("\xef\xbb\xbf"), crlf(hand)...), newElement},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if bytes.Count(tt.before, []byte(oldTarget)) != 1 || bytes.Count(tt.before, []byte(oldElement)) != 1 {
				t.Fatalf("the file does not write the old target and element once each:\n%s", tt.before)
			}
			want := bytes.Replace(tt.before, []byte(oldTarget), []byte(newTarget), 1)
			want = bytes.Replace(want, []byte(oldElement), []byte(tt.newElement), 1)
			got, err := Edit(tt.before, unicodeHeals)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("Edit =\n%s\nwant\n%s", got, want)
			}
			healed, err := sandy.Parse(got, "")
			if err != nil {
				t.Fatalf("the healed file does not validate: %v", err)
			}
			i := len(healed.Steps) - 1
			if healed.Steps[1].Step == 2 {
				i = 1
			}
			if p := healed.Steps[i].Params; p["target"] != unicodeHeals[0].NewTarget || p["element"] != unicodeHeals[0].NewElement {
				t.Errorf("healed step 2 params = %v", p)
			}
			// Every other value is the same.
			var a, b map[string]any
			_ = json.Unmarshal(bytes.TrimPrefix(tt.before, []byte("\xef\xbb\xbf")), &a)
			_ = json.Unmarshal(bytes.TrimPrefix(got, []byte("\xef\xbb\xbf")), &b)
			params := a["steps"].([]any)[i].(map[string]any)["params"].(map[string]any)
			params["target"], params["element"] = unicodeHeals[0].NewTarget, unicodeHeals[0].NewElement
			if !reflect.DeepEqual(a, b) {
				t.Errorf("the healed file reads as\n%v\nwant\n%v", b, a)
			}
		})
	}
}

// A step that has no element gets one, beside its target and indented as
// it.
func TestEditAddsAMissingElement(t *testing.T) {
	before := readTestdata(t, "no-element.json")
	got, err := Edit(before, unicodeHeals)
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Replace(before, []byte(oldTarget+"\n"), []byte(newTarget+",\n\t\t\t\t\"element\": "+newElementASCII+"\n"), 1)
	if !bytes.Equal(got, want) {
		t.Errorf("Edit =\n%s\nwant\n%s", got, want)
	}
}

// A heal that does not fit the file as it is now changes nothing.
func TestEditRefuses(t *testing.T) {
	hand := readTestdata(t, "hand.json")
	placeholder := bytes.Replace(hand, []byte(`product-blue-mug`), []byte(`{{MUG}}`), 1)
	tests := []struct {
		name  string
		data  []byte
		heals []report.Heal
		want  string
	}{
		{"a target edited since the run", hand, []report.Heal{{Step: 2, OldTarget: "#other", NewTarget: "#x"}}, "step 2: its target is"},
		{"a step the file does not have", hand, []report.Heal{{Step: 7, OldTarget: "#a", NewTarget: "#x"}}, "no step 7 to heal"},
		{"a target with a placeholder", placeholder, unicodeHeals, "step 2: its target is"},
		{"a file that no longer validates", []byte(`{"steps": []}`), unicodeHeals, "metadata.name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Edit(tt.data, tt.heals); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Edit: %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// A text that would read back as another scenario than the healed one is
// refused.
func TestSameScenario(t *testing.T) {
	hand := readTestdata(t, "hand.json")
	sc, err := sandy.Parse(hand, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := sameScenario(hand, sc); err != nil {
		t.Errorf("the same text: %v", err)
	}
	want, err := Apply(sc, unicodeHeals)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameScenario(hand, want); err == nil || !strings.Contains(err.Error(), "cannot be healed in place") {
		t.Errorf("the unhealed text taken for the healed scenario: %v", err)
	}
}

// The diff of a proposal for a file laid out unlike plaintest's output
// shows the healed lines only; accepted, the file is the proposal.
func TestWriteDiffShowsTheHealedLines(t *testing.T) {
	for _, name := range []string{"sandy.json", "hand.json"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), name)
			before := crlf(readTestdata(t, name))
			if err := os.WriteFile(file, before, 0o644); err != nil {
				t.Fatal(err)
			}
			p, err := Write(file, unicodeHeals, false)
			if err != nil {
				t.Fatal(err)
			}
			diff, _ := os.ReadFile(p.Diff)
			var minus, plus []string
			for _, l := range strings.Split(string(diff), "\n") {
				switch {
				case strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++"):
				case strings.HasPrefix(l, "-"):
					minus = append(minus, l)
				case strings.HasPrefix(l, "+"):
					plus = append(plus, l)
				}
			}
			if len(minus) != 2 || len(plus) != 2 || !strings.Contains(strings.Join(minus, ""), "product-blue-mug") ||
				!strings.Contains(strings.Join(plus, ""), "item-blue-mug") {
				t.Errorf("diff changes more than the target and element lines:\n%s", diff)
			}
			proposed, _ := os.ReadFile(p.Healed)
			if _, err := Write(file, unicodeHeals, true); err != nil {
				t.Fatal(err)
			}
			accepted, _ := os.ReadFile(file)
			if !bytes.Equal(accepted, proposed) || bytes.Equal(accepted, before) {
				t.Errorf("accepted file =\n%s\nwant the proposal\n%s", accepted, proposed)
			}
		})
	}
}

// BenchmarkEdit heals one step of a 2,000-step scenario (about 600 KB).
func BenchmarkEdit(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("{\n  \"version\": \"2.1\",\n  \"metadata\": {\"name\": \"big\", \"tags\": [\"x\"]},\n  \"steps\": [\n")
	for i := 1; i <= 2000; i++ {
		if i > 1 {
			sb.WriteString(",\n")
		}
		fmt.Fprintf(&sb, "    {\"step\": %d, \"tool\": \"mcp__playwright__browser_click\", \"timeout\": 10, \"params\": {\"element\": %s, \"target\": %s}}", i, oldElement, oldTarget)
	}
	sb.WriteString("\n  ]\n}\n")
	data := []byte(sb.String())
	heals := []report.Heal{unicodeHeals[0]}
	heals[0].Step = 1000
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Edit(data, heals); err != nil {
			b.Fatal(err)
		}
	}
}

// A step whose target holds placeholders heals in the file: the heal's
// targets are as the file writes them (replay records them so), and the
// proposal keeps the placeholders.
func TestWriteKeepsPlaceholders(t *testing.T) {
	src := strings.ReplaceAll(scenarioJSON, `product-blue-mug`, `product-{{PRODUCT}}-{{TOKEN}}`)
	file := filepath.Join(t.TempDir(), "vars.json")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := []report.Heal{{Step: 2, OldTarget: `internal:testid=[data-testid="product-{{PRODUCT}}-{{TOKEN}}"s] >> internal:role=button[name="Add to cart"i]`,
		NewTarget:  `internal:testid=[data-testid="item-{{PRODUCT}}-{{TOKEN}}"s] >> internal:role=button[name="Add to cart"i]`,
		NewElement: `button "Add to cart" in listitem "Blue Mug"`}}
	p, err := Write(file, h, false)
	if err != nil {
		t.Fatal(err)
	}
	healed, err := sandy.Load(p.Healed)
	if err != nil {
		t.Fatal(err)
	}
	if got := healed.Steps[1].Params["target"]; got != h[0].NewTarget {
		t.Errorf("healed target %v, want %s", got, h[0].NewTarget)
	}
}

// A box's setChecked keeps its target and element in its one field
// (commandgen.Lift): a heal edits them there, the field's name as the
// element, and adds nothing to its params (the server's schema takes
// none beside fields).
func TestEditHealsABoxInItsField(t *testing.T) {
	before := []byte(`{
  "version": "2.1",
  "metadata": {"name": "box"},
  "steps": [
    {
      "step": 2,
      "tool": "mcp__playwright__browser_fill_form",
      "params": {
        "fields": [{"name": "checkbox \"Terms\"", "type": "checkbox", "target": "#terms", "value": "true"}]
      }
    }
  ]
}
`)
	heals := []report.Heal{{Step: 2, OldTarget: "#terms", NewTarget: "#accept-terms", NewElement: `checkbox "Accept the terms"`}}
	got, err := Edit(before, heals)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer(`"#terms"`, `"#accept-terms"`, `checkbox \"Terms\"`, `checkbox \"Accept the terms\"`).Replace(string(before))
	if string(got) != want {
		t.Errorf("Edit =\n%s\nwant\n%s", got, want)
	}
	if _, err := Edit(before, []report.Heal{{Step: 2, OldTarget: "#other", NewTarget: "#x"}}); err == nil {
		t.Error("a heal of another target was applied")
	}
}
