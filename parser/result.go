package parser

import (
	"time"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// Status is the outcome of a compile run.
type Status string

// The outcomes of a compile run.
const (
	Success Status = "success" // every action ran
	Partial Status = "partial" // some actions ran, then one failed
	Failed  Status = "failed"  // no action ran
)

// TestStep is one action that really ran, in the form it is exported.
type TestStep struct {
	// Index is the action's number, 1-based; 0 is opening the scenario's URL.
	Index int
	// Action is the plain-English action (secret values masked as {{NAME}}).
	Action string
	Kind   step.Kind
	// Element describes the element acted on, e.g. `button "Log in"`
	// (secret values masked as {{NAME}}).
	Element string
	// Target is the stable Playwright selector acted on (secret values
	// masked as {{NAME}}); "" for steps without an element.
	Target string
	// Calls are the tool calls that ran, as the scenario keeps them: a typed
	// value equal to a variable, and every secret value where it stands as
	// written, as {{NAME}}, which replay expands back; a
	// browser_wait_for first when the element appeared late (and its name is
	// visible text, else replay's late-target retry covers it), then the
	// action.
	Calls []step.ToolCall
	// Steps are the translator steps the Calls came from, one per call
	// (a wait's or a focus's is the step it serves), their texts written as
	// the calls are (secret values as {{NAME}}): what a format that states
	// intent rather than tool calls (a Playwright Test spec) is built from.
	Steps []step.Step
	// Waited is how long the element took to appear; 0 when it was there.
	Waited time.Duration
	// Translator is who read the action: "llm" when a language model
	// answered any of its steps, else "rules".
	Translator string
	// Model lists the answers a language model gave while reading the
	// action, in order, with what each cost (element descriptions masked).
	Model []translator.ModelCall
	// Duration is the wall time of the whole action.
	Duration time.Duration
	// Warnings say what may make the action's check vacuous (a check that
	// already held before the action it follows) or its element a guess:
	// a name read by some of its words, a button named by its icon.
	Warnings []string
}

// ErrorInfo describes the failure that stopped a run.
type ErrorInfo struct {
	// Index is the failing action's number (0: opening the URL).
	Index  int
	Action string
	// Call is the tool call that failed, when one did (variables as {{NAME}}).
	Call    *step.ToolCall
	Message string
	// Screenshot is the file holding a screenshot of the page at the failure.
	Screenshot string
	// Snapshot is the minimized page snapshot at the failure.
	Snapshot string
	// SnapshotFile is the file holding it, when evidence was saved.
	SnapshotFile string
}

// Usage counts what a run cost.
type Usage struct {
	Snapshots int
	// Tokenizer is the encoding every count here but the server's is in
	// (Options.Tokens).
	Tokenizer string
	// SnapshotTokens and MinimizedTokens are the tokens of every snapshot
	// taken, as returned and after minimizing (no budget).
	SnapshotTokens  int
	MinimizedTokens int
	// PromptTokens and CompletionTokens are a language model's tokens as
	// its server reported them (0 with the rules translator, and from a
	// server that reports none).
	PromptTokens     int
	CompletionTokens int
	// CountedPromptTokens is plaintest's own count of the prompts sent;
	// PageTokens the tokens of the pages in them, each cut to the budget
	// (translator.ModelCall).
	CountedPromptTokens int
	PageTokens          int
	// ModelRequests counts the requests sent to a language model (retries
	// of one request not counted); CachedAnswers the answers taken from the
	// cache instead.
	ModelRequests int
	CachedAnswers int
}

// ParserResult is what a compile run produced: the steps that really ran and,
// when it stopped early, why.
type ParserResult struct {
	Name    string
	URL     string // the scenario's URL, secret values masked as {{NAME}}
	BaseURL string // scheme://host[:port] of URL, exported as {{BASE_URL}}; "" for file URLs
	// Actions are the scenario's actions, secret values masked as {{NAME}}
	// in every form (package internal/secret).
	Actions []string
	// Variables are the declared variables and their values; SecretNames
	// the secrets, whose values are not kept.
	Variables   map[string]string
	SecretNames []string
	Steps       []TestStep
	Status      Status
	// Interrupted is true when the run's context ended (Ctrl-C, a
	// deadline) before the last action finished.
	Interrupted bool
	Errors      []ErrorInfo
	Usage       Usage
	Duration    time.Duration
	// Translator names the translator used ("rules", "llm", "auto").
	Translator string
	// Permissions are what the scenario's permission sentences ask of the
	// browser context (Scenario.Permissions); nil when it has none.
	Permissions *step.Permissions
}

// Compiled is the result as the writers of exports read it
// (sandyexport.Export, nanoclaw.Build): plain values, no compiler types.
func (r *ParserResult) Compiled() *step.Compiled {
	c := &step.Compiled{
		Name: r.Name, URL: r.URL, BaseURL: r.BaseURL, Actions: r.Actions,
		Variables: r.Variables, SecretNames: r.SecretNames, Translator: r.Translator,
		Complete: r.Status == Success, Status: string(r.Status), Interrupted: r.Interrupted, Duration: r.Duration,
		Model: step.Usage{PromptTokens: r.Usage.PromptTokens, CompletionTokens: r.Usage.CompletionTokens,
			Requests: r.Usage.ModelRequests, Cached: r.Usage.CachedAnswers},
		Permissions: r.Permissions,
	}
	if len(r.Errors) > 0 {
		c.Stop = &step.Stop{Index: r.Errors[0].Index, Message: r.Errors[0].Message}
	}
	for _, ts := range r.Steps {
		c.Steps = append(c.Steps, step.Action{Index: ts.Index, Action: ts.Action, Element: ts.Element, Target: ts.Target,
			Calls: ts.Calls, Steps: ts.Steps})
	}
	return c
}
