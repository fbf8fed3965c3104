package defaults

import "time"

// The timings inside the built-in browser server (browserserver): how
// often it looks at the browser while it waits for an event Playwright
// tells it of only through its own state, and how long such waits last.
const (
	// NavPoll is how often the wait for a navigation's commit, or for the
	// first sign of a navigation the page started, looks again.
	NavPoll = 5 * time.Millisecond
	// NavStart bounds how long the server waits for the first sign of a
	// navigation the page said it started.
	NavStart = 5 * time.Second
	// Commit bounds the wait for a navigation's commit: a context
	// destroyed in a frame, not the main frame, commits nothing the tab
	// counts, and must not wait for long.
	Commit = time.Second
	// TabPoll is how often the server looks again for a tab an action
	// opened, or for a dialog or file chooser an action left open.
	TabPoll = 20 * time.Millisecond
	// TabAdd is how often the server looks for a new page in its list of
	// tabs (TabAddTries times) before it adds it itself.
	TabAdd      = 10 * time.Millisecond
	TabAddTries = 100
	// ChooserGrace is how long an action that opened a file chooser is
	// given to end (a file chooser does not block the page).
	ChooserGrace = 50 * time.Millisecond
	// WaitForPoll is how often browser_wait_for looks for its text again.
	WaitForPoll = 50 * time.Millisecond
	// WaitForTime is the longest time browser_wait_for waits when asked
	// to wait a time, as @playwright/mcp caps it.
	WaitForTime = 30 * time.Second
	// Spare bounds how long closing a session waits for the context the
	// server made ahead for the next one.
	Spare = 10 * time.Second
	// BackToBack is how soon after a session's end the next one must
	// start (connect) to count as back to back: less than making a
	// context takes.
	BackToBack = 250 * time.Millisecond
)
