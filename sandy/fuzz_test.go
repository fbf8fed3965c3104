package sandy

import (
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, file := range []string{"testdata/full.json", "testdata/schema_example.json", "testdata/v1.1.json", "testdata/invalid/many.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"metadata":{"name":"x"},"steps":[{"step":1,"action":"scroll","params":{"direction":"up"}}]}`))
	f.Add([]byte(`{"steps":[{"step":"1"}]}`))
	f.Add([]byte(`[`))
	f.Add([]byte("{\"metadata\":{\"name\":\"x\xff\"},\"steps\":[{\"step\":1,\"tool\":\"sandy__log\",\"params\":{}}]}"))
	f.Add([]byte(`{"metadata":{"name":"x"},"steps":[{"step":2,"tool":"sandy__log","params":{}},{"step":1,"tool":"sandy__log","params":{"m":"{{X}}"}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data, "fuzz.json")
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v does not wrap ErrInvalid", err)
			}
			var de *DecodeError
			var ve *ValidationError
			switch {
			case errors.As(err, &de):
				if de.Line < 1 || de.Col < 1 {
					t.Fatalf("bad position in %v", err)
				}
				if !strings.HasPrefix(strings.TrimLeft(de.Excerpt, " "), strconv.Itoa(de.Line)+" | ") || !strings.HasSuffix(de.Excerpt, "^") {
					t.Fatalf("excerpt of %v is not line %d with a caret:\n%s", err, de.Line, de.Excerpt)
				}
			case errors.As(err, &ve):
				if len(ve.Problems) == 0 {
					t.Fatal("a ValidationError with no problems")
				}
				for _, p := range ve.Problems {
					if line, col, excerpt := Locate(data, p.Path); line < 1 || col < 1 || !strings.HasSuffix(excerpt, "^") {
						t.Fatalf("Locate(%s) = %d:%d\n%s", p.Path, line, col, excerpt)
					}
				}
			default:
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		for _, p := range s.UndefinedVars() {
			if !strings.HasPrefix(p.Path, "steps[") || !strings.Contains(p.Msg, "is not defined") {
				t.Fatalf("UndefinedVars problem %v: want one about a step's placeholder", p)
			}
		}
		out, err := s.Marshal()
		if err != nil {
			t.Fatalf("Marshal of a valid scenario: %v", err)
		}
		back, err := Parse(out, "marshalled.json")
		if err != nil {
			t.Fatalf("Parse(Marshal(s)): %v\n%s", err, out)
		}
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("round trip differs:\n got %#v\nwant %#v", back, s)
		}
	})
}

func FuzzSubstitute(f *testing.F) {
	for _, s := range []string{"{{X}}", "a {{X}} b", "{{create.n}}", `\{{X}}`, "{{ X }}", "{{", "}}{{", "{{{{X}}}}", "{{a b}}", "{{x.0.y}}", "{{X}}{{NOPE}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tmpl string) {
		// With no variables, success means there was no placeholder: the
		// text comes back with only its escapes removed.
		got, err := NewVars(nil).Substitute(tmpl)
		if err == nil {
			if want := strings.ReplaceAll(tmpl, `\{{`, "{{"); got != want {
				t.Fatalf("Substitute(%q) with no variables = %q, want %q", tmpl, got, want)
			}
		} else {
			var ue *UnresolvedError
			if !errors.As(err, &ue) || !validRef(ue.Name) || !strings.Contains(tmpl, ue.Name) {
				t.Fatalf("Substitute(%q) error %v: want an UnresolvedError naming a placeholder of the input", tmpl, err)
			}
		}
		// With values, nothing panics and an unknown name is always an error.
		v := NewVars(map[string]any{"X": "x", "N": 1.5, "O": map[string]any{"k": []any{1.0}}})
		v.SetOutput("create", map[string]any{"n": 7.0, "o": map[string]any{"a": "b"}})
		res, err := v.Substitute(map[string]any{"k": []any{tmpl}})
		if err == nil && res == nil {
			t.Fatal("nil result without an error")
		}
	})
}

func FuzzEvalCondition(f *testing.F) {
	for _, s := range []string{"", "a == b", `"a" != 'b'`, `"x\"y" == z`, "a == b == c", `"open`, " != \"\"", "a === b", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		got, err := EvalCondition(expr)
		if err != nil {
			if !errors.Is(err, ErrCondition) {
				t.Fatalf("EvalCondition(%q) error %v does not wrap ErrCondition", expr, err)
			}
			return
		}
		c, _ := parseCondition(expr)
		swapped := condition{left: c.right, right: c.left, op: c.op}
		if (c.op == "==" || c.op == "!=") && swapped.eval() != got { // one operand alone has none to swap
			t.Fatalf("EvalCondition(%q) = %v, but not with the operands swapped", expr, got)
		}
		if !strings.Contains(expr, "{{") {
			vgot, verr := NewVars(nil).EvalCondition(expr)
			if verr != nil || vgot != got {
				t.Fatalf("Vars.EvalCondition(%q) = %v, %v; EvalCondition = %v", expr, vgot, verr, got)
			}
		}
	})
}

func FuzzLoadDotenv(f *testing.F) {
	for _, s := range []string{"A=1\n# c\nexport B='x'\nC=\"a\\nb\"\n", "A", "A=\"", "A='x' y", "\xef\xbb\xbfA=1\r\n", "A=b #c", "A=d\xe9mo"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := ParseDotenv(data, "fuzz.env")
		if err != nil {
			var de *DotenvError
			if !errors.As(err, &de) || de.Line < 1 {
				t.Fatalf("error %v: want a *DotenvError with a line", err)
			}
			return
		}
		// Writing every value double-quoted and reading it back gives the same map.
		var b strings.Builder
		esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`)
		for k, v := range env {
			b.WriteString(k + `="` + esc.Replace(v) + "\"\n")
		}
		back, err := ParseDotenv([]byte(b.String()), "back.env")
		if err != nil {
			t.Fatalf("reparse: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(back, env) {
			t.Fatalf("reparse = %q, want %q", back, env)
		}
	})
}

func FuzzJSONPath(f *testing.F) {
	for _, s := range []string{"$", "$.a", "$.data.name", "$.items[0]", "$.items[*].id", "$..id", "$[?(@.a > 1)]", "$['a b']", "$.items[-1:]", "$[", "a.b"} {
		f.Add(s)
	}
	doc := map[string]any{"a": 1.0, "items": []any{map[string]any{"id": "x"}, 2.0}, "data": map[string]any{"name": "n"}}
	f.Fuzz(func(t *testing.T, path string) {
		x, err := CompileJSONPath(path)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("CompileJSONPath(%q) error %v does not wrap ErrInvalid", path, err)
			}
			return
		}
		if !strings.HasPrefix(path, "$") {
			t.Fatalf("CompileJSONPath(%q) accepted a path without $", path)
		}
		_ = x.Get(doc) // what the replay player does with it: must not panic
	})
}
