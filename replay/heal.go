package replay

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// Healer re-reads a step's intent on the page the browser shows now
// (replay --heal): its plain-English action, else its compiled identity.
// It returns the one element that fits, with a stable target, or an error
// saying why none does. The heal package's Rereader is one; replay itself
// never reads English. One Healer serves every scenario of a suite, at
// once with --parallel: what differs by scenario comes in the request.
type Healer interface {
	Heal(ctx context.Context, browser ToolCaller, req HealRequest) (*Healing, error)
}

// HealRequest is a step whose target no longer names its element.
type HealRequest struct {
	// Action is the step's description, as the file writes it: the
	// plain-English action it was compiled from, {{NAME}} placeholders
	// kept (Variables and Secrets give their values).
	Action   string
	Tool     string           // its tool (browser_click, …)
	Identity locator.Identity // the element it was compiled for (variables filled in)
	Target   string           // its target, variables filled in
	// Origins are the scenario's own sites (scheme://host[:port], or
	// file:// for file URLs): its BASE_URL as the run has it (after --env
	// and --var) and its metadata.target_url. A model may not lead
	// anywhere else.
	Origins []string
	// Variables are the run's variables that are not secret, name to value
	// as text; Secrets those that are (required, or named like a
	// password: see sandy.Vars.Secrets). A secret value must never reach a
	// model, a log or a file: a model is shown {{NAME}}.
	Variables, Secrets map[string]string
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
// A healing is used only when it has the compiled role and the same whole
// name (case and white space aside), and sits in a container named as the
// compiled one was (the row or card of "click Delete for Ada Lovelace"),
// whatever that container's role is now; the step is sent narrowed to that
// identity again, and tried once. The outcome passes with heal set, or
// fails saying why it was not healed. The heal's record holds the targets
// and elements as the file writes them: placeholders kept, secret values
// as {{NAME}}, never a value.
func (r *run) heal(ctx context.Context, pl *plan, s ToolCaller, params map[string]any, chk checked, why string) (outcome, error) {
	var o outcome
	why = r.mask.message(why)
	vars, secrets := r.healVars()
	h, err := r.opts.Healer.Heal(ctx, s, HealRequest{Action: pl.step.Description, Tool: pl.tool, Identity: chk.id, Target: chk.target,
		Origins: r.origins(), Variables: vars, Secrets: secrets})
	if ctx.Err() != nil {
		return o, ctx.Err()
	}
	if err != nil {
		o.fail = why + "; not healed: " + r.mask.text(err.Error())
		return o, nil
	}
	if h.Role != chk.id.Role || !sameName(h.Name, chk.id.Name) {
		o.fail = fmt.Sprintf("%s; not healed: the action now reads as %s, not the same role and name", why, r.mask.text(h.Element))
		return o, nil
	}
	// The container's role may have changed (a row became a card: that
	// is what heals); its name, the element's role and name may not.
	kept := locator.Identity{Role: chk.id.Role, Name: chk.id.Name}
	if in := chk.id.In; in != nil && in.Name != "" {
		role, now, err := r.containerNamed(ctx, s, h.Target, in.Name)
		if err != nil {
			return o, err
		}
		if role == "" {
			o.fail = fmt.Sprintf("%s; not healed: the action now reads as %s, which is not in %s %q (it is in %s)",
				why, r.mask.text(h.Element), in.Role, r.mask.text(in.Name), r.mask.text(now))
			return o, nil
		}
		kept.In = &locator.Identity{Role: role, Name: in.Name}
	}
	// Held whole: the name was just compared in full, so it is not left to
	// the target as a compiled role-and-name target's is (CheckFor with no
	// target drops only a text field's name, which is its value).
	same := checked{id: kept, check: kept.CheckFor(""), target: h.Target}
	oldTarget, newTarget, newElement, err := r.written(pl, h)
	if err != nil {
		o.fail = fmt.Sprintf("%s; not healed: %v", why, err)
		return o, nil
	}
	oldElement, _ := pl.step.Params["element"].(string)
	record := &report.Heal{Step: pl.step.Step, Description: r.mask.text(pl.step.Description), Element: r.mask.text(oldElement),
		OldTarget: oldTarget, NewTarget: newTarget, NewElement: newElement, Why: why, Found: h.By}
	record.Before = r.healShot(ctx, s, pl, "before")
	res, err := s.CallTool(ctx, pl.tool, commandgen.Lower(pl.tool, same.narrowed(params, h.Target)))
	if err != nil {
		return o, err
	}
	if res.IsError {
		o.fail = fmt.Sprintf("%s; the healed target %s failed too: %s", why, newTarget, r.mask.text(errorText(res)))
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

// containersJS lists the named containers around an element
// (containers.js), with the project's container roles.
//
//go:embed containers.js
var containersJS string

var containersFn = func() string {
	roles, _ := json.Marshal(dom.ContainerRoles())
	return strings.ReplaceAll(pagejs.Function(containersJS), "CONTAINER_ROLES", string(roles))
}()

// container is one container around an element, as containers.js gives it.
type container struct {
	Role  string   `json:"role"`
	Names []string `json:"names"`
}

// containerNamed returns the role of the nearest container around the
// element target names that goes by name (as sameName compares), or ""
// with the nearest container it is in (for the message) when none does.
// A Go error is the browser's.
func (r *run) containerNamed(ctx context.Context, s ToolCaller, target, name string) (role, now string, err error) {
	res, err := s.CallTool(ctx, mcpclient.ToolEvaluate, map[string]any{"target": target, "function": containersFn})
	if err != nil {
		return "", "", err
	}
	if res.IsError {
		return "", "an element the page could not describe: " + errorText(res), nil
	}
	cs, ok := containersOf(res)
	if !ok {
		return "", "an element the page could not describe", nil
	}
	for _, c := range cs {
		for _, n := range c.Names {
			if sameName(n, name) {
				return c.Role, "", nil
			}
		}
	}
	if len(cs) == 0 || len(cs[0].Names) == 0 {
		return "", "no named container", nil
	}
	return "", fmt.Sprintf("%s %q", cs[0].Role, cs[0].Names[0]), nil
}

// containersOf reads containers.js's answer: the list, or the list as a
// JSON string.
func containersOf(res *mcpclient.Result) ([]container, bool) {
	v := strings.TrimSpace(res.Value)
	if v == "" {
		v = strings.TrimSpace(res.Text)
	}
	var cs []container
	if json.Unmarshal([]byte(v), &cs) == nil {
		return cs, true
	}
	var inner string
	if json.Unmarshal([]byte(v), &inner) == nil && json.Unmarshal([]byte(inner), &cs) == nil {
		return cs, true
	}
	return nil, false
}

// origins are the scenario's own sites, for a Healer: its BASE_URL as the
// run has it and its metadata.target_url, variables filled in; URLs that
// are not web pages or files are left out.
func (r *run) origins() []string {
	var out []string
	for _, raw := range []string{"{{BASE_URL}}", r.sc.Metadata.TargetURL} {
		if raw == "" {
			continue
		}
		s, err := r.vars.SubstituteString(raw)
		if err != nil {
			continue
		}
		u, err := url.Parse(strings.TrimSpace(s))
		var origin string
		switch {
		case err != nil:
			continue
		case u.Scheme == "file":
			origin = "file://"
		case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
			origin = strings.ToLower(u.Scheme + "://" + u.Host)
		default:
			continue
		}
		if !slices.Contains(out, origin) {
			out = append(out, origin)
		}
	}
	return out
}

// healVars are the run's variables as text, those that are not secret and
// those that are (as sandy.Vars.Secrets tells them: required, or named
// like a password).
func (r *run) healVars() (vars, secrets map[string]string) {
	vars, secrets = map[string]string{}, map[string]string{}
	names := map[string]bool{}
	for k := range r.sc.Variables {
		names[k] = true
	}
	for _, l := range r.opts.Vars {
		for k := range l {
			names[k] = true
		}
	}
	required := r.sc.Required()
	for _, name := range slices.Sorted(maps.Keys(names)) {
		v, err := r.vars.SubstituteString("{{" + name + "}}")
		if err != nil {
			continue
		}
		if sandy.IsSecretName(name) || slices.Contains(required, name) {
			if v != "" {
				secrets[name] = v
			}
			continue
		}
		vars[name] = v
	}
	return vars, secrets
}

// written returns the step's target as its file writes it, and the healed
// target and element as the proposal will: every secret value as
// {{NAME}}, and the value of a variable the step's target, element or
// description names as {{NAME}} too, so that the proposal keeps the
// step's placeholders. A secret that would stay in any form (escaped
// inside a selector) is an error: nothing that holds one is healed.
func (r *run) written(pl *plan, h *Healing) (oldTarget, newTarget, newElement string, err error) {
	written := commandgen.Lift(pl.tool, pl.step.Params)
	oldTarget, _ = written["target"].(string)
	vars, secrets := r.healVars()
	with := map[string]string{}
	element, _ := written["element"].(string)
	fields := oldTarget + "\n" + element + "\n" + pl.step.Description
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		if v := vars[name]; v != "" && names(fields, name) {
			if _, dup := with[v]; !dup {
				with[v] = "{{" + name + "}}"
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(secrets)) {
		with[secrets[name]] = "{{" + name + "}}" // a secret's name wins over a variable's
	}
	byName := secret.New(with)
	left := secret.All(slices.Collect(maps.Values(secrets)), report.Mask)
	put := func(s string) (string, error) {
		out := sandy.MapText(s, byName.ReplaceWritten)
		if sandy.MapText(out, left.Replace) != out {
			return "", fmt.Errorf("the healed target or element holds a secret value in a form that cannot be written as its {{NAME}}")
		}
		return out, nil
	}
	if newTarget, err = put(h.Target); err != nil {
		return "", "", "", err
	}
	if newElement, err = put(h.Element); err != nil {
		return "", "", "", err
	}
	return oldTarget, newTarget, newElement, nil
}

// names reports whether s holds the placeholder {{name}} (spaces inside
// the braces allowed, as sandy reads them).
func names(s, name string) bool {
	return regexp.MustCompile(`\{\{\s*` + regexp.QuoteMeta(name) + `\s*\}\}`).MatchString(s)
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
