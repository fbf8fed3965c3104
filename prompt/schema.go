package prompt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// FunctionName is the name of the one function a model answers through.
const FunctionName = "intermediate_step"

// The action types an answer may give: the fixed set of the function
// contract, in the order the schema lists them.
var ActionTypes = []string{"navigate", "click", "input", "select", "check", "uncheck", "press", "hover", "assert", "done", "unknown"}

// ContractVersion names the version of the function contract and the
// templates: it changes whenever what a model is asked, or how its answer
// is read, changes, so that an answer kept for one version is never
// reused by another (the translator's cache keys hold it).
const ContractVersion = 2

// Function is a function a model may call: its name, what it is for, and
// the JSON Schema of its arguments.
type Function struct {
	Name        string
	Description string
	Parameters  json.RawMessage
	// StrictParameters is the same contract in the form OpenAI's strict
	// function mode accepts: every argument listed as required, the
	// optional ones nullable, and no keyword that mode refuses
	// (minimum, maximum). A server that enforces it answers only
	// arguments that fit; ParseArguments reads a null as absent.
	StrictParameters json.RawMessage
}

// IntermediateStepFunction is intermediate_step, the function contract of
// the technical specification's IntermediateStep. It is fixed: other tools
// speak it too.
func IntermediateStepFunction() Function {
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"action_type": map[string]any{"type": "string", "enum": ActionTypes,
				"description": "what the step does; done when the action is complete, unknown when it cannot be done"},
			"target_ref":  str("the ref of the element acted on or checked, from the page shown (e12); empty when none"),
			"input_value": str("the text to type, the option to select, the key to press, the URL to open or the text that must be visible; {{NAME}} for a placeholder"),
			"description": str("what the step does, in a few words"),
			"is_ambiguous": map[string]any{"type": "boolean",
				"description": "true when several elements fit the step equally and the action does not say which"},
			"confidence_score": map[string]any{"type": "number", "minimum": 0, "maximum": 1,
				"description": "how sure you are that the step is right, from 0 to 1"},
			"error": str("why the action cannot be done (with unknown)"),
		},
		"required":             required,
		"additionalProperties": false,
	}
	params, _ := json.Marshal(schema) // maps of strings, numbers and slices: cannot fail
	props := schema["properties"].(map[string]any)
	strict := map[string]any{}
	for name, p := range props {
		q := map[string]any{}
		for k, v := range p.(map[string]any) {
			if k != "minimum" && k != "maximum" {
				q[k] = v
			}
		}
		if !slices.Contains(required, name) {
			q["type"] = []string{q["type"].(string), "null"}
		}
		strict[name] = q
	}
	names := slices.Sorted(maps.Keys(props))
	strictParams, _ := json.Marshal(map[string]any{"type": "object", "properties": strict, "required": names, "additionalProperties": false})
	return Function{
		Name:             FunctionName,
		Description:      "Answer the next browser step of the action, on the page shown.",
		Parameters:       params,
		StrictParameters: strictParams,
	}
}

// required are the arguments the schema asks for. Only action_type must be
// there for an answer to be read: small models often leave the others out,
// and those take their defaults (see ParseArguments).
var required = []string{"action_type", "description", "is_ambiguous", "confidence_score"}

// DefaultConfidence is the confidence_score of an answer that gives none:
// a model that does not say how sure it is is taken at its word, as a
// server that cannot send the field would otherwise fail every step. Its
// answer is still held to the page like any other.
const DefaultConfidence = 1.0

// IntermediateStep is a model's answer: the arguments of intermediate_step.
type IntermediateStep struct {
	ActionType      string  `json:"action_type"`
	TargetRef       string  `json:"target_ref,omitempty"`
	InputValue      string  `json:"input_value,omitempty"`
	Description     string  `json:"description"`
	IsAmbiguous     bool    `json:"is_ambiguous"`
	ConfidenceScore float64 `json:"confidence_score"`
	Error           string  `json:"error,omitempty"`
}

// ErrArguments is wrapped by every error of ParseArguments.
var ErrArguments = errors.New("invalid intermediate_step arguments")

