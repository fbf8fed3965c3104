package step

import "time"

// Record is one call of a compile as an observer of it sees it (the
// compiler's Options.Observer, which NanoClaw's bundle is written from):
// a tool call of the browser server with its result or failure, or
// (Model set) one answer of a language model. It holds plain values: the
// compiler reads the server's result and error for it.
type Record struct {
	Tool string
	// Args are the arguments as sent, placeholders expanded: they may
	// hold secret values, which a writer must mask.
	Args       map[string]any
	Start, End time.Time
	// Result is what the call returned; nil when it returned nothing.
	Result *Result
	// Failure says how the call failed ("" when it did not); Retryable
	// whether calling again may help; Message the failure's first line.
	Failure   Failure
	Retryable bool
	Message   string
	// Model is a language model's answer; Action the text it was asked
	// to read.
	Model  *ModelAnswer
	Action string
}

// ModelTool is the tool name a model's answer is recorded under: the
// function the model is made to call (package prompt, which a test holds
// to it).
const ModelTool = "intermediate_step"

// Result is what a record keeps of a tool's result: the sections the
// server's answer has, by name ("code", "snapshot", "snapshot_file",
// "page_url", "page_title", "value", "events"), its whole text, and its
// images by type and size.
type Result struct {
	Sections map[string]string
	Text     string
	Images   []Image
}

// Image is an image of a result: its type and size.
type Image struct {
	MIMEType string
	Bytes    int
}

// Failure is how a call failed.
type Failure string

// The ways a call fails.
const (
	FailNoMatch     Failure = "no_match"     // the target matched no element yet (retried while waiting)
	FailTimeout     Failure = "timeout"      // the action or the page load timed out
	FailNetwork     Failure = "network"      // the site could not be reached
	FailBrowserLost Failure = "browser_lost" // the browser died or closed
	FailUnavailable Failure = "unavailable"  // the server is gone or did not answer
	FailRejected    Failure = "rejected"     // the server refused the request (an unknown tool)
	FailInterrupted Failure = "interrupted"  // the run was stopped (Ctrl-C, a deadline)
	FailTool        Failure = "tool_error"   // any other failure the tool reported
)

// ModelAnswer is one answer of a language model and what it cost.
type ModelAnswer struct {
	Model string
	// Answer is the answer's action type ("input", "done"); "" when no
	// usable answer came.
	Answer string
	// Element describes the element the answer acts on, when it names one.
	Element                        string
	PromptTokens, CompletionTokens int
	// Requests is how many requests the answer took; 0 from the cache.
	Requests int
	Cached   bool
}
