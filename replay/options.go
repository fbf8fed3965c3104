package replay

// A Player's Options and their defaults.

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay/tracing"
	"github.com/plaintest/plaintest/report"
)

// Defaults of Options.
const (
	// DefaultFiles is the folder a scenario's file arguments are confined to.
	DefaultFiles = ".sandy/files"
	// DefaultBrowser is the server used for failure evidence and by the
	// sandy__wait_for_element and sandy__wait_until built-ins.
	DefaultBrowser = mcpclient.PlaywrightServer
)

// Options configure a Player. Nil or zero fields take the defaults above.
type Options struct {
	// Logger receives debug and progress records; nil discards them.
	Logger *slog.Logger
	// Vars are variable layers over the scenario's own variables, lowest
	// precedence first: the --env file, then --var values.
	Vars []map[string]string
	// Timeout bounds how long a step waits for a target that does not
	// match any element yet. Default defaults.Step.
	Timeout time.Duration
	// NavTimeout is the navigation timeout the browser server was given,
	// named in the failure of a page that never finishes loading; 0 when
	// unknown (a server from the config, with its own).
	NavTimeout time.Duration
	// Poll is how soon a target not there yet is asked for again; later
	// attempts are spaced out (clock.Backoff: 2.5, 5, then 10 times Poll).
	// Default defaults.Poll.
	Poll time.Duration
	// Start and End select the steps numbered Start to End (inclusive, by
	// step number, not position; 0 means no bound). Step numbers increase
	// in array order, so the selection is a run of consecutive steps.
	Start, End int
	// DryRun resolves variables and reports the calls without opening any
	// server.
	DryRun bool
	// Progress, when set, is called as each step starts and ends.
	Progress func(report.StepEvent)
	// EvidenceDir is where a failed run's screenshot and snapshot go, and
	// with Screenshots all every step's screenshot; "" saves none.
	EvidenceDir string
	// Screenshots says which steps get a screenshot in EvidenceDir, its
	// name in report.StepResult.Screenshot: the step that ended the run
	// (ScreenshotsFailure, the default), every step that ran
	// (ScreenshotsAll: one more browser_take_screenshot per step), or none
	// (ScreenshotsOff: a failure still saves the page snapshot).
	Screenshots Screenshots
	// Trace says which runs keep a Playwright trace, NAME.trace.zip in
	// EvidenceDir (report.RunResult.Trace): package tracing's modes.
	Trace tracing.Mode
	// Files is the one folder a scenario may read and write files in:
	// sandy__append_file's path, and every tool argument that names a file
	// (see files.go). A folder named here is used as named, through any
	// symbolic link. The default, DefaultFiles in the working directory,
	// is the folder named, not where a link leads: a run whose scenario
	// names a file is refused when that folder, or a part of its path
	// below the working directory, is a symbolic link (a checkout may
	// commit .sandy/files -> /), and it is made and opened one part at a
	// time so that none becomes one meanwhile.
	Files string
	// AllowUnsafeCode lets a scenario call browser_run_code_unsafe, which
	// runs any code in the browser server's process. Off, such a scenario
	// is refused before it starts.
	AllowUnsafeCode bool
	// AllowFileURLs lets a scenario open file: URLs inside FileURLRoot
	// (default: the folder of the scenario's own file). Off, a file: URL is
	// refused, before the run when it is written out, else at its step.
	// Pages that wrap a file (view-source:file:) and browser pages
	// (chrome:, devtools:) are refused either way; see urls.go.
	AllowFileURLs bool
	FileURLRoot   string
	// AllowChromeBridge lets steps of claude-in-chrome run: with no entry
	// of that name in the MCP config, they drive the user's own Chrome,
	// logged in, through Claude Code's bridge. Off, such a scenario is
	// refused before it starts (see chrome.go). Set it too when the
	// config names that server: its steps then go there.
	AllowChromeBridge bool
	// Browser names the server used for evidence and by the browser
	// built-ins. Default DefaultBrowser.
	Browser string

	// Healer, when set, re-reads an action step whose target no longer
	// names its compiled element (replay --heal): a step run on a healed
	// target is StatusHealed and listed in RunResult.Heals.
	Healer Healer
	// NoIdentity sends action targets as written, without narrowing them
	// to their compiled identity (for measuring what the check costs).
	NoIdentity bool
	// Debug logs each step's params and result (trimmed, masked) at
	// debug level.
	Debug bool
	// IncludeResults says which steps keep their tool's result in
	// report.StepResult.Result (Sandy's --include-results): none (the
	// default), every step, or failed steps only.
	IncludeResults Include

	// AllowPartial lets Load accept partial scenarios
	// (sandy.Scenario.Partial). Run replays whatever it is given.
	AllowPartial bool
	// Parallel is how many scenarios RunAll runs at once. Default 1.
	Parallel int
	// Finished, when set, is called by RunAll with each result as its run
	// ends, from the run's goroutine: it must be safe for concurrent use.
	Finished func(*report.RunResult)
	// AfterStep, when set, is called right after each tool call that
	// passed (not one healed, skipped or dry-run), before its wait_after,
	// in the step's own session: what it does to the page the next step
	// sees. An error ends the run (the result names the step it followed).
	// It is called from the run's goroutine: with Parallel above 1 it must
	// be safe for concurrent use.
	AfterStep func(ctx context.Context, s StepInfo) error

	// filesBase is the working directory when Files was the default:
	// no part of its path below it may be a symbolic link. "" when Files
	// was named.
	filesBase string
}

func (o *Options) withDefaults() Options {
	var v Options
	if o != nil {
		v = *o
	}
	if v.Logger == nil {
		v.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if v.Timeout <= 0 {
		v.Timeout = defaults.Step
	}
	if v.Poll <= 0 {
		v.Poll = defaults.Poll
	}
	if v.Files == "" {
		v.Files, v.filesBase = DefaultFiles, "."
		if wd, err := os.Getwd(); err == nil {
			v.Files, v.filesBase = filepath.Join(wd, DefaultFiles), wd
		}
	}
	if abs, err := filepath.Abs(v.Files); err == nil {
		v.Files = abs
	}
	if v.Browser == "" {
		v.Browser = DefaultBrowser
	}
	if v.Parallel < 1 {
		v.Parallel = 1
	}
	if v.Screenshots == "" {
		v.Screenshots = ScreenshotsFailure
	}
	return v
}

// Include is which steps keep their tool's result (Options.IncludeResults).
type Include string

// Values of Include, as Sandy's --include-results spells them.
const (
	IncludeNone      Include = ""
	IncludeAll       Include = "true"
	IncludeOnFailure Include = "on_failure"
)

// ParseInclude reads an --include-results value: true, false or
// on_failure.
func ParseInclude(s string) (Include, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "false", "":
		return IncludeNone, nil
	case "true":
		return IncludeAll, nil
	case "on_failure":
		return IncludeOnFailure, nil
	}
	return IncludeNone, fmt.Errorf("include-results %q: want true, false or on_failure", s)
}
