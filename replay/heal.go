package replay

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/report"
)

// Healer re-reads a step's intent on the page the browser shows now
// (replay --heal): its plain-English action, else its compiled identity.
// It returns the one element that fits, with a stable target, or an error
// saying why none does. The heal package's Rereader is one; replay itself
// never reads English.
type Healer interface {
	Heal(ctx context.Context, browser ToolCaller, req HealRequest) (*Healing, error)
}

// HealRequest is a step whose target no longer names its element.
type HealRequest struct {
	Action   string       // the step's description: the plain-English action it was compiled from
	Tool     string       // its tool (browser_click, …)
	Identity dom.Identity // the element it was compiled for
	Target   string       // its target as written
}

// Healing is the element a Healer found.
type Healing struct {
	Role, Name string // its role and accessible name
	Element    string // its description (as compile writes it)
	Target     string // a stable selector for it
	By         string // who read the action: "rules", or the model's name
}

// heal tries to run the action step pl on the element its intent names
// now, when its target (chk) no longer names its compiled element (why).
// Only a healing with the same role and the same name is used, narrowed to
// that identity again, and it is tried once. The outcome passes with
// heal set, or fails saying why it was not healed.
func (r *run) heal(ctx context.Context, pl *plan, s ToolCaller, params map[string]any, chk checked, why string) (outcome, error) {
	var o outcome
	h, err := r.opts.Healer.Heal(ctx, s, HealRequest{Action: pl.step.Description, Tool: pl.tool, Identity: chk.id, Target: chk.target})
	if ctx.Err() != nil {
		return o, ctx.Err()
	}
	if err != nil {
		o.fail = why + "; not healed: " + err.Error()
		return o, nil
	}
	if h.Role != chk.id.Role || !sameName(h.Name, chk.id.Name) {
		o.fail = fmt.Sprintf("%s; not healed: the action now reads as %s, not the same role and name", why, h.Element)
		return o, nil
	}
	// The container may have changed (that is what heals); role and name
	// may not.
	kept := dom.Identity{Role: chk.id.Role, Name: chk.id.Name}
	same := checked{id: kept, check: kept.CheckFor(h.Target), target: h.Target}
	step := pl.step.Step
	record := &report.Heal{Step: step, Description: r.mask.text(pl.step.Description), Element: chk.id.String(),
		OldTarget: chk.target, NewTarget: h.Target, NewElement: h.Element, Why: why, Found: h.By}
	record.Before = r.healShot(ctx, s, pl, "before")
	res, err := s.CallTool(ctx, pl.tool, same.narrowed(params, h.Target))
	if err != nil {
		return o, err
	}
	if res.IsError {
		o.fail = fmt.Sprintf("%s; the healed target %s failed too: %s", why, h.Target, errorText(res))
		return o, nil
	}
	record.After = r.healShot(ctx, s, pl, "after")
	o.text = res.Text
	o.heal = record
	return o, nil
}

// sameName reports whether a name found on the page is the compiled one
// (compared as compile matches names; a compiled name cut short with "…"
// by its start).
func sameName(found, compiled string) bool {
	f, c := dom.Normalize(found), dom.Normalize(strings.TrimSuffix(compiled, "…"))
	if strings.HasSuffix(compiled, "…") {
		return strings.HasPrefix(f, c)
	}
	return f == c
}

// healShot saves a screenshot of the page around the heal of step pl in
// the evidence folder and returns its name (relative to EvidenceDir, as
// report.Heal says); "" when there is none.
func (r *run) healShot(ctx context.Context, s ToolCaller, pl *plan, when string) string {
	if r.opts.EvidenceDir == "" || r.opts.Screenshots == ScreenshotsOff {
		return ""
	}
	base, err := r.evidenceBase(pl)
	if err == nil {
		err = r.saveShot(ctx, s, base+"-heal-"+when+".png")
	}
	if err != nil {
		r.log.Warn("heal screenshot", "step", pl.step.Step, "err", err)
		return ""
	}
	return filepath.Base(base) + "-heal-" + when + ".png"
}
