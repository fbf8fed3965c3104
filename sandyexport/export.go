// Package sandyexport turns a compile run (step.Compiled, which the
// compiler fills) into a Sandy v2.1 scenario: one step per tool call that really ran, tools named
// mcp__playwright__<tool> as Microsoft's @playwright/mcp names them, targets
// as stable selectors, the site's origin as {{BASE_URL}} and secrets as
// required, empty variables.
package sandyexport

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// Options describe the export. The zero value (or nil) is usable.
type Options struct {
	// CreatedBy names the tool, e.g. "plaintest 0.1.0".
	CreatedBy string
	// Now stamps created_at and recorded_at; default time.Now.
	Now func() time.Time
	// Instruction is the original text of the scenario, if any.
	Instruction string
	// Viewport records the browser size; default 1280x720.
	Viewport *sandy.Viewport
	// Tags are the test's tags (metadata.tags).
	Tags []string
	// Source is the test file compiled (metadata.source); Lines[i] is the
	// line in it of action i+1 (each step's source_line), 0 when unknown.
	Source string
	Lines  []int
	// Via[i] is the test's sentence action i+1 was expanded from by a
	// phrase ("" for an action the test wrote itself), with secret values
	// masked: each of its steps' descriptions ends with it (sandy.Via).
	Via []string
}

// Export builds the scenario for res. It keeps every step that ran, so a
// result whose status is not success gives a partial scenario: its
// metadata.status is "partial" and metadata.status_detail says at which
// action the compile stopped and why (the compile's error, whose secrets
// the compiler has masked, or "interrupted").
func Export(res *step.Compiled, opts *Options) *sandy.Scenario {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Viewport == nil {
		o.Viewport = &sandy.Viewport{Width: 1280, Height: 720}
	}
	now := o.Now().UTC().Format(time.RFC3339)
	instruction := o.Instruction
	if instruction == "" {
		instruction = strings.Join(res.Actions, " then ")
	}
	sc := &sandy.Scenario{
		Version: sandy.Version,
		Metadata: sandy.Metadata{
			Name:        res.Name,
			Description: describe(res),
			CreatedAt:   now,
			CreatedBy:   o.CreatedBy,
			TargetURL:   res.URL,
			Instruction: instruction,
			Tags:        o.Tags,
			Source:      o.Source,
		},
		Variables:   map[string]any{},
		Environment: &sandy.Environment{MCP: step.Server, Viewport: o.Viewport, RecordedAt: now},
	}
	if p := res.Permissions; p != nil {
		sc.Environment.Permissions = permissions(p)
	}
	if !res.Complete {
		sc.Metadata.Status = sandy.StatusPartial
		sc.Metadata.StatusDetail = res.StatusDetail()
	}
	if res.BaseURL != "" {
		sc.Variables["BASE_URL"] = res.BaseURL
	}
	for k, v := range res.Variables {
		sc.Variables[k] = v
	}
	for _, k := range res.SecretNames {
		sc.Variables[k] = ""
	}
	n := 0
	var remembered []string // the names of the values remembered so far
	for _, ts := range res.Steps {
		for i, c := range ts.Calls {
			n++
			st := sandy.Step{
				Step:        n,
				Tool:        "mcp__" + step.Server + "__" + c.Tool,
				Params:      params(c),
				Description: ts.Action,
			}
			if ts.Index >= 1 && ts.Index <= len(o.Lines) {
				st.SourceLine = o.Lines[ts.Index-1]
			}
			if ts.Index == 0 && i == 0 {
				st.ID = "open"
			}
			if c.ID != "" {
				// A read a later call's condition depends on.
				st.ID, st.Output = c.ID, c.Output
			}
			st.Condition = c.Condition
			if c.Tool == step.ToolWaitFor && i < len(ts.Calls)-1 {
				st.Description = sandy.Described(ts.Action, "wait", ts.Element)
			}
			if i < len(ts.Steps) && ts.Steps[i].Kind == step.Remember {
				// Later steps read its value as {{NAME.value}}.
				st.ID, st.Output = ts.Steps[i].Value, commandgen.RememberOutputs()
				remembered = append(remembered, st.ID)
				st.Description = sandy.Described(ts.Action, "reads", ts.Steps[i].Element)
			}
			if _, scoped := c.Args["target"]; scoped && i < len(ts.Steps) && ts.Steps[i].Kind.IsCheck() {
				// A check says which element it reads.
				st.Description = sandy.Described(ts.Action, "reads", ts.Steps[i].Element)
			}
			if i < len(ts.Steps) && commandgen.IsCheck(c) {
				// What the check reads, as data beside its call.
				// A remembered value as its remember step's output, as the
				// call has it, which replay fills in.
				st.Check = commandgen.Record(ts.Steps[i])
				commandgen.RememberedAsOutputs(st.Check, remembered)
			}
			if ts.Index >= 1 && ts.Index <= len(o.Via) {
				st.Description = sandy.Via(st.Description, o.Via[ts.Index-1])
			}
			sc.Steps = append(sc.Steps, st)
		}
	}
	return sc
}

func describe(res *step.Compiled) string {
	d := fmt.Sprintf("Compiled by plaintest from %d plain-English action(s) with the %s translator.", len(res.Actions), res.Translator)
	if !res.Complete {
		d += fmt.Sprintf(" Partial: %d of %d action(s) compiled; the compile stopped before the rest (see status_detail).", res.ActionsRun(), len(res.Actions))
	}
	return d
}

// params copies a call's arguments into plain JSON values.
func params(c step.ToolCall) map[string]any {
	out := make(map[string]any, len(c.Args))
	for k, v := range c.Args {
		out[k] = v
	}
	return out
}

// permissions are environment.permissions for what the test's permission
// sentences asked: the position written out whenever geolocation is
// granted, so that replay does not depend on a default.
func permissions(p *step.Permissions) *sandy.Permissions {
	out := &sandy.Permissions{Granted: append([]string{}, p.Granted...)}
	if len(p.Denied) > 0 {
		out.Denied = append([]string(nil), p.Denied...)
	}
	if slices.Contains(p.Granted, "geolocation") {
		out.Geolocation = &sandy.Position{Latitude: p.Latitude, Longitude: p.Longitude}
	}
	return out
}
