package heal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

func TestSentence(t *testing.T) {
	id, _ := locator.ParseIdentity(`button "Add to cart" in article "Blue Mug"`)
	tb, _ := locator.ParseIdentity(`textbox "Email"`)
	tests := []struct {
		tool string
		id   locator.Identity
		want string
	}{
		{mcpclient.ToolClick, id, "click Add to cart for Blue Mug"},
		{mcpclient.ToolHover, id, "hover over Add to cart for Blue Mug"},
		{mcpclient.ToolType, tb, "type x into Email"},
		{mcpclient.ToolSelectOption, locator.Identity{Role: "combobox"}, "select x in the combobox"},
	}
	for _, tt := range tests {
		if got := Sentence(tt.tool, tt.id); got != tt.want {
			t.Errorf("Sentence(%s, %s) = %q, want %q", tt.tool, tt.id, got, tt.want)
		}
	}
}

const scenarioJSON = `{"version": "2.1", "metadata": {"name": "mug"}, "steps": [
  {"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "http://shop"}},
  {"step": 2, "tool": "mcp__playwright__browser_click", "description": "click Add to cart for Blue Mug",
   "params": {"element": "button \"Add to cart\" in article \"Blue Mug\"", "target": "internal:testid=[data-testid=\"product-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]"}}
]}`

func writeScenario(t *testing.T) (string, *sandy.Scenario) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "mug.json")
	sc, err := sandy.Parse([]byte(scenarioJSON), file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return file, sc
}

var heals = []report.Heal{{Step: 2, OldTarget: "internal:testid=[data-testid=\"product-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]",
	NewTarget:  "internal:testid=[data-testid=\"item-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]",
	NewElement: "button \"Add to cart\" in listitem \"Blue Mug\""}}

// A proposal is the whole scenario with the healed target and element, and
// a unified diff; the scenario is untouched unless accepted.
func TestWriteProposes(t *testing.T) {
	file, _ := writeScenario(t)
	before, _ := os.ReadFile(file)
	p, err := Write(file, heals, false)
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Errorf("the scenario changed without accept")
	}
	healed, err := sandy.Load(p.Healed)
	if err != nil {
		t.Fatal(err)
	}
	if got := healed.Steps[1].Params["target"]; got != heals[0].NewTarget || healed.Steps[1].Params["element"] != heals[0].NewElement {
		t.Errorf("healed step 2 = %v", healed.Steps[1].Params)
	}
	diff, _ := os.ReadFile(p.Diff)
	for _, want := range []string{"--- ", "+++ ", "@@", "-", "product-blue-mug", "+", "item-blue-mug"} {
		if !strings.Contains(string(diff), want) {
			t.Errorf("diff does not contain %q:\n%s", want, diff)
		}
	}
	minus, plus := 0, 0
	for _, l := range strings.Split(string(diff), "\n") {
		switch {
		case strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++"):
		case strings.HasPrefix(l, "-"):
			minus++
		case strings.HasPrefix(l, "+"):
			plus++
		}
	}
	if minus != 2 || plus != 2 {
		t.Errorf("diff changes more than the target and element lines:\n%s", diff)
	}
}

func TestWriteAccepts(t *testing.T) {
	file, _ := writeScenario(t)
	p, err := Write(file, heals, true)
	if err != nil {
		t.Fatal(err)
	}
	if p.Healed != file {
		t.Errorf("accepted proposal written to %s, want %s", p.Healed, file)
	}
	got, err := sandy.Load(file)
	if err != nil || got.Steps[1].Params["target"] != heals[0].NewTarget {
		t.Errorf("accepted scenario step 2 = %v (%v)", got.Steps[1].Params, err)
	}
	if _, err := os.Stat(strings.TrimSuffix(file, ".json") + ".healed.json"); err == nil {
		t.Errorf("accept also wrote a .healed.json")
	}
}

// A heal that does not match the scenario (another target at that step)
// is refused, and nothing is written.
func TestApplyRefusesAStaleHeal(t *testing.T) {
	_, sc := writeScenario(t)
	stale := []report.Heal{{Step: 2, OldTarget: "something else", NewTarget: "x"}}
	if _, err := Apply(sc, stale); err == nil || !strings.Contains(err.Error(), "step 2") {
		t.Errorf("err = %v, want one naming step 2", err)
	}
	if _, err := Apply(sc, []report.Heal{{Step: 9}}); err == nil {
		t.Errorf("a heal of a missing step was applied")
	}
}
