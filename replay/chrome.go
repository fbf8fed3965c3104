package replay

import (
	"errors"
	"fmt"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// Claude Code's Chrome bridge. A step of claude-in-chrome, when the MCP
// config has no server of that name, goes to the user's own Chrome: the
// sites they are logged in to, their tabs, what the step types (secrets
// included) and what it reads back. A scenario is data, often written by
// someone else: it reaches that browser only when the user says so, per
// run (Options.AllowChromeBridge, plaintest replay --allow-chrome-bridge).

// ErrChromeBridge is wrapped when a step would reach the user's Chrome
// without Options.AllowChromeBridge (or ConfigServers.AllowChromeBridge).
// It is bad input (it wraps sandy.ErrInvalid too).
var ErrChromeBridge = errors.New("claude-in-chrome drives your own Chrome")

// chromeBridgeRefusal is the sentence that refuses a step of what.
func chromeBridgeRefusal(what string) string {
	return what + " drives your own Chrome, logged in as you, through Claude Code's bridge: refused unless --allow-chrome-bridge"
}

// chromeBridgeProblem is the problem of a step (at path, "steps[3]") that
// would reach the Chrome bridge: a call to claude-in-chrome, or a browser
// built-in whose mcp_server names it; nil for any other step.
func chromeBridgeProblem(path string, st *sandy.Step) *sandy.Problem {
	pl, err := newPlan(st, 0, 0)
	if err != nil || pl.serverFor("") != mcpclient.ClaudeInChrome {
		return nil
	}
	if pl.kind == kindCall {
		return &sandy.Problem{Path: path + ".tool", Msg: chromeBridgeRefusal(st.Tool)}
	}
	return &sandy.Problem{Path: path + ".params.mcp_server", Msg: chromeBridgeRefusal(fmt.Sprintf("%s in %s", st.Tool, mcpclient.ClaudeInChrome))}
}

// chromeBridgeError is ConfigServers.Open's refusal of the bridge.
type chromeBridgeError struct{}

func (chromeBridgeError) Error() string {
	return chromeBridgeRefusal("server " + mcpclient.ClaudeInChrome)
}

func (chromeBridgeError) Unwrap() []error { return []error{ErrChromeBridge, sandy.ErrInvalid} }
