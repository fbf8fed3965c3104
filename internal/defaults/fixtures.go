package defaults

import "time"

// The timings of what a scenario runs and of the project's fixtures.
const (
	// RetryDelay is the delay before a step's second attempt under
	// on_error "retry" when retry.delay is not given (Sandy's default).
	RetryDelay = 500 * time.Millisecond
	// BuiltinSelector and BuiltinCondition are the timeouts of Sandy's
	// browser built-ins wait_for_selector and wait_for_condition when the
	// step gives none, and BuiltinInterval how often they look again
	// (Sandy's player's defaults).
	BuiltinSelector  = 10 * time.Second
	BuiltinCondition = 30 * time.Second
	BuiltinInterval  = 500 * time.Millisecond
	// Evidence bounds the screenshot and snapshot replay takes of a failed
	// run.
	Evidence = 10 * time.Second
	// Trace bounds replay's browser_stop_tracing, which writes the run's
	// Playwright trace (replay --trace): a long run's snapshots and
	// screencast take a while to write.
	Trace = time.Minute
	// ComboOption bounds the compiler's look for a combo box's option
	// right after opening it, before it tries typing into it instead.
	ComboOption = 1500 * time.Millisecond
	// OfferDelay is how long the demo shop's products page waits to show
	// its special offer (plaintest demo --offer-delay).
	OfferDelay = 1500 * time.Millisecond
	// MaxPairTimeout is the longest timeout a must-fail pair
	// (corpus/mustfail) may set for its scenario.
	MaxPairTimeout = time.Minute
)
