package commandgen

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestFromRecordRefuses: a record the table cannot build a check from is
// an error naming the field; a check call with no record is ErrNoRecord.
func TestFromRecordRefuses(t *testing.T) {
	for _, tt := range []struct {
		rec    sandy.Check
		target string
		want   string
	}{
		{sandy.Check{Kind: "texts", Value: "Saved"}, "", `check.kind: "texts" is no kind of check (text, gone, state`},
		{sandy.Check{Kind: "", Value: "Saved"}, "", `check.kind: "" is no kind of check`},
		{sandy.Check{Kind: "state", Value: "shiny"}, "#b", `unknown state "shiny"`},
		{sandy.Check{Kind: "count", Value: "three", Values: []string{"listitem"}}, "#l", `count "three" is not a number`},
		{sandy.Check{Kind: "count", Value: "3"}, "#l", `a count of 3 items of no role`},
		{sandy.Check{Kind: "order", Match: "nth:0", Values: []string{"A"}}, "", `an order check of item "nth:0"`},
		{sandy.Check{Kind: "visible", Negated: true}, "", `names no element and no role`},
	} {
		_, err := FromRecord(&tt.rec, tt.target)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("FromRecord(%+v) = %v, want an error saying %q", tt.rec, err, tt.want)
		}
	}
	c, err := Call(step.Step{Kind: step.AssertText, Value: "Saved"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadStep(sandy.Step{Params: c.Args}, c.Tool); !errors.Is(err, ErrNoRecord) {
		t.Errorf("ReadStep of a check with no record: %v, want ErrNoRecord", err)
	}
	if _, err := Read(c); !errors.Is(err, ErrNoRecord) {
		t.Errorf("Read of a check's call: %v, want ErrNoRecord", err)
	}
}

// FuzzFromRecord: any record gives a step Call can make a call of, whose
// record is the one read, or an error; never a panic.
func FuzzFromRecord(f *testing.F) {
	f.Add("text", "status", "Saved", "", "", "", false, "#s")
	f.Add("count", "list", "3", "listitem", "", "", false, "#l")
	f.Add("order", "", "", "A", "B", "nth:2", true, "")
	f.Add("state", "checkbox", "checked", "", "", "", true, "#c")
	f.Add("value", "slider", "30", "", "", "now", false, "#v")
	f.Add("url", "", "/done", "", "", "ends", true, "")
	f.Add("visible", "dialog", "Address", "dialog", "alertdialog", "", false, "")
	f.Fuzz(func(t *testing.T, kind, element, value, v1, v2, match string, negated bool, target string) {
		var values []string
		for _, v := range []string{v1, v2} {
			if v != "" {
				values = append(values, v)
			}
		}
		rec := &sandy.Check{Kind: kind, Element: element, Role: roleOf(element), Value: value, Values: values, Match: match, Negated: negated}
		s, err := FromRecord(rec, target)
		if err != nil {
			return
		}
		if _, err := Call(s, target); err != nil {
			return // the table's page function accepted it; Call may still refuse a target
		}
		if got := Record(s); !reflect.DeepEqual(got, rec) {
			t.Errorf("Record(FromRecord(%+v)) = %+v", rec, got)
		}
	})
}

// RememberedAsOutputs writes a remembered value as its remember step's
// output in a record's value, values and element, and leaves a variable
// (a name no remember step read into) as it is.
func TestRememberedAsOutputs(t *testing.T) {
	c := &sandy.Check{Kind: "text", Element: `paragraph "Order {{ORDER}}"`, Value: "Order {{ORDER}} for {{USER}}", Values: []string{"{{ORDER}}"}}
	RememberedAsOutputs(c, []string{"ORDER"})
	want := &sandy.Check{Kind: "text", Element: `paragraph "Order {{ORDER.value}}"`, Value: "Order {{ORDER.value}} for {{USER}}", Values: []string{"{{ORDER.value}}"}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v, want %+v", c, want)
	}
	RememberedAsOutputs(nil, []string{"ORDER"}) // no record: nothing to do
}
