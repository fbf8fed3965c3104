package prompt

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseArguments(t *testing.T) {
	ok := []struct {
		in   string
		want IntermediateStep
	}{
		{`{"action_type":"input","target_ref":"e12","input_value":"{{PASSWORD}}","description":"type the password","is_ambiguous":false,"confidence_score":0.9}`,
			IntermediateStep{ActionType: "input", TargetRef: "e12", InputValue: "{{PASSWORD}}", Description: "type the password", ConfidenceScore: 0.9}},
		// What models write: a ref in brackets or as ref=, a number as the
		// value, the action type capitalised, unknown fields, nulls.
		{` {"action_type":"Click","target_ref":"[e7]","description":"","is_ambiguous":false,"confidence_score":1,"reasoning":"x","error":null} `,
			IntermediateStep{ActionType: "click", TargetRef: "e7", ConfidenceScore: 1}},
		{`{"action_type":"input","target_ref":"ref=e3","input_value":3,"description":"qty","is_ambiguous":true,"confidence_score":0}`,
			IntermediateStep{ActionType: "input", TargetRef: "e3", InputValue: "3", Description: "qty", IsAmbiguous: true}},
		{`{"action_type":"unknown","description":"no such page","is_ambiguous":false,"confidence_score":0.2,"error":"no login form"}`,
			IntermediateStep{ActionType: "unknown", Description: "no such page", ConfidenceScore: 0.2, Error: "no login form"}},
		// What small models leave out takes its default; a strict-mode
		// null is absent; the object may come encoded as a JSON string.
		{`{"action_type":"click","target_ref":"e7"}`,
			IntermediateStep{ActionType: "click", TargetRef: "e7", ConfidenceScore: DefaultConfidence}},
		{`{"action_type":"click","target_ref":"e7","description":null,"is_ambiguous":null,"confidence_score":null,"input_value":null,"error":null}`,
			IntermediateStep{ActionType: "click", TargetRef: "e7", ConfidenceScore: DefaultConfidence}},
		{`{"action_type":"input","target_ref":"e3","input_value":"x","confidence_score":0.6}`,
			IntermediateStep{ActionType: "input", TargetRef: "e3", InputValue: "x", ConfidenceScore: 0.6}},
		{`"{\"action_type\":\"done\",\"is_ambiguous\":false}"`,
			IntermediateStep{ActionType: "done", ConfidenceScore: DefaultConfidence}},
	}
	for _, c := range ok {
		got, err := ParseArguments(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseArguments(%s) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	bad := map[string]string{
		``:                       "not a JSON object",
		`[1]`:                    "not a JSON object",
		`null`:                   "not a JSON object",
		`{"action_type":"click"`: "not a JSON object",
		`{"description":"click it","is_ambiguous":false,"confidence_score":1}`: "action_type is missing",
		`{"action_type":null}`:        "action_type is missing",
		`"{\"action_type\":\"fly\"}"`: `action_type "fly" is not one of`,
		`"just text"`:                 "not a JSON object",
		`{"action_type":"click","description":"","is_ambiguous":false,"confidence_score":1} {}`:                    "more than one JSON value",
		`{"action_type":"fly","description":"","is_ambiguous":false,"confidence_score":1}`:                         `action_type "fly" is not one of navigate, click`,
		`{"action_type":"click","description":"","is_ambiguous":"no","confidence_score":1}`:                        `is_ambiguous: want true or false, got "\"no\""`,
		`{"action_type":"click","description":"","is_ambiguous":false,"confidence_score":"high"}`:                  `confidence_score: want a number from 0 to 1`,
		`{"action_type":"click","description":"","is_ambiguous":false,"confidence_score":1.5}`:                     "confidence_score 1.5 is not from 0 to 1",
		`{"action_type":"click","description":"","is_ambiguous":false,"confidence_score":-0.1}`:                    "is not from 0 to 1",
		`{"action_type":"input","description":"","is_ambiguous":false,"confidence_score":1,"input_value":{"a":1}}`: "input_value: want a string",
		`{"action_type":7,"description":"","is_ambiguous":false,"confidence_score":1}`:                             "action_type: want a string",
	}
	for in, want := range bad {
		_, err := ParseArguments(in)
		if !errors.Is(err, ErrArguments) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseArguments(%s) = %v, want an error saying %q", in, err, want)
		}
	}
}

// FuzzParseArguments: any text either parses into an answer that keeps to
// the contract (a known action type, a confidence from 0 to 1), which reads
// back the same once written as JSON, or fails with ErrArguments.
func FuzzParseArguments(f *testing.F) {
	for _, s := range []string{
		`{"action_type":"input","target_ref":"e12","input_value":"demo","description":"x","is_ambiguous":false,"confidence_score":0.9}`,
		`{"action_type":"done","description":"","is_ambiguous":false,"confidence_score":1}`,
		`{"action_type":"click","target_ref":"[e7]","description":"","is_ambiguous":true,"confidence_score":1e-3,"input_value":12.5}`,
		`{"action_type":"unknown","description":"","is_ambiguous":false,"confidence_score":0,"error":"\u0000"}`,
		`{"action_type":"click","target_ref":" [[ref=ref=e1] ","description":"","is_ambiguous":false,"confidence_score":1}`,
		`{}`, `[]`, `"x"`, `{"action_type":null}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		step, err := ParseArguments(in)
		if err != nil {
			if !errors.Is(err, ErrArguments) {
				t.Fatalf("error %v does not wrap ErrArguments", err)
			}
			return
		}
		if !slices.Contains(ActionTypes, step.ActionType) || step.ConfidenceScore < 0 || step.ConfidenceScore > 1 {
			t.Fatalf("accepted %+v", step)
		}
		out, err := json.Marshal(step)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseArguments(string(out))
		if err != nil || again != step {
			t.Fatalf("%s read back as %+v, %v; want %+v", out, again, err, step)
		}
	})
}
