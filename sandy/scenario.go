// Package sandy is the Sandy v2.1 scenario model: a JSON list of MCP tool
// calls with variables, replayable without a language model.
//
// It takes in scenario files and env files and gives out checked Scenario
// values: Load and Parse decode a scenario (upgrading v1.1 actions to v2.1
// tool calls), Validate reports every problem with its JSON path,
// UndefinedVars the {{NAME}} placeholders that no variable of a run defines
// (LoadWithVars lists them with the file's other problems), and Marshal
// writes a scenario back deterministically. Input that is not UTF-8 is
// refused with its position, never read as U+FFFD. For a run, Vars layers
// the variables (scenario < env file < --var) and the step outputs,
// substitutes {{placeholders}} in params, evaluates step conditions and
// lists the secrets to mask. It knows nothing about MCP sessions: running a
// scenario is the replay package's job.
//
// # Placeholders
//
// {{NAME}} is a placeholder when NAME (spaces around it are trimmed) is an
// identifier, [A-Za-z_][A-Za-z0-9_-]*, optionally followed by .segments of
// [A-Za-z0-9_-]+. An undotted name is a variable: {{BASE_URL}}. A dotted
// name reads a step output: {{create.number}} is the output "number" of the
// step with id "create", and further segments walk into the extracted value
// by object key or array index ({{search.items.0.id}}). Anything else
// between {{ and }} (JavaScript, {{ two words }}) is left as text, and so is
// a {{ with no }} after it. A backslash right before {{ escapes it: \{{X}}
// becomes the text {{X}} (the backslash is dropped); there is no way to write
// a backslash followed by a placeholder. Substituted values are never
// substituted again.
package sandy

// Default retry settings, used when retry or one of its fields is missing.
const (
	DefaultRetryCount = 3   // total attempts
	DefaultRetryDelay = 500 // milliseconds between attempts
)

// Version is the schema version this package writes.
const Version = "2.1"

// Scenario is one Sandy scenario file.
type Scenario struct {
	Version     string         `json:"version"`
	Metadata    Metadata       `json:"metadata"`
	Variables   map[string]any `json:"variables,omitempty"`
	Environment *Environment   `json:"environment,omitempty"`
	Steps       []Step         `json:"steps"`
}

// Metadata describes a scenario. Only Name is required.
type Metadata struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	CreatedAt   string `json:"created_at,omitempty"`
	CreatedBy   string `json:"created_by,omitempty"`
	TargetURL   string `json:"target_url,omitempty"`
	Instruction string `json:"instruction,omitempty"`
	// Status is "" for a complete scenario and StatusPartial for one whose
	// compile stopped before its last action; StatusDetail then says where
	// and why, e.g. `compile stopped at action 4 of 6 ("click Pay"): ...`.
	Status       string `json:"status,omitempty"`
	StatusDetail string `json:"status_detail,omitempty"`
	// Tags are the test's tags ("@smoke"), as its test file gives them;
	// replay --tags selects scenarios by them.
	Tags []string `json:"tags,omitempty"`
	// Source is the test file the scenario was compiled from, as the
	// compile was given it ("" for a test given on the command line).
	Source string `json:"source,omitempty"`
	// CompiledFrom is a digest of what the compile was given (the test's
	// words, URL, variables, and the compiler's contract): a suite
	// compile leaves a scenario whose test has the same digest as it is.
	CompiledFrom string `json:"compiled_from,omitempty"`
}

// StatusPartial is the metadata status of a scenario that holds only the
// steps before its compile stopped. Replaying it proves nothing about the
// actions it lacks: plaintest refuses it unless told otherwise.
const StatusPartial = "partial"

// Partial reports whether s is a partial scenario (metadata.status
// "partial").
func (s *Scenario) Partial() bool { return s.Metadata.Status == StatusPartial }

// PartialProblem is what a partial scenario is to a run or a check that
// refuses it: at metadata.status, "partial" and where its compile stopped
// ("partial (compile stopped at action 4 of 6 ...)").
func (s *Scenario) PartialProblem() Problem {
	msg := StatusPartial
	if d := s.Metadata.StatusDetail; d != "" {
		msg += " (" + d + ")"
	}
	return Problem{Path: "metadata.status", Msg: msg}
}

