// Package translator is what the compiler asks to read an action: one
// plain-English action and the current page in (Request), concrete
// intermediate steps out ("add the Blue Mug to the cart" becomes a click on
// the ref of the right "Add to cart" button), or a typed refusal.
//
// It holds the surface every translator shares: Request, the Translator
// interface, the errors a translator answers with (*NotFoundError or
// *AmbiguousError listing the closest elements, one wrapping
// ErrUnparsable, ErrModelUnavailable), ModelCall, MultiRound, and Auto,
// which asks the rules first and the model for what they cannot read. The
// translators and what they are made of are its subpackages, each
// importing only those below it:
//
//   - lexicon: the English words the rules read, one table per fact;
//   - names: finding the element of the page that a phrase names;
//   - grammar: the rules translator, deterministic and model-free;
//   - llm: the model translator, an OpenAI-compatible model asked through
//     function calling, one step at a time;
//   - openaitest: a fake model server for the tests.
//
// All read the page as a dom.Node tree and answer with refs of that tree;
// turning refs into tool calls and stable selectors is the job of package
// commandgen and the parser.
package translator

import (
	"context"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// Request is one action to translate against the current page.
type Request struct {
	Action string
	// Page is the full (not minimized) tree of the current page.
	Page *dom.Node
	// URL is the current page's URL.
	URL string
	// History holds the earlier actions of the scenario, oldest first.
	History []string
	// Previous names what the previous action acted on ("Buy milk"), for
	// "click its delete button".
	Previous string
	// Continued is set when Action is the Then of steps that have just run:
	// it is not continued again.
	Continued bool
	// Title is the current page's title.
	Title string
	// Taken are the steps already run for this action, in order, when it is
	// Continued.
	Taken []step.Step
	// Dialog describes the browser dialog (alert, confirm, prompt) the
	// previous action opened and nobody has handled yet, as the server
	// says it (`"confirm" dialog with message "Delete it?"`); "" when none
	// is open. While one is, the page cannot be read or acted on.
	Dialog string
	// Record, when set, is told what every answer of a language model cost,
	// whatever Translate returns.
	Record func(ModelCall)
	// Note, when set, is told what a person should know of how the action
	// was read, where a name was taken loosely: the element whose name
	// holds the phrase's words with others among them (`"Select all rows"
	// is read as checkbox "Select all 12 rows."`). The caller prints it as
	// a warning once the action's steps ran.
	Note func(string)
}

// ModelCall is one answer of a language model and what it cost.
type ModelCall struct {
	Model string
	// Answer is the answer's action type ("input", "done"); "" when no
	// usable answer came.
	Answer string
	// Element describes the element the answer acts on, when it names one.
	Element string
	// PromptTokens and CompletionTokens are the server's counts, summed
	// over Requests; 0 when the server reports none.
	PromptTokens, CompletionTokens int
	// CountedPromptTokens is plaintest's own count of the prompts sent,
	// with the model's tokenizer (prompt.Request.Tokens), summed over
	// Requests; PageTokens the tokens of the page shown (or, for a cached
	// answer, that would have been).
	CountedPromptTokens, PageTokens int
	// Requests is how many requests the answer took: 1, more when an
	// answer was refused and asked again; 0 when it came from the cache.
	Requests int
	Cached   bool
}

// MultiRound is implemented by a translator that reads one action over
// several rounds, each a step and a Then: MaxRounds is how many rounds an
// action may take before the caller gives up on it (0: the caller's
// default).
type MultiRound interface {
	MaxRounds() int
}

// Translator turns one action into steps. It returns a *NotFoundError when
// the page lacks the element the action names (the caller may wait for the
// page and ask again), an *AmbiguousError when several elements fit equally
// well, and an error wrapping ErrUnparsable when it cannot read the action.
type Translator interface {
	Translate(ctx context.Context, req Request) ([]step.Step, error)
}
