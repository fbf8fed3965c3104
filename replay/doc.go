// Package replay is the Sandy player: it takes a loaded *sandy.Scenario and
// MCP servers to call, runs the steps in array order with no model, and gives
// out a *report.RunResult (per step: tool, params with secrets masked,
// duration, retries, skipped, error, extracted outputs).
//
// # Running
//
// A Player gets its tool callers from a Servers value, one session per
// server per run: the CLI opens MCP sessions from the discovered config (and
// the project's pinned @playwright/mcp for "playwright"), tests plug in an
// in-process server. Sessions are opened before the first step, so an
// unknown server or one that does not start fails the run before anything
// happens, and closed when the run ends.
//
// A failed step is data: Run returns a result with Success false and a nil
// error. Run returns an error only when the scenario cannot run: a missing
// required variable or a plain {{NAME}} that no variable defines in any
// step, selected or not (CheckVars, before any server is opened or any step
// runs; wrapping sandy.ErrInvalid), a server the config does not name
// (ConfigServers wraps mcpclient.ErrNoServer), a server that cannot be
// reached or is lost mid-run (wrapping mcpclient.ErrUnavailable; the steps
// run so far are kept in the result), or a cancelled context.
//
// A partial scenario (sandy.Scenario.Partial: its compile stopped early)
// runs like any other and its result is marked Partial; refusing it is the
// caller's choice (plaintest replay refuses it unless --allow-partial).
//
// # Suites
//
// What plaintest replay does with its FILE|DIR arguments is here too, for a
// program that runs a suite as the CLI does (see Example_suite): Files
// expands the arguments into scenario files, ParseShard and Shard.Select
// keep one CI machine's share, Load loads every file and refuses, all at
// once (*LoadError), what the run would refuse (partial scenarios unless
// Options.AllowPartial, CheckVars, Preflight), and Player.RunAll replays the
// suite Options.Parallel at a time, giving the results in file order.
//
// # Acting after a step
//
// Options.AfterStep, when set, is called right after each tool call that
// passed on its own target, before its wait_after, with the step as
// written, its params as called and the session it ran in (StepInfo):
// plaintest prove breaks what a check reads there, runs the check again
// and puts the page back before the next step. Its error ends the run.
//
// # Step semantics
//
//   - --start/--end (Options.Start, Options.End) select the steps whose step
//     number is at least Start and at most End. Step numbers increase in
//     array order (sandy.Validate refuses a scenario where they do not; gaps
//     are fine), so the selection is one run of consecutive steps, and it
//     runs in array order like the whole scenario.
//   - condition: substituted, then evaluated with sandy.EvalCondition (== and
//     != on strings); false skips the step.
//   - params: substituted with sandy.Vars ({{X}} alone keeps the value's type;
//     inside text objects become JSON; {{id.field}} reads an earlier output).
//   - on_error: stop (default) ends the run; skip records the failure and goes
//     on; retry makes retry.count attempts in all (default 3), retry.delay ms
//     apart (default 500), the delay multiplied by retry.backoff after each
//     attempt when backoff > 1, and goes on like skip when they run out.
//   - wait_after: seconds to wait after the step, interruptible.
//
// # Late targets
//
// Playwright MCP does not wait for a selector target: a click whose target
// matches nothing fails at once with `"<selector>" does not match any
// elements`. A call whose params have a "target" and whose failure says that
// is repeated every Options.Poll (100 ms) until Options.Timeout (5 s) has
// passed since the first call; then the step fails with the last error. A
// page that renders late does not fail a scenario, and a page that never
// renders fails it in bounded time. A browser_tabs select of a tab that is
// not open ("Tab 1 not found") is repeated the same way: a tab the last
// click opens is listed a moment after the click returns. Any other failure (a strict-mode
// violation when a selector matches two elements, a timeout of
// browser_wait_for, which waits by itself) is not repeated, unless the step
// says on_error: retry.
//
// # Output extraction
//
// A step's output maps names to JSONPath expressions (ojg's jp), read over
// the document of the tool's text result:
//
//   - the whole text, when it is JSON;
//   - else the "### Result" section of a Playwright MCP markdown result
//     (fenced or not), as JSON when it parses, else as a string;
//   - else the first fenced ```json block (or unlabelled fenced block) that
//     parses as JSON;
//   - else the whole text as one string, so "$" is the text.
//
// A path with a wildcard, slice, union, filter or descent ($.items[*].id,
// $..id) yields the list of every match (possibly empty); any other path
// yields its single match and fails the step when nothing matches.
// Extracted values are read later as {{id.name}}.
//
// # Built-in tools
//
//   - sandy__wait {duration}: wait duration seconds.
//   - sandy__log {message}: log the message (secrets masked) at info level
//     and put it in the step's output as "message".
//   - sandy__append_file {path, data, format}: append data (one item or an
//     array of items) to path as jsonl (default; one JSON line per item), csv
//     (a header of the first item's sorted keys when the file is new, then one
//     row per item) or json (the file holds one array; items are added to
//     it). path is relative to Options.Files and must stay inside it.
//   - sandy__wait_for_element {selector, timeout (s, default 10), interval (s,
//     default 0.5), mcp_server (default "playwright")}: polls
//     document.querySelector through the server's browser_evaluate until it
//     matches.
//   - sandy__wait_until {expression, timeout (s, default 30), interval,
//     mcp_server}: polls the JavaScript expression through browser_evaluate
//     until it is truthy.
//
// # Failure evidence
//
// When a step stops the run and a playwright session is open, the player
// saves a screenshot (<name>-step<N>.png) and the page snapshot
// (<name>-step<N>.snapshot.md) in Options.EvidenceDir and lists them in
// RunResult.Evidence. <name> is the scenario file's base name; a second
// file of the same base name (in another folder) replayed by the same
// Player gets that name plus a hash of its path, so nothing is overwritten.
// The screenshot's name is also the failed step's StepResult.Screenshot.
//
// Options.Screenshots all also saves a screenshot after every other step
// that ran (<name>-step<N>.png, in StepResult.Screenshot): one more call
// per step, so only when asked. Off saves no screenshot, only a failure's
// snapshot.
package replay
