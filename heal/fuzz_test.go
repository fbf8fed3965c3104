package heal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// FuzzEdit: a heal of any scenario text either is refused or gives a text
// that validates, whose healed step has the new target and element, and
// whose every other step and field reads as before (Apply).
func FuzzEdit(f *testing.F) {
	for _, name := range []string{"sandy.json", "hand.json", "no-element.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, 2, "#new \"q\" — ☕", `button "OK"`)
	}
	f.Add([]byte(scenarioJSON), 2, "text=x", "")
	f.Fuzz(func(t *testing.T, data []byte, step int, target, element string) {
		sc, err := sandy.Parse(data, "")
		if err != nil {
			return
		}
		h := report.Heal{Step: step, NewTarget: target, NewElement: element}
		for _, st := range sc.Steps {
			if st.Step == step {
				h.OldTarget, _ = st.Params["target"].(string)
			}
		}
		heals := []report.Heal{h}
		out, err := Edit(data, heals)
		if err != nil {
			return
		}
		want, err := Apply(sc, heals)
		if err != nil {
			t.Fatalf("Edit healed what Apply refuses: %v", err)
		}
		got, err := sandy.Parse(out, "")
		if err != nil {
			t.Fatalf("Edit(%q) = %q, which does not validate: %v", data, out, err)
		}
		a, _ := got.Marshal()
		b, _ := want.Marshal()
		if string(a) != string(b) {
			t.Fatalf("Edit(%q) = %q, which reads as\n%s\nwant\n%s", data, out, a, b)
		}
	})
}