// ParseArguments reads the arguments a model sent with its call of
// intermediate_step: one JSON object with action_type, one of ActionTypes;
// every argument given of its type; confidence_score from 0 to 1.
// Arguments it does not know are ignored. It forgives what models commonly
// write: a missing or null description, is_ambiguous or confidence_score
// (read as "", false and DefaultConfidence), the object sent as a JSON
// string holding it, a target_ref in brackets or as "ref=e12", and an
// input_value that is a number or a boolean (read as its JSON text). An
// error names the argument and wraps ErrArguments.
func ParseArguments(data string) (IntermediateStep, error) {
	step := IntermediateStep{ConfidenceScore: DefaultConfidence}
	var inner string
	if json.Unmarshal([]byte(data), &inner) == nil {
		data = inner // {"arguments": "\"{...}\""}: encoded twice
	}
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(strings.NewReader(data))
	if err := dec.Decode(&fields); err != nil {
		return step, fmt.Errorf("%w: not a JSON object: %v", ErrArguments, err)
	}
	if fields == nil {
		return step, fmt.Errorf("%w: not a JSON object", ErrArguments)
	}
	if _, err := dec.Token(); err == nil {
		return step, fmt.Errorf("%w: more than one JSON value", ErrArguments)
	}
	if raw, ok := fields["action_type"]; !ok || bytes.Equal(raw, []byte("null")) {
		return step, fmt.Errorf("%w: action_type is missing", ErrArguments)
	}
	var errs []error
	get := func(name string, into any, want string) {
		raw, ok := fields[name]
		if !ok || bytes.Equal(raw, []byte("null")) {
			return
		}
		if err := json.Unmarshal(raw, into); err != nil {
			errs = append(errs, fmt.Errorf("%s: want %s, got %s", name, want, excerpt(raw)))
		}
	}
	get("action_type", &step.ActionType, "a string")
	get("target_ref", &step.TargetRef, "a string")
	get("description", &step.Description, "a string")
	get("is_ambiguous", &step.IsAmbiguous, "true or false")
	get("confidence_score", &step.ConfidenceScore, "a number from 0 to 1")
	get("error", &step.Error, "a string")
	if raw, ok := fields["input_value"]; ok {
		var s string
		switch {
		case json.Unmarshal(raw, &s) == nil:
			step.InputValue = s
		case bytes.Equal(raw, []byte("null")):
		case isScalar(raw):
			step.InputValue = string(bytes.TrimSpace(raw))
		default:
			errs = append(errs, fmt.Errorf("input_value: want a string, got %s", excerpt(raw)))
		}
	}
	if len(errs) > 0 {
		return step, fmt.Errorf("%w: %w", ErrArguments, errors.Join(errs...))
	}
	step.ActionType = strings.ToLower(strings.TrimSpace(step.ActionType))
	if !slices.Contains(ActionTypes, step.ActionType) {
		return step, fmt.Errorf("%w: action_type %q is not one of %s", ErrArguments, step.ActionType, strings.Join(ActionTypes, ", "))
	}
	if math.IsNaN(step.ConfidenceScore) || step.ConfidenceScore < 0 || step.ConfidenceScore > 1 {
		return step, fmt.Errorf("%w: confidence_score %v is not from 0 to 1", ErrArguments, step.ConfidenceScore)
	}
	step.TargetRef = cleanRef(step.TargetRef)
	return step, nil
}

// cleanRef reads "[e12]", "ref=e12" and " e12 " as e12.
func cleanRef(s string) string {
	for {
		t := strings.TrimSpace(s)
		t = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
		t = strings.TrimPrefix(strings.TrimSpace(t), "ref=")
		if t == s {
			return s
		}
		s = t
	}
}

// isScalar reports whether raw is a JSON number or boolean.
func isScalar(raw json.RawMessage) bool {
	t := string(bytes.TrimSpace(raw))
	if t == "true" || t == "false" {
		return true
	}
	_, err := strconv.ParseFloat(t, 64)
	return err == nil
}

// excerpt quotes up to 40 bytes of raw for an error message.
func excerpt(raw json.RawMessage) string {
	s := string(raw)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}
