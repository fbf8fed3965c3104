// Package chungoid writes and checks Chungoid execution-DSL flows: a flow
// is a start_stage and a map of stages, each an agent_id with its inputs,
// the stage to go to next and the one to go to on error.
//
// FromScenario takes a Sandy v2.1 scenario (a compile's export, or a file)
// and gives a Flow: one stage per step, named from the step (open_login,
// type_password, assert_cart_1_item), its agent the MCP tool
// (mcp.playwright.browser_click) and its inputs the tool's params, each
// stage's next the following one, every on_error the final report_failure
// stage. A check's condition is also a success criterion, under extra,
// where the schema's strict rules (additionalProperties: false) allow it.
// Marshal writes a flow as YAML or JSON.
//
// Validate checks a flow file against the schema file's rules (REFERENCE
// §7) and what the schema leaves out: that start_stage, every next and
// every on_error name a stage that exists, and that every stage can be
// reached from start_stage. It reports every problem with its path, line
// and column.
package chungoid

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/sandy"
)

// Flow is an execution-DSL flow. Its fields are the only ones the schema
// allows at the top level.
type Flow struct {
	Name        string `json:"name,omitempty" yaml:"name,omitempty"`
	Description string `json:"description,omitempty" yaml:"description,omitempty"`
	Version     string `json:"version,omitempty" yaml:"version,omitempty"`
	StartStage  string `json:"start_stage" yaml:"start_stage"`
	// Stages are the stages in order; they are written as a map, in this
	// order.
	Stages []Stage `json:"-" yaml:"-"`
}

// Stage is one stage of a flow. Next and OnError name stages; "" is null.
type Stage struct {
	Name    string         `json:"-" yaml:"-"`
	AgentID string         `json:"agent_id" yaml:"agent_id"`
	Inputs  map[string]any `json:"inputs,omitempty" yaml:"inputs,omitempty"`
	Next    any            `json:"next" yaml:"next"` // nil, a stage's name (string) or a *Branch
	OnError *string        `json:"on_error" yaml:"on_error"`
	Extra   map[string]any `json:"extra,omitempty" yaml:"extra,omitempty"`
}

// Branch is a next that depends on a condition: the stage named True
// when it holds, else False. A Sandy step made only when its condition
// holds is the True of its previous stage's branch.
type Branch struct {
	Condition string `json:"condition" yaml:"condition"`
	True      string `json:"true" yaml:"true"`
	False     string `json:"false" yaml:"false"`
}

// ReportFailure is the name of the final stage every on_error leads to.
const ReportFailure = "report_failure"

// Version is the version a flow is written with.
const Version = "1.0"

// AgentID is the agent of a Sandy tool: mcp__playwright__browser_click
// is mcp.playwright.browser_click; a Sandy built-in (sandy__wait) is
// sandy.wait.
func AgentID(tool string) string {
	server, name, builtin, err := sandy.SplitTool(tool)
	if err != nil {
		return strings.ReplaceAll(tool, "__", ".")
	}
	if builtin {
		return "sandy." + name
	}
	return "mcp." + server + "." + name
}

// FromScenario returns the flow of sc.
func FromScenario(sc *sandy.Scenario) *Flow {
	f := &Flow{Name: sc.Metadata.Name, Version: Version, Description: describe(sc)}
	used := map[string]bool{ReportFailure: true}
	for _, st := range sc.Steps {
		name := unique(StageName(st), used)
		stage := Stage{Name: name, AgentID: AgentID(st.Tool), Inputs: copyParams(st.Params), OnError: ptr(ReportFailure)}
		stage.Extra = map[string]any{"step": st.Step}
		if st.Description != "" {
			stage.Extra["action"] = sandy.Action(st.Description)
		}
		if c := criterion(st); c != "" {
			stage.Extra["success_criteria"] = []any{c}
		}
		if n := len(f.Stages); n > 0 {
			f.Stages[n-1].Next = name
		}
		f.Stages = append(f.Stages, stage)
	}
	// A step made only when its condition holds: its previous stage
	// branches to it, or past it.
	for i, st := range sc.Steps {
		if st.Condition == "" {
			continue
		}
		after, ok := f.Stages[i].Next.(string)
		if i == 0 || !ok {
			// Nothing before it to branch from, or nothing after it to
			// branch to: kept beside the stage, for a reader.
			f.Stages[i].Extra["condition"] = st.Condition
			continue
		}
		f.Stages[i-1].Next = &Branch{Condition: st.Condition, True: f.Stages[i].Name, False: after}
	}
	slug := sandy.Slug(sc.Metadata.Name)
	f.Stages = append(f.Stages, Stage{Name: ReportFailure, AgentID: AgentID("mcp__playwright__browser_take_screenshot"),
		Inputs: map[string]any{"filename": slug + "-failure.png"},
		Extra:  map[string]any{"purpose": "a stage failed: keep a screenshot of the page it left, and end the flow"}})
	f.StartStage = f.Stages[0].Name
	return f
}

