package step

import (
	"fmt"
	"time"
)

// Compiled is what a compile gives the writers of its exports (packages
// sandyexport and nanoclaw): the scenario's actions, the calls that ran
// for each with the steps they came from, and how the compile ended. The
// compiler fills it (parser.ParserResult.Compiled); it holds plain values
// only, so that a writer needs neither the compiler nor a browser client.
type Compiled struct {
	Name    string
	URL     string // the scenario's URL, secret values masked as {{NAME}}
	BaseURL string // scheme://host[:port] of URL, exported as {{BASE_URL}}; "" for file URLs
	// Actions are the scenario's actions, secret values masked.
	Actions []string
	// Variables are the declared variables and their values; SecretNames
	// the secrets, whose values are not kept.
	Variables   map[string]string
	SecretNames []string
	// Translator names the translator used ("rules", "llm", "auto").
	Translator string
	// Steps are the actions that ran, in order; Index 0 is opening the URL.
	Steps []Action
	// Complete is true when every action ran; Status says how the
	// compile ended ("success", "partial", "failed").
	Complete bool
	Status   string
	// Stop is the failure that stopped the compile; nil when none did.
	Stop *Stop
	// Interrupted is true when the run's context ended before the last
	// action finished.
	Interrupted bool
	Duration    time.Duration
	// Model is what a language model's answers cost over the compile.
	Model Usage
	// Permissions are what the test's permission sentences ask of the
	// browser context; nil when it has none.
	Permissions *Permissions
}

// Action is one action that ran, in the form it is exported.
type Action struct {
	// Index is the action's number, 1-based; 0 is opening the URL.
	Index int
	// Action is the plain-English action; Element describes the element
	// acted on and Target is its stable selector ("" without one).
	Action, Element, Target string
	// Calls are the tool calls that ran, as the scenario keeps them;
	// Steps the steps they came from, one per call.
	Calls []ToolCall
	Steps []Step
}

// Stop is the failure that stopped a compile: at which action (0: opening
// the URL) and why.
type Stop struct {
	Index   int
	Message string
}

// Usage is what a language model's answers cost: the server's token
// counts, the requests sent and the answers taken from the cache.
type Usage struct {
	PromptTokens, CompletionTokens int
	Requests, Cached               int
}

// StatusDetail says where and why an unsuccessful compile stopped:
// `compile stopped at action 4 of 6 ("click Pay"): <why>`.
func (c *Compiled) StatusDetail() string {
	index, why := c.ActionsRun()+1, "it did not finish"
	if c.Stop != nil {
		index, why = c.Stop.Index, c.Stop.Message
	}
	if c.Interrupted {
		why = "interrupted"
	}
	if index < 1 || index > len(c.Actions) {
		return fmt.Sprintf("compile stopped opening %s: %s", c.URL, why)
	}
	return fmt.Sprintf("compile stopped at action %d of %d (%q): %s", index, len(c.Actions), c.Actions[index-1], why)
}

// ActionsRun counts the scenario's actions that ran (opening the URL is
// not one).
func (c *Compiled) ActionsRun() int {
	n := 0
	for _, s := range c.Steps {
		if s.Index > 0 {
			n++
		}
	}
	return n
}
