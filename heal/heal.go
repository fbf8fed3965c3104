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
// translator or the model), with a stable target. replay itself checks
// that the healing keeps the compiled role and name, and never heals
// assertions, navigations or typed values.
package heal

import (
	"context"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/translator"
)

// Rereader heals by reading the step's action again against the page.
type Rereader struct {
	// Translator reads the action; nil is the rules translator.
	Translator translator.Translator
	// By names who reads it in the heal's record: "rules" by default.
	By string
	// Timeout bounds how long the element may take to appear (compile's
	// --timeout). Default parser.DefaultTimeout.
	Timeout time.Duration
}

// Heal implements replay.Healer.
func (h *Rereader) Heal(ctx context.Context, browser replay.ToolCaller, req replay.HealRequest) (*replay.Healing, error) {
	action := req.Action
	if action == "" {
		action = Sentence(req.Tool, req.Identity)
	}
	c := parser.New(browser, &parser.Options{Translator: h.Translator, Timeout: h.Timeout})
	rel, err := c.Relocate(ctx, action)
	if err != nil {
		return nil, err
	}
	by := h.By
	if by == "" {
		by = "rules"
	}
	return &replay.Healing{Role: rel.Role, Name: rel.Name, Element: rel.Element, Target: rel.Target, By: by}, nil
}

// Sentence is the plain-English action of a step that has none written,
// from its tool and compiled identity: "click Add to cart for Blue Mug".
func Sentence(tool string, id dom.Identity) string {
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
