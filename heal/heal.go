// Package heal re-reads a replayed step's intent when its compiled target no
// longer names its element (plaintest replay --heal), and writes what was
// healed as a proposal: the scenario file with only the healed targets and
// elements changed in place (every other byte kept), and a unified diff,
// beside the original, which is replaced only when the user accepts.
//
// It takes in a replay.HealRequest (the step's plain-English action, its
// tool, its compiled identity and target) and the browser session, and
// gives out a replay.Healing: the one element the action names on the page
// now, read as compile reads it (parser.Compiler.Relocate, with the rules
// translator, and the model for what they cannot read: one per scenario,
// led no further than its origins, never shown a secret value), with a
// stable target. replay itself checks that the healing keeps the compiled
// role, whole name and container, and never heals assertions,
// navigations or typed values.
package heal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
	"github.com/plaintest/plaintest/translator/llm"
)

// Rereader heals by reading the step's action again against the page.
// One Rereader serves a whole suite, scenarios at once with --parallel.
type Rereader struct {
	// Translator reads every action; nil is the rules translator, and the
	// language model Model sets up for what the rules cannot read.
	Translator translator.Translator
	// Model, when set (and Translator nil), sets up a language model as
	// compile's --translator auto has one: the rules first, the model for
	// what they cannot read. Each scenario gets its own, built on first
	// use and kept for the scenarios like it: its Origins are the
	// request's (the scenario's BASE_URL and target_url) and these
	// (--allow-origin), its Variables and Secrets the request's. With no
	// origin at all the model is not asked (it may not be, see
	// llm.Options.Origins) and the error says so.
	Model *llm.Options
	// By names who reads it in the heal's record: "rules" by default,
	// "rules or MODEL" with a Model.
	By string
	// Timeout bounds how long the element may take to appear (compile's
	// --timeout). Default defaults.Step.
	Timeout time.Duration

	mu   sync.Mutex
	llms map[string]*llm.Translator // by the hash of origins, variables and secrets
}

// NewModelRereader returns a Rereader that asks the model o sets up for
// what the rules cannot read. o's Origins are added to each scenario's;
// an option that could never work (a model server URL that is not one, an
// origin that is not) is an error now, not at the first heal.
func NewModelRereader(o llm.Options, timeout time.Duration) (*Rereader, error) {
	probe := o
	// An origin of its own only to check the other options; every heal
	// builds the model with the scenario's.
	probe.Origins = append(slices.Clone(o.Origins), "http://localhost")
	if _, err := llm.New(probe); err != nil {
		return nil, err
	}
	return &Rereader{Model: &o, Timeout: timeout}, nil
}

// Heal implements replay.Healer.
func (h *Rereader) Heal(ctx context.Context, browser replay.ToolCaller, req replay.HealRequest) (*replay.Healing, error) {
	action := req.Action
	if action == "" {
		action = Sentence(req.Tool, req.Identity)
	} else {
		// What compile adds to a description is no part of the action:
		// the element a check reads, a wait, the sentence a phrase
		// expanded (sandy.Action).
		action = filled(sandy.Action(action), req.Variables, req.Secrets)
	}
	tr, by, why, err := h.translator(req)
	if err != nil {
		return nil, err
	}
	c := parser.New(browser, &parser.Options{Translator: tr, Timeout: h.Timeout})
	rel, err := c.Relocate(ctx, action)
	if err != nil {
		if why != "" && ctx.Err() == nil {
			err = fmt.Errorf("%w (%s)", err, why)
		}
		return nil, err
	}
	return &replay.Healing{Role: rel.Role, Name: rel.Name, Element: rel.Element, Target: rel.Target, By: by}, nil
}

