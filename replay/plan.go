package replay

// A step ready to run: its kind, the handler of each kind, its plan.

import (
	"context"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// kind is what runs a step: an MCP tool call or one of the built-ins.
type kind uint8

const (
	kindCall kind = iota // mcp__<server>__<tool>
	kindWait
	kindLog
	kindAppendFile
	kindWaitForElement
	kindWaitUntil
)

// builtinKinds maps sandy__<name> to its kind.
var builtinKinds = map[string]kind{
	"wait":             kindWait,
	"log":              kindLog,
	"append_file":      kindAppendFile,
	"wait_for_element": kindWaitForElement,
	"wait_until":       kindWaitUntil,
}

// handler runs one attempt of a step with its substituted params. A failed
// step is outcome.fail; a Go error means the run cannot go on (a server was
// lost, the context ended).
type handler func(r *run, ctx context.Context, pl *plan, params map[string]any) (outcome, error)

// handlers is the dispatch table of step kinds.
var handlers = [...]handler{
	kindCall:           (*run).call,
	kindWait:           (*run).wait,
	kindLog:            (*run).logMessage,
	kindAppendFile:     (*run).appendFile,
	kindWaitForElement: (*run).waitForElement,
	kindWaitUntil:      (*run).waitUntil,
}

// outcome is what one attempt of a step produced.
type outcome struct {
	text    string         // the result text, read by output extraction
	fail    string         // why the step failed; "" when it passed
	retries int            // calls repeated (late target, on_error: retry)
	output  map[string]any // the values extracted by the step's output paths
	message string         // what sandy__log logged (masked)
	// excluded: the failure's text does not contain retry.condition, so
	// the author did not want it retried or tolerated: it ends the run.
	excluded bool
	heal     *report.Heal // set when the step ran on a healed target
	// unreached: the call's target was never acted on (it matched nothing
	// until the timeout, or the server's action timed out waiting for it
	// to be visible, stable and enabled).
	unreached bool
}

// plan is a scenario step ready to run.
type plan struct {
	step   *sandy.Step
	index  int // 1-based position in the scenario
	total  int
	kind   kind
	server string // kindCall: the server; browser built-ins: an explicit mcp_server
	tool   string // kindCall: the tool name on the server
}

func newPlan(st *sandy.Step, i, total int) (*plan, error) {
	server, name, builtin, err := sandy.SplitTool(st.Tool)
	if err != nil {
		return nil, err
	}
	pl := &plan{step: st, index: i + 1, total: total, kind: kindCall, server: server, tool: name}
	if builtin {
		k, ok := builtinKinds[name]
		if !ok {
			return nil, fmt.Errorf("%w: tool %s: no such built-in", sandy.ErrInvalid, printable.Quote(st.Tool))
		}
		pl.kind, pl.server, pl.tool = k, "", ""
		if k == kindWaitForElement || k == kindWaitUntil {
			if s, ok := st.Params["mcp_server"].(string); ok && !strings.Contains(s, "{{") {
				pl.server = s
			}
		}
	}
	return pl, nil
}

// serverFor is the server the step needs open, "" for none.
func (pl *plan) serverFor(browser string) string {
	switch pl.kind {
	case kindCall:
		return pl.server
	case kindWaitForElement, kindWaitUntil:
		if pl.server != "" {
			return pl.server
		}
		return browser
	}
	return ""
}
