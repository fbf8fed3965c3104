package replay

import (
	"context"
	_ "embed"
	"fmt"
	"maps"
	"strings"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/mcpclient"
)

// Identity checks. An action step compiled by plaintest carries the element
// it meant ("element": `button "Delete" in row "Invoice 42"`) beside its
// selector ("target"). Replay sends the target narrowed to elements with
// that identity (locator.Identity.AndSelector), so that a selector which now
// names another control (two test ids swapped, a button renamed) matches
// nothing and the action does not happen, at the cost of no extra call.
// When it fails so, one call reads what the selector alone names now, for
// the message: target is now button "Archive", compiled as button "Delete".

// actionTools act on their target: they are identity-checked, and healed.
var actionTools = map[string]bool{
	mcpclient.ToolClick:        true,
	mcpclient.ToolType:         true,
	mcpclient.ToolSelectOption: true,
	mcpclient.ToolHover:        true,
	mcpclient.ToolFillForm:     true, // a box set (commandgen.Lift)
}

// checked is an action step's identity and its target as written.
type checked struct {
	id     locator.Identity // as compiled, for messages and heals
	check  locator.Identity // the part the target is held to (locator.Identity.CheckFor)
	target string
}

// identityOf returns the identity an action call's params name (target and
// element), when the step is one replay checks.
func (r *run) identityOf(pl *plan, params map[string]any) (checked, bool) {
	if r.opts.NoIdentity || pl.kind != kindCall || !actionTools[pl.tool] {
		return checked{}, false
	}
	target, _ := params["target"].(string)
	element, _ := params["element"].(string)
	if target == "" || element == "" || isRef(target) {
		return checked{}, false
	}
	id, ok := locator.ParseIdentity(element)
	if !ok {
		return checked{}, false
	}
	return checked{id: id, check: id.CheckFor(target), target: target}, true
}

// isRef reports whether target is a snapshot ref (e12), which names one
// element of one snapshot and has no identity to check.
func isRef(target string) bool {
	if len(target) < 2 || target[0] != 'e' {
		return false
	}
	for _, c := range target[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// narrowed returns params with the target narrowed to the identity.
func (c checked) narrowed(params map[string]any, target string) map[string]any {
	out := maps.Clone(params)
	out["target"] = c.check.AndSelector(target)
	return out
}

// describeFn describes the element it is given, for messages
// (describe.js, with internal/pagejs's role and name).
var describeFn = pagejs.Function(describeJS)

//go:embed describe.js
var describeJS string

// resolved is what a target alone names on the page now.
type resolved struct {
	matches int    // 0, 1, or 2 for several
	now     string // the element's description when it is one
	err     string // the server's words when it could not tell
}

// resolve asks the page what target alone names: nothing, several
// elements, or one (described).
func (r *run) resolve(ctx context.Context, s ToolCaller, target string) resolved {
	res, err := s.CallTool(ctx, mcpclient.ToolEvaluate, map[string]any{"target": target, "function": describeFn})
	switch {
	case err != nil:
		return resolved{err: err.Error()}
	case res.NoMatch():
		return resolved{}
	case res.SelectorProblem():
		return resolved{matches: 2}
	case res.IsError:
		return resolved{err: errorText(res)}
	}
	now := strings.TrimSpace(res.Value)
	if now == "" {
		now = strings.TrimSpace(res.Text)
	}
	if v, ok := Document(now).(string); ok {
		now = v
	}
	return resolved{matches: 1, now: now}
}

// why says why a target does not name its compiled element, for messages
// and heals; "" when it names nothing yet (an element that may still come).
func (c checked) why(got resolved) string {
	switch {
	case got.matches == 1:
		return fmt.Sprintf("target is now %s, compiled as %s", got.now, c.id)
	case got.matches > 1:
		return fmt.Sprintf("target matches several elements, compiled as %s", c.id)
	}
	return ""
}
