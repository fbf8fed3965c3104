package mcpclient

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func tool(name string, props map[string]string, required []any, closed bool) Tool {
	p := map[string]any{}
	for k, typ := range props {
		p[k] = map[string]any{"type": typ, "description": "about " + k}
	}
	s := map[string]any{"type": "object", "properties": p, "required": required}
	if closed {
		s["additionalProperties"] = false
	}
	return Tool{Name: name, InputSchema: s}
}

var (
	clickNew = tool("browser_click", map[string]string{"target": "string", "element": "string", "doubleClick": "boolean"}, []any{"target"}, true)
	clickOld = tool("browser_click", map[string]string{"ref": "string", "element": "string"}, []any{"ref", "element"}, true)
	navigate = tool("browser_navigate", map[string]string{"url": "string"}, []any{"url"}, true)
)

func TestFingerprint(t *testing.T) {
	a := Fingerprint(Schemas([]Tool{clickNew, navigate}), []string{"browser_navigate", "browser_click", "browser_click"})
	if !strings.HasPrefix(a, "sha256:") || len(a) != len("sha256:")+16 {
		t.Errorf("fingerprint %q", a)
	}
	// Order and descriptions do not matter; the tools not named do not either.
	other := navigate
	other.Description = "changed"
	extra := tool("browser_tabs", map[string]string{"action": "string"}, nil, true)
	if b := Fingerprint(Schemas([]Tool{extra, other, clickNew}), []string{"browser_click", "browser_navigate"}); b != a {
		t.Errorf("same shapes, other fingerprint: %s, %s", a, b)
	}
	// An argument renamed does.
	if b := Fingerprint(Schemas([]Tool{clickOld, navigate}), []string{"browser_click", "browser_navigate"}); b == a {
		t.Error("a renamed argument kept the fingerprint")
	}
	if b := Fingerprint(Schemas([]Tool{navigate}), []string{"browser_click", "browser_navigate"}); b == a {
		t.Error("a missing tool kept the fingerprint")
	}
}

func TestMigrateArgs(t *testing.T) {
	for _, c := range []struct {
		schema  Tool
		args    map[string]any
		want    map[string]any
		changes []string
	}{
		{clickNew, map[string]any{"ref": "#a", "element": "A"}, map[string]any{"target": "#a", "element": "A"}, []string{"ref -> target"}},
		{clickNew, map[string]any{"selector": "#a"}, map[string]any{"target": "#a"}, []string{"selector -> target"}},
		{clickOld, map[string]any{"target": "#a", "element": "A"}, map[string]any{"ref": "#a", "element": "A"}, []string{"target -> ref"}},
		{clickNew, map[string]any{"target": "#a"}, map[string]any{"target": "#a"}, nil},
		// A schema with no properties says nothing: nothing is renamed.
		{Tool{Name: "browser_click"}, map[string]any{"ref": "#a"}, map[string]any{"ref": "#a"}, nil},
	} {
		in := map[string]any{}
		for k, v := range c.args {
			in[k] = v
		}
		got, changes := MigrateArgs(SchemaOf(c.schema), in)
		if !reflect.DeepEqual(got, c.want) || !reflect.DeepEqual(changes, c.changes) {
			t.Errorf("MigrateArgs(%v) = %v %v, want %v %v", c.args, got, changes, c.want, c.changes)
		}
		if !reflect.DeepEqual(in, c.args) {
			t.Errorf("MigrateArgs changed its input: %v", in)
		}
	}
}

func TestMisfits(t *testing.T) {
	got := Misfits(SchemaOf(clickNew), map[string]any{"target": "#a", "frobnicate": true})
	if len(got) != 1 || !strings.Contains(got[0], "frobnicate: no such argument (browser_click takes doubleClick, element, target)") {
		t.Errorf("Misfits = %q", got)
	}
	if got := Misfits(SchemaOf(clickNew), map[string]any{"target": "#a"}); len(got) != 0 {
		t.Errorf("Misfits of fitting args = %q", got)
	}
}

// FuzzSchema: any tools/list input schema and any call arguments are read
// without a panic, and a migration never loses an argument's value.
func FuzzSchema(f *testing.F) {
	f.Add(`{"type":"object","properties":{"target":{"type":"string"}},"required":["target"],"additionalProperties":false}`, `{"ref":"e1","x":2}`)
	f.Add(`{"properties":{"ref":{"type":1}},"required":[3,"ref"]}`, `{"target":"#a","selector":"#b"}`)
	f.Add(`{"properties":[],"additionalProperties":"no"}`, `{}`)
	f.Fuzz(func(t *testing.T, schema, args string) {
		var s map[string]any
		var a map[string]any
		if json.Unmarshal([]byte(schema), &s) != nil || json.Unmarshal([]byte(args), &a) != nil {
			return
		}
		ts := SchemaOf(Tool{Name: "t", InputSchema: s})
		Fingerprint([]ToolSchema{ts}, []string{"t", "u"})
		out, changes := MigrateArgs(ts, a)
		if len(out) != len(a) {
			t.Fatalf("MigrateArgs(%v) = %v: arguments lost", a, out)
		}
		if len(changes) == 0 && !reflect.DeepEqual(out, a) {
			t.Fatalf("MigrateArgs changed %v to %v and reported nothing", a, out)
		}
		Misfits(ts, out)
	})
}
