// Package defaults is plaintest's one table of timings: how long compile,
// replay and the browser servers wait, and how often they ask again. Every
// package and every flag takes its default from here, so that what
// compiles under the defaults also replays under them. The "Timeouts"
// table of docs/compile.md lists them for users.
package defaults

import "time"

const (
	// Step is how long an action waits for its target to appear and act
	// (compile and replay --timeout; the browser servers' action timeout).
	Step = 5 * time.Second
	// Check is how long a check waits for what it checks to hold.
	Check = Step
	// Navigation is how long a page may take to load (--nav-timeout).
	Navigation = 30 * time.Second
	// Mutant is how long plaintest prove lets a check run on a page it
	// broke (a check whose function is its record's): the check fails
	// only at its timeout, and the broken fact is in place before it
	// starts, so two or three polls (defaults.Poll) tell.
	Mutant = 200 * time.Millisecond
	// Poll is how often a wait asks again: a check, a page still loading;
	// and how soon a missing target is looked for again (later looks
	// spaced out by clock.Backoff).
	Poll = 100 * time.Millisecond
	// ScrollSettle is how long a list is given to render the rows a
	// scroll brought into its box, after a frame, before it is read
	// again (a ScrollUntil step's scrolls).
	ScrollSettle = 50 * time.Millisecond
	// ScrollEnd is how long the end of a scrolled box is watched for more
	// rows (a list that loads its next page as its end comes into view)
	// before a ScrollUntil step scrolls it from its start, or fails.
	ScrollEnd = time.Second
	// Settle is how long @playwright/mcp waits after an action for work it
	// triggered (--timeout-settle; its own default is 500 ms).
	Settle = 100 * time.Millisecond
	// ServerStart is how long an MCP server may take to start and answer
	// initialize. A server that exits meanwhile is reported at once, so
	// this bounds only a server that hangs; @playwright/mcp, which answers
	// in about a second on an idle 2-core machine, took more than 30 s on
	// one whose page faults cost 12 µs each, with a test run beside it.
	ServerStart = 60 * time.Second
	// Call is how long one MCP call may take when no longer bound is known.
	// A browser server's call is bounded by it (or by its navigation and
	// action timeouts with CallSlack, when longer) even when the page's
	// script never yields.
	Call = 60 * time.Second
	// CallSlack is how much longer than its navigation and action
	// timeouts together a browser server's call may take: the settling
	// and reading after them.
	CallSlack = 15 * time.Second
	// Abandon is how long a call that overran its bound is given to end
	// once its page is closed, and how much longer than its bound a
	// session waits for an in-process server's answer, before each gives
	// up on it.
	Abandon = 5 * time.Second
	// PlaywrightMCPNavigation is @playwright/mcp's own navigation timeout,
	// for a server started without --timeout-navigation.
	PlaywrightMCPNavigation = 60 * time.Second
	// Model is how long one request to a language model may take.
	Model = 60 * time.Second
	// RequestHeader and RequestBody are how long plaintest mcp --http
	// waits for a request's headers, and then its body: a client that
	// sends them slower holds no connection longer (a stream the server
	// writes, SSE's, is not bounded by them).
	RequestHeader = 10 * time.Second
	RequestBody   = 30 * time.Second

	// MaxWait is the longest wait a scenario may write: a step's
	// wait_after, sandy__wait's duration, a browser built-in's timeout
	// and interval, one retry's delay. Validate refuses a longer one,
	// naming the field; a longer one that a placeholder gives fails its
	// step.
	MaxWait = 10 * time.Minute
)

// ChromiumArgs are the switches every Chromium plaintest launches gets: the
// built-in server's, the bundled @playwright/mcp's (through its config
// file) and exported specs' (through playwright.config.ts), so that compile,
// replay and the specs see a page the same way.
//
//   - --disable-smooth-scrolling: a key or wheel scroll (press End, Page
//     Down) jumps in one step and fires one scroll event, instead of an
//     animation of about 150 ms firing one a frame. What a page's scroll
//     handler saw of the animation depended on the machine's load: the
//     APG feed, which checks the scroll position at most every 100 ms and
//     drops the events in between, loaded its next articles after "press
//     End" in 2 of 3 runs, when the animation's last frame came more than
//     100 ms after its first.
//   - --use-fake-device-for-media-stream: a page's camera and microphone
//     are Chromium's fake devices (a test pattern, a tone), never the
//     machine's, so that a test that allows the camera ("allow the
//     camera") gets a stream on a machine with none, and a headed run
//     never shows a page the user's own camera. It answers no prompt:
//     a page that was not granted the camera is still refused.
var ChromiumArgs = []string{"--disable-smooth-scrolling", "--use-fake-device-for-media-stream"}