// translator is what reads req's action, who that is for the record, and
// when a model is set up but cannot be asked, why not.
func (h *Rereader) translator(req replay.HealRequest) (tr translator.Translator, by, why string, err error) {
	by = h.By
	if h.Translator != nil {
		if by == "" {
			by = "rules"
		}
		return h.Translator, by, "", nil
	}
	rules := grammar.NewRules()
	if h.Model == nil {
		if by == "" {
			by = "rules"
		}
		return rules, by, "", nil
	}
	origins := append(slices.Clone(req.Origins), h.Model.Origins...)
	if len(origins) == 0 {
		return translator.NewAuto(rules, nil), "rules",
			"the model was not asked: the scenario has no BASE_URL or metadata.target_url to say where it may lead, and no --allow-origin was given", nil
	}
	model, err := h.model(origins, req.Variables, req.Secrets)
	if err != nil {
		return nil, "", "", err
	}
	if by == "" {
		by = "rules or " + model.Model()
	}
	// An Auto serves one read at a time; the model behind it is shared.
	return firstStep{translator.NewAuto(rules, model)}, by, "", nil
}

// firstStep reads an action as the one step a heal looks for. A model
// answers a step and a Then of the action (it would go on once the step
// ran, and answer done); a heal runs that step alone, as the scenario's own
// step does, so the Then is dropped. A Then of the rules (a hover that
// shows a button) still tells Relocate that the action is more than one
// step.
type firstStep struct{ translator.Translator }

func (f firstStep) Translate(ctx context.Context, req translator.Request) ([]step.Step, error) {
	steps, err := f.Translator.Translate(ctx, req)
	if err == nil && len(steps) == 2 && steps[0].Model != "" && steps[1].Kind == step.Then && steps[1].Model != "" {
		steps = steps[:1]
	}
	return steps, err
}

// model returns the model translator for a scenario's origins, variables
// and secrets, built once for each such set.
func (h *Rereader) model(origins []string, vars, secrets map[string]string) (*llm.Translator, error) {
	key := modelKey(origins, vars, secrets)
	h.mu.Lock()
	defer h.mu.Unlock()
	if l := h.llms[key]; l != nil {
		return l, nil
	}
	o := *h.Model
	o.Origins, o.Variables, o.Secrets = origins, vars, secrets
	l, err := llm.New(o)
	if err != nil {
		return nil, err
	}
	if h.llms == nil {
		h.llms = map[string]*llm.Translator{}
	}
	h.llms[key] = l
	return l, nil
}

// modelKey is a hash of what a scenario's model is built from (no secret
// value is kept as it is).
func modelKey(origins []string, vars, secrets map[string]string) string {
	d := sha256.New()
	for _, o := range slices.Sorted(slices.Values(origins)) {
		fmt.Fprintf(d, "o%q\n", o)
	}
	for _, m := range []map[string]string{vars, secrets} {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprintf(d, "%q=%q\n", k, m[k])
		}
		d.Write([]byte{0})
	}
	return hex.EncodeToString(d.Sum(nil))
}

// filled is action with its {{NAME}} placeholders filled in, as compile
// reads an action (the rules match the page's words; a model masks the
// secret values back to {{NAME}} itself). An action naming a placeholder
// that neither gives is read as written.
func filled(action string, vars, secrets map[string]string) string {
	all := map[string]any{}
	for k, v := range vars {
		all[k] = v
	}
	for k, v := range secrets {
		all[k] = v
	}
	out, err := sandy.NewVars(all).SubstituteString(action)
	if err != nil {
		return action
	}
	return out
}

// Sentence is the plain-English action of a step that has none written,
// from its tool and compiled identity: "click Add to cart for Blue Mug".
func Sentence(tool string, id locator.Identity) string {
	name := id.Name
	if name == "" {
		name = "the " + id.Role
	}
	if id.In != nil && id.In.Name != "" {
		name += " for " + id.In.Name
	}
	switch tool {
	case mcpclient.ToolType:
		return "type x into " + name
	case mcpclient.ToolSelectOption:
		return "select x in " + name
	case mcpclient.ToolHover:
		return "hover over " + name
	}
	return "click " + name
}
