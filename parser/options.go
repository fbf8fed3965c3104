package parser

import (
	"context"
	"log/slog"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/translator"
)

// Options configure a Compiler. The zero value (or nil) is usable.
type Options struct {
	// Translator reads the actions; nil means the rules translator.
	Translator translator.Translator
	// TranslatorName names it in the result ("rules" by default).
	TranslatorName string
	// Timeout is how long an element named by an action may take to appear
	// before the action fails. Default 5s.
	Timeout time.Duration
	// NavTimeout is the navigation timeout the browser server was given,
	// named when a page never finishes loading; 0 when unknown. It is also
	// how long a sentence that waits ("wait for Saved to appear") waits,
	// at compile and in the export (defaults.Navigation when 0).
	NavTimeout time.Duration
	// Poll is how soon the page is snapshotted again while waiting for an
	// element not there yet; later looks are spaced out (clock.Backoff:
	// 2.5, 5, then 10 times Poll). Default defaults.Poll.
	Poll time.Duration
	// EvidenceDir, when set, receives a screenshot and the minimized
	// snapshot of the page at a failure.
	EvidenceDir string
	// Progress, when set, is called after every action.
	Progress func(Event)
	// Logger receives debug logs; nil discards them.
	Logger *slog.Logger
	// Files is the folder an upload's file must be in (absolute); the
	// export names the file relative to it, as replay's --files reads it.
	// "" refuses uploads.
	Files string
	// FilesRefused, when Files is "" for a reason (a default folder that
	// a symbolic link leads to), is that reason: an upload says it.
	FilesRefused error
	// Observer, when set, is told of every call the compile makes
	// (observe.go).
	Observer Observer
	// ProveCheck, when set, is asked of each check the compile keeps, on
	// the page it passed on, before the next action (compile --prove): an
	// error refuses the check, and the action fails with its words (a
	// mutation of the page the check still passed on).
	ProveCheck func(ctx context.Context, c CheckRun) error
	// Tokens counts the tokens of Usage: the tokenizer of the model asked,
	// when one is (tokens.ForModel). Nil counts in tokens.Default's
	// encoding.
	Tokens *tokens.Counter
}

// waitTimeout is how long a sentence that waits for something to show
// waits: the navigation timeout.
func (o Options) waitTimeout() time.Duration {
	if o.NavTimeout > 0 {
		return o.NavTimeout
	}
	return defaults.Navigation
}

// Event reports one finished action to Options.Progress.
type Event struct {
	Index, Total int // Index 0 is opening the URL
	Action       string
	Step         *TestStep  // set when the action ran
	Err          *ErrorInfo // set when it failed
}
