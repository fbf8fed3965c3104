package commandgen

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/sandy"
)

// kindSamples are a check of each kind, as a record and its target ("" for
// a check of the page).
var kindSamples = map[string]struct {
	rec    sandy.Check
	target string
}{
	"text":    {sandy.Check{Kind: "text", Element: "the status", Role: "status", Value: "Saved"}, "#status"},
	"gone":    {sandy.Check{Kind: "gone", Value: "Error"}, ""},
	"state":   {sandy.Check{Kind: "state", Element: `checkbox "Gift wrap"`, Role: "checkbox", Value: "checked"}, "#gift"},
	"value":   {sandy.Check{Kind: "value", Element: `textbox "Email"`, Role: "textbox", Value: "ada@example.com", Match: "equals"}, "#email"},
	"count":   {sandy.Check{Kind: "count", Element: `list "Cart"`, Role: "list", Value: "2", Values: []string{"listitem"}}, "#cart"},
	"url":     {sandy.Check{Kind: "url", Value: "/cart", Match: "contains"}, ""},
	"title":   {sandy.Check{Kind: "title", Value: "Cart", Match: "equals"}, ""},
	"order":   {sandy.Check{Kind: "order", Element: `list "Groceries"`, Role: "list", Values: []string{"Milk", "Bread"}, Match: "sequence"}, "#groceries"},
	"visible": {sandy.Check{Kind: "visible", Element: `dialog "Cart"`, Value: "Cart", Values: []string{"dialog"}}, ""},
	"colour":  {sandy.Check{Kind: "colour", Element: `status "Status"`, Role: "status", Value: "red"}, "#badge"},
}

// TestKindsTable lists, for each kind of check, its three faces from its
// one entry of the table: its condition in the page, its Playwright
// assertion and the mutations plaintest prove breaks it with. Adding a
// kind is one entry of the table and one sample here.
func TestKindsTable(t *testing.T) {
	var b strings.Builder
	for _, e := range checkKinds {
		sample, ok := kindSamples[e.name]
		if !ok {
			t.Errorf("kind %q has no sample in kindSamples", e.name)
			continue
		}
		if len(e.mutations) == 0 {
			t.Errorf("kind %q has no mutation: plaintest prove cannot show it can fail", e.name)
		}
		s, err := FromRecord(&sample.rec, sample.target)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		what := s.Element
		if what == "" {
			what = "the page"
		}
		why, element, err := e.page(s, what, sample.target != "")
		if err != nil {
			t.Fatalf("%s: page: %v", e.name, err)
		}
		a, err := e.spec(s, sample.target != "")
		if err != nil {
			t.Fatalf("%s: spec: %v", e.name, err)
		}
		rec, _ := json.Marshal(sample.rec)
		fmt.Fprintf(&b, "== %s\nrecord: %s on %q\ndescribes: %s\npage: %s\nassertion: %s\nmutations: %s\n\n",
			e.name, rec, sample.target, element, why, assertionText(a), strings.Join(e.mutations, ", "))
	}
	golden.CheckString(t, "testdata/kinds.golden", b.String())
}

func TestMutationsByRecordName(t *testing.T) {
	got, ok := Mutations("count")
	if !ok || strings.Join(got, ", ") != "item removed, item added" {
		t.Errorf("Mutations(count) = %q, %v; want item removed, item added", got, ok)
	}
	if _, ok := Mutations("nonsense"); ok {
		t.Error("Mutations(nonsense) found a kind")
	}
}

func TestCheckHelpersDeclareWhatCodeCallsInOrder(t *testing.T) {
	got := CheckHelpers("items(el, ['row'])")
	for _, name := range []string{"norm", "says", "vis", "role", "items"} {
		if name == "norm" || name == "says" {
			if strings.Contains(got, "const "+name+" =") {
				t.Errorf("CheckHelpers(items) declares %s, which items does not call", name)
			}
			continue
		}
		if !strings.Contains(got, "const "+name+" =") {
			t.Errorf("CheckHelpers(items) does not declare %s", name)
		}
	}
	if strings.Index(got, "const role =") > strings.Index(got, "const items =") {
		t.Error("role is declared after items, which calls it")
	}
	if CheckHelpers("1 + 1") != "" {
		t.Error("CheckHelpers of code that calls no helper is not empty")
	}
}

// assertionText is a in short: expect(subject).matcher(args), a polled
// read as expect.poll(read(subject)).
func assertionText(a Assertion) string {
	on := map[SubjectWhat]string{SubjectTarget: "target", SubjectTargetOrBody: "target or body", SubjectPage: "page"}[a.On.What]
	if a.On.What == SubjectText {
		on = fmt.Sprintf("text says %q", a.On.Name)
		if a.On.In {
			on += " in target or page"
		}
	}
	if a.On.What == SubjectRoles {
		on = "roles " + strings.Join(a.On.Roles, "|")
		if a.On.In {
			on += " in target"
		}
		if a.On.Name != "" {
			on += fmt.Sprintf(" named %q", a.On.Name)
		}
		if a.On.NoHeaderRows {
			on += ", header rows out"
		}
	}
	head := "expect(" + on + ")"
	if a.Read != "" {
		head = "expect.poll(" + a.Read + "(" + on + "))"
		if a.ReadArg != "" {
			head = fmt.Sprintf("expect.poll(%s(%s, %q))", a.Read, on, a.ReadArg)
		}
	}
	not := ""
	if a.Negated {
		not = "not."
	}
	return fmt.Sprintf("%s.%s%s(%s)", head, not, a.Matcher, argsText(a.Args))
}

func argsText(args []Arg) string {
	kinds := []string{"says", "raw", "string", "object", "value pattern", "norm matching", "page pattern", "order"}
	var out []string
	for _, g := range args {
		var v string
		switch g.Kind {
		case ArgRaw:
			v = g.Text
		case ArgObject:
			var props []string
			for _, p := range g.Props {
				props = append(props, p.Key+": "+argsText([]Arg{p.Val}))
			}
			v = "{" + strings.Join(props, ", ") + "}"
		case ArgOrder:
			v = fmt.Sprintf("order %q %s", g.Step.Values, g.Step.Match)
		default:
			v = fmt.Sprintf("%s %q", kinds[g.Kind], g.Text)
			if g.Match != "" {
				v += " " + g.Match
			}
		}
		out = append(out, v)
	}
	return strings.Join(out, ", ")
}