// Environment records where a scenario was recorded.
type Environment struct {
	MCP        string    `json:"mcp,omitempty"`
	Viewport   *Viewport `json:"viewport,omitempty"`
	RecordedAt string    `json:"recorded_at,omitempty"`
	// Server and ServerVersion name the browser MCP server that compiled the
	// scenario, as it named itself; ToolsFingerprint digests the argument
	// shapes of the tools the steps call on it (mcpclient.Fingerprint), so
	// that replay can tell a server whose tools changed. plaintest's own
	// additions: a Sandy player ignores them.
	Server           string `json:"server,omitempty"`
	ServerVersion    string `json:"server_version,omitempty"`
	ToolsFingerprint string `json:"tools_fingerprint,omitempty"`
	// Permissions are the browser permissions the scenario's browser
	// context starts with (plaintest's addition, "allow location access");
	// nil leaves the browser's default.
	Permissions *Permissions `json:"permissions,omitempty"`
}

// Viewport is the browser viewport of a recording.
type Viewport struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Step is one tool call of a scenario.
type Step struct {
	Step        int               `json:"step"`
	ID          string            `json:"id,omitempty"`
	Tool        string            `json:"tool,omitempty"`
	Action      string            `json:"action,omitempty"` // v1.1 only; Load upgrades it to Tool
	Params      map[string]any    `json:"params"`
	Output      map[string]string `json:"output,omitempty"`
	Description string            `json:"description,omitempty"`
	WaitAfter   float64           `json:"wait_after,omitempty"` // seconds
	OnError     OnError           `json:"on_error,omitempty"`
	Retry       *Retry            `json:"retry,omitempty"`
	Condition   string            `json:"condition,omitempty"`
	// Check is plaintest's record of what a check step reads (its kind
	// and what it expects), written by compile beside the call that
	// performs it; a Sandy player ignores it. Replay runs the call as
	// written; plaintest prove and the spec export read the record.
	Check *Check `json:"check,omitempty"`
	// SourceLine is the line, in the test file metadata.source names, of
	// the sentence the step came from (0: none known).
	SourceLine int `json:"source_line,omitempty"`
}

// Check is what a check step claims to read, as data (package commandgen
// reads and writes it from its table of check kinds).
type Check struct {
	// Kind is the kind of check: text, gone, state, value, count, url,
	// title, order, visible.
	Kind string `json:"kind"`
	// Element describes what the check reads ("" for the page); Role is
	// its role.
	Element string `json:"element,omitempty"`
	Role    string `json:"role,omitempty"`
	// Value is what it expects: the text, state, value, count, URL or
	// title, or the name of what must be shown.
	Value string `json:"value,omitempty"`
	// Values are the items an order check expects in order, or the roles
	// a count counts or a shown check looks for.
	Values []string `json:"values,omitempty"`
	// Match says how it compares (equals, contains, starts, ends, path; first,
	// last, sequence, nth:N; now).
	Match   string `json:"match,omitempty"`
	Negated bool   `json:"negated,omitempty"`
	// Wait marks a check the sentence waits for; Shadow one that reads
	// through open shadow roots.
	Wait   bool `json:"wait,omitempty"`
	Shadow bool `json:"shadow,omitempty"`
}

// OnError says what a failed step does to the run.
type OnError string

// The on_error values. The empty value means Stop.
const (
	Stop      OnError = "stop"
	Skip      OnError = "skip"
	RetryStep OnError = "retry"
)

// Retry configures on_error: retry.
type Retry struct {
	Count   int     `json:"count,omitempty"`   // total attempts; default 3
	Delay   int     `json:"delay,omitempty"`   // ms between attempts; default 500
	Backoff float64 `json:"backoff,omitempty"` // when > 1, the delay is multiplied by it after each attempt
	// Condition, when set, limits retries to failures whose error text
	// contains it; any other failure ends the run at once (a call that is
	// not safe to repeat is not repeated on an error its author excluded).
	Condition string `json:"condition,omitempty"`
}