func describe(sc *sandy.Scenario) string {
	parts := []string{}
	if d := strings.TrimSpace(sc.Metadata.Description); d != "" {
		parts = append(parts, strings.TrimSuffix(d, "."))
	}
	if sc.Metadata.Instruction != "" {
		parts = append(parts, fmt.Sprintf("Instruction: %q", sc.Metadata.Instruction))
	}
	var required []string
	for k, v := range sc.Variables {
		if v == "" {
			required = append(required, "{{"+k+"}}")
		}
	}
	if len(required) > 0 {
		slices.Sort(required)
		parts = append(parts, "Inputs hold placeholders; "+strings.Join(required, ", ")+" must be given a value")
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ". ") + "."
}

// criterion is the success criterion of a check step (a browser_evaluate
// with an element that says what it checks): the check as words, which the
// stage's result must bear out. Other steps have none.
func criterion(st sandy.Step) string {
	if !strings.HasSuffix(st.Tool, "__browser_evaluate") {
		return ""
	}
	el, _ := st.Params["element"].(string)
	fn, _ := st.Params["function"].(string)
	if el == "" || !strings.Contains(fn, "const why = ") {
		return ""
	}
	return el
}

var (
	nonWord     = regexp.MustCompile(`[^a-z0-9]+`)
	quotedRe    = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
	placeholder = regexp.MustCompile(`\{\{[^}]*\}\}`)
)

// StageName names a step's stage by what it does and to what:
// open_login, type_password, click_add_to_cart_blue_mug,
// assert_cart_1_item.
func StageName(st sandy.Step) string {
	_, tool, _, err := sandy.SplitTool(st.Tool)
	if err != nil {
		tool = st.Tool
	}
	el, _ := st.Params["element"].(string)
	what := quoted(el)
	verb := strings.TrimPrefix(tool, "browser_")
	switch tool {
	case "browser_navigate":
		verb, what = "open", pathWords(fmt.Sprint(st.Params["url"]))
	case "browser_type":
		verb = "type"
		if st.Params["text"] == "" {
			verb = "clear"
		}
	case "browser_click":
		if st.Params["doubleClick"] == true {
			verb = "double_click"
		}
	case "browser_select_option":
		verb = "select"
	case "browser_fill_form":
		// A box set (Playwright's setChecked): check_… or uncheck_….
		if fs, ok := st.Params["fields"].([]any); ok && len(fs) == 1 {
			if f, ok := fs[0].(map[string]any); ok && (f["type"] == "checkbox" || f["type"] == "radio") {
				verb, what = "uncheck", quoted(fmt.Sprint(f["name"]))
				if f["value"] == "true" {
					verb = "check"
				}
			}
		}
	case "browser_press_key":
		verb, what = "press", fmt.Sprint(st.Params["key"])
	case "browser_wait_for":
		verb, what = "wait_for", fmt.Sprint(st.Params["text"])
		if _, ok := st.Params["text"]; !ok {
			verb, what = "wait", fmt.Sprint(st.Params["time"])+"s"
		}
	case "browser_navigate_back":
		verb = "go_back"
	case "browser_evaluate":
		switch {
		case criterion(st) != "":
			verb, what = "assert", checkWords(sandy.Action(st.Description), el)
		case strings.Contains(fmt.Sprint(st.Params["function"]), "location.reload()"):
			verb, what = "reload", ""
		case strings.Contains(fmt.Sprint(st.Params["function"]), "history.forward()"):
			verb, what = "go_forward", ""
		case strings.Contains(fmt.Sprint(st.Params["function"]), "el.focus()"):
			verb = "focus"
		}
	}
	name := nonWord.ReplaceAllString(strings.ToLower(verb), "_")
	if w := words(what); w != "" {
		name += "_" + w
	}
	return strings.Trim(name, "_")
}

