package pagejs

import (
	"reflect"
	"strings"
	"testing"
)

func TestFunction(t *testing.T) {
	src := "// what it does\n// more\n(el) => {\n  return 1;\n}\n"
	if got, want := Function(src), "(el) => {\n  return 1;\n}"; got != want {
		t.Errorf("Function = %q, want %q", got, want)
	}
}

func TestConsts(t *testing.T) {
	src := `// header
// more

const a = x => x;
// between
const b = ((y) => { const z = 1;
  return y + z; })(el);

const c = 'it''s';
`
	got, err := Consts(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []Decl{{"a", "x => x"}, {"b", "((y) => { const z = 1; return y + z; })(el)"}, {"c", "'it''s'"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Consts = %q, want %q", got, want)
	}
	if s := got[1].Source(); s != "const b = ((y) => { const z = 1; return y + z; })(el);" {
		t.Errorf("Source = %q", s)
	}
	if v, ok := Lookup(got, "c"); !ok || v != "'it''s'" {
		t.Errorf("Lookup c = %q, %v", v, ok)
	}
}

func TestConstsErrors(t *testing.T) {
	for _, src := range []string{
		"  indented first",
		"let a = 1;",
		"const a = 1",
		"const = 1;",
		"const a b = 1;",
		"const a = 1;\n\n  stray",
	} {
		if _, err := Consts(src); err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("Consts(%q) error = %v, want one naming the line", src, err)
		}
	}
}

// FuzzConsts: any input gives declarations or an error, never a panic,
// and every declaration it gives reads back the same.
func FuzzConsts(f *testing.F) {
	f.Add("// c\nconst a = 1;\nconst b = (x\n  + 1);\n")
	f.Add("const a = 1")
	f.Fuzz(func(t *testing.T, src string) {
		ds, err := Consts(src)
		if err != nil {
			return
		}
		for _, d := range ds {
			again, err := Consts(d.Source())
			if err != nil || len(again) != 1 || again[0] != d {
				t.Errorf("%q reads back as %q, %v", d.Source(), again, err)
			}
		}
	})
}
