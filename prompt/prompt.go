// Package prompt builds the question a language model is asked about one
// action: the messages (the rules of package prompts' system.md, then the
// action, the earlier actions, the steps already taken for it, the
// placeholders it may type and the current page fenced as data) and the one
// function it must answer through, intermediate_step (schema.go).
//
// It takes an Input whose texts already have secret values written as
// {{NAME}} (the page's text is redacted here, as it is minimized and cut to
// the token budget) and gives a Request of the project's own types: the
// translator turns it into a chat-completion call. The page the model is
// shown comes back with the request, since the refs of that page are the
// only ones an answer may name.
package prompt

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"text/template"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/prompts"
)

// DefaultBudget is how many tokens (of Input.Tokens) the page may take in
// a prompt when Input.Budget is 0. Measured on the corpus pages
// (docs/figures.md), 1,000 keeps the element an action names on 255 of 256 pages
// that show it, as 2,000 keeps 256, for a median page of 994 tokens
// instead of 1,398; a whole request then takes about 2,000 tokens, which a
// local server's small default context (Ollama's 2,048 or 4,096) holds.
const DefaultBudget = 1000

// Input is what one question is built from. Every text in it but the page
// must already have its secret values written as {{NAME}}.
type Input struct {
	// Action is the plain-English action being read.
	Action string
	// URL and Title are the current page's.
	URL, Title string
	// Page is the current page's full tree; Build minimizes it.
	Page *dom.Node
	// Budget is the most tokens the page may take; 0 means DefaultBudget.
	Budget int
	// Tokens counts them: the tokenizer of the model asked
	// (tokens.ForModel). Nil counts in tokens.Default's encoding.
	Tokens *tokens.Counter
	// Redact are the secret values: hidden ("***") wherever the page shows
	// one.
	Redact []string
	// History holds the test's earlier actions, oldest first.
	History []string
	// Taken describes the steps already run for this action, in order
	// (`input textbox "Username" "demo"`).
	Taken []string
	// Placeholders are the {{NAME}}s the model may type.
	Placeholders []Placeholder
	// Origins are where a navigation may go (scheme://host[:port]).
	Origins []string
	// Intent is what the action asks, as the rules' grammar reads it:
	// IntentCheck (it only looks at the page), IntentAct (it does
	// something), or "" (neither is sure). The model is told which steps
	// it may answer; the translator holds it to that.
	Intent string
	// Retry, when set, sends a refused answer back with the reason.
	Retry *Retry
}

// The intents of an action (Input.Intent).
const (
	IntentCheck = "check"
	IntentAct   = "act"
)

// Placeholder is a variable the model may type as {{Name}}.
type Placeholder struct {
	Name string
	// Value is shown for a plain variable, never for a secret.
	Value  string
	Secret bool
}

// Retry is a refused answer and why it was refused.
type Retry struct {
	Answer string // the function arguments the model sent
	Reason string
	// Schema, when set, shows the model the JSON Schema of the arguments
	// again: its answer could not be read as a call of the function.
	Schema bool
}

// Message is one chat message: Role is "system" or "user".
type Message struct {
	Role, Content string
}

// Request is one question for the model.
type Request struct {
	Messages []Message
	// Function is the one function the model must call.
	Function Function
	// Page is the page as the model is shown it (minimized, cut, redacted):
	// its refs are the ones an answer may name.
	Page *dom.Node
	// PageTokens is the tokens of the page's text in the prompt, counted
	// with Input.Tokens: at most the budget.
	PageTokens int
	// Tokens is the tokens of the whole request, counted with Input.Tokens
	// as OpenAI's cookbook counts chat messages (each message's role and
	// content and 3 tokens more, 3 for the answer's start), the function
	// counted as the JSON of its name, description and parameters. A server
	// lays the function out its own way, so its count differs from this
	// one by some tokens.
	Tokens int
}

var templates = template.Must(template.New("").Delims(prompts.LeftDelim, prompts.RightDelim).
	Funcs(template.FuncMap{"inc": func(i int) int { return i + 1 }}).
	ParseFS(prompts.FS, "*.md"))

// Build renders the question of in.
func Build(in Input) (*Request, error) {
	if in.Page == nil {
		return nil, fmt.Errorf("prompt: no page")
	}
	budget := in.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	count := in.Tokens
	if count == nil {
		count = tokens.Default()
	}
	// The one place the page is cut for a prompt.
	shown := dom.Minimize(in.Page, &dom.MinimizeOptions{Budget: budget, Focus: in.Action, Redact: in.Redact, Tokens: count})
	page := dom.Serialize(shown)
	url, title := oneLine(in.URL), oneLine(in.Title)
	system, err := render("system.md", struct{ Origins []string }{in.Origins})
	if err != nil {
		return nil, err
	}
	var history, taken []string
	for _, h := range in.History {
		history = append(history, oneLine(h))
	}
	for _, s := range in.Taken {
		taken = append(taken, oneLine(s))
	}
	step, err := render("step.md", struct {
		Action, Intent          string
		History, Taken          []string
		Placeholders            []Placeholder
		Fence, URL, Title, Page string
	}{oneLine(in.Action), in.Intent, history, taken, in.Placeholders, fence(url, title, page), url, title, page})
	if err != nil {
		return nil, err
	}
	req := &Request{
		Messages:   []Message{{"system", system}, {"user", step}},
		Function:   IntermediateStepFunction(),
		Page:       shown,
		PageTokens: count.Count(page),
	}
	if in.Retry != nil {
		schema := ""
		if in.Retry.Schema {
			schema = string(req.Function.Parameters)
		}
		retry, err := render("retry.md", struct{ Answer, Reason, Schema string }{oneLine(in.Retry.Answer), oneLine(in.Retry.Reason), schema})
		if err != nil {
			return nil, err
		}
		req.Messages = append(req.Messages, Message{"user", retry})
	}
	req.Tokens = countRequest(count, req.Messages, req.Function)
	return req, nil
}

// countRequest counts a request's tokens as Request.Tokens says.
func countRequest(count *tokens.Counter, messages []Message, f Function) int {
	n := 3 // the answer's start
	for _, m := range messages {
		n += 3 + count.Count(m.Role) + count.Count(m.Content)
	}
	return n + count.Count(f.Name) + count.Count(f.Description) + count.Count(string(f.Parameters))
}

func render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("prompt: %s: %w", name, err)
	}
	return strings.TrimSpace(b.String()), nil
}

// fence is the marker around the page's text: PAGE- and the start of the
// text's SHA-256, which that text cannot contain, so a page cannot close
// the fence early and speak outside it.
func fence(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return "PAGE-" + hex.EncodeToString(h[:6])
}

// oneLine folds runs of white space, line breaks included, into one space:
// a text from outside cannot start a line of the prompt.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