// quoted joins the quoted names in an element description: `button "Add
// to cart" in article "Blue Mug"` gives `Add to cart Blue Mug`.
func quoted(el string) string {
	var out []string
	for _, m := range quotedRe.FindAllStringSubmatch(el, -1) {
		out = append(out, m[1])
	}
	if len(out) == 0 {
		return el
	}
	return strings.Join(out, " ")
}

// pathWords are the words of a URL's path: {{BASE_URL}}/login gives login.
func pathWords(u string) string {
	u = placeholder.ReplaceAllString(u, "")
	if p, err := url.Parse(u); err == nil {
		if p.Path != "" && p.Path != "/" {
			return p.Path
		}
		return p.Host
	}
	return u
}

// checkWords are the words of a check: its action without the verb that
// asks for it ("verify the cart shows 1 item" gives "cart 1 item"), else
// what its element says.
func checkWords(action, el string) string {
	text := action
	if text == "" {
		text = quoted(el)
	}
	var keep []string
	for _, w := range strings.Fields(strings.ToLower(text)) {
		switch strings.Trim(w, ".,;:!?'\"") {
		case "verify", "check", "assert", "expect", "that", "the", "a", "an", "shows", "show", "is", "are", "should", "i", "see", "displayed", "shown":
			continue
		}
		keep = append(keep, w)
	}
	return strings.Join(keep, " ")
}

// words is what a name is made of: at most six lowercase ASCII words of s
// joined by "_"; "" when s has none.
func words(s string) string {
	if strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), " "), " ") == "" {
		return ""
	}
	return strings.ReplaceAll(sandy.Slug(s), "-", "_")
}

// unique returns name, or name_2, name_3... when it is taken, and marks it
// taken.
func unique(name string, used map[string]bool) string {
	if name == "" {
		name = "step"
	}
	n, try := 1, name
	for used[try] {
		n++
		try = fmt.Sprintf("%s_%d", name, n)
	}
	used[try] = true
	return try
}

func copyParams(p map[string]any) map[string]any {
	if len(p) == 0 {
		return nil
	}
	out := make(map[string]any, len(p))
	for k, v := range p {
		out[k] = v
	}
	return out
}

// Marshal writes the flow as YAML, or as JSON when asJSON is set (by the
// output file's extension), its stages in order.
func (f *Flow) Marshal(asJSON bool) ([]byte, error) {
	if asJSON {
		return f.marshalJSON()
	}
	doc := &yaml.Node{Kind: yaml.MappingNode}
	add := func(m *yaml.Node, key string, v any) error {
		var n yaml.Node
		if err := n.Encode(v); err != nil {
			return err
		}
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &n)
		return nil
	}
	for _, kv := range [][2]any{{"name", f.Name}, {"description", f.Description}, {"version", f.Version}, {"start_stage", f.StartStage}} {
		if kv[1] != "" {
			if err := add(doc, kv[0].(string), kv[1]); err != nil {
				return nil, err
			}
		}
	}
	stages := &yaml.Node{Kind: yaml.MappingNode}
	for _, s := range f.Stages {
		if err := add(stages, s.Name, s); err != nil {
			return nil, err
		}
	}
	doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "stages"}, stages)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), enc.Close()
}

func (f *Flow) marshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	buf.WriteString("{\n")
	for _, kv := range [][2]string{{"name", f.Name}, {"description", f.Description}, {"version", f.Version}, {"start_stage", f.StartStage}} {
		if kv[1] == "" {
			continue
		}
		fmt.Fprintf(&buf, "  %q: ", kv[0])
		if err := enc.Encode(kv[1]); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1)
		buf.WriteString(",\n")
	}
	buf.WriteString("  \"stages\": {\n")
	for i, s := range f.Stages {
		key, _ := json.Marshal(s.Name)
		fmt.Fprintf(&buf, "    %s: ", key)
		var sb bytes.Buffer
		se := json.NewEncoder(&sb)
		se.SetEscapeHTML(false)
		se.SetIndent("    ", "  ")
		if err := se.Encode(s); err != nil {
			return nil, err
		}
		buf.Write(bytes.TrimSuffix(sb.Bytes(), []byte("\n")))
		if i < len(f.Stages)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("  }\n}\n")
	return buf.Bytes(), nil
}

func ptr[T any](v T) *T { return &v }
