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
const d = (el) => {
  return el;
};
`
	got, err := Consts(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []Decl{{"a", "x => x"}, {"b", "((y) => { const z = 1; return y + z; })(el)"}, {"c", "'it''s'"}, {"d", "(el) => { return el; }"}}
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
		"};",
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

// TestLibraryHelpers: shadow.js and aria.js are in the shape Consts
// reads, and every helper the package doc names is there, shadow.js's
// first.
func TestLibraryHelpers(t *testing.T) {
	var names []string
	for _, d := range Library() {
		names = append(names, d.Name)
	}
	if got, want := strings.Join(names, " "), "deepAll deepText deepKids deepUp deepById deepFocus deepPath role ariaLabel name nameDeep vis items itemsDeep"; got != want {
		t.Errorf("the library declares %q, want %q", got, want)
	}
}

// TestNeeds: the helpers code calls, and those they call, in file order;
// a name not followed by "(" does not count.
func TestNeeds(t *testing.T) {
	names := func(ds []Decl) string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Name)
		}
		return strings.Join(out, " ")
	}
	for code, want := range map[string]string{
		"deepPath(el)":                    "deepPath",
		"deepFocus() === el || deepAll":   "deepFocus",
		"norm(deepText(el)) + deepUp(e)":  "deepText deepUp",
		"const deepTextual = 1":           "",
		"cname(e) + o.name(x) + $role(y)": "",
		"itemsDeep(el, ['row'])":          "deepAll role vis items itemsDeep",
		"nameDeep(e)":                     "deepText deepById role ariaLabel name nameDeep",
		"name(e)":                         "role ariaLabel name",
	} {
		if got := names(Needs(code)); got != want {
			t.Errorf("Needs(%q) = %q, want %q", code, got, want)
		}
	}
}

// TestFunctionHelpers: a function file that calls a helper has it
// declared at the start of its body; one that calls none is as written.
func TestFunctionHelpers(t *testing.T) {
	got := Function("// doc\n(el) => {\n  return deepUp(el);\n}\n")
	want := "(el) => { " + declOf(t, "deepUp") + "\n  return deepUp(el);\n}"
	if got != want {
		t.Errorf("Function = %q, want %q", got, want)
	}
	if got := Function("(el) => el.id"); got != "(el) => el.id" {
		t.Errorf("Function of an expression body = %q", got)
	}
}

func declOf(t *testing.T, name string) string {
	t.Helper()
	for _, d := range Library() {
		if d.Name == name {
			return d.Source()
		}
	}
	t.Fatalf("no helper %s", name)
	return ""
}
