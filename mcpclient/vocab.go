package mcpclient

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/step"
)

// What @playwright/mcp says, read in one place: compile and replay ask a
// Result what happened instead of matching error texts themselves, so that
// a new server version changes this file only.

// Tool names of @playwright/mcp that plaintest calls or reasons about.
const (
	ToolNavigate     = step.ToolNavigate
	ToolNavigateBack = step.ToolNavigateBack
	ToolClick        = step.ToolClick
	ToolType         = step.ToolType
	ToolSelectOption = step.ToolSelectOption
	ToolFillForm     = step.ToolFillForm
	ToolPressKey     = step.ToolPressKey
	ToolHover        = step.ToolHover
	ToolWaitFor      = step.ToolWaitFor
	ToolSnapshot     = "browser_snapshot"
	ToolScreenshot   = "browser_take_screenshot"
	ToolGenLocator   = "browser_generate_locator" // with --caps testing
	// The other testing tools (--caps testing).
	ToolVerifyElementVisible = "browser_verify_element_visible"
	ToolVerifyTextVisible    = "browser_verify_text_visible"
	ToolVerifyValue          = "browser_verify_value"
	ToolEvaluate             = step.ToolEvaluate
	ToolClose                = "browser_close"
	ToolRunCodeUnsafe        = "browser_run_code_unsafe" // runs any code in the server's process
	ToolHandleDialog         = step.ToolHandleDialog     // accept or dismiss the dialog an action opened
	ToolFileUpload           = step.ToolFileUpload       // set the files of the file chooser an action opened
	ToolTabs                 = step.ToolTabs             // list, open, close or select a tab
	ToolDrag                 = step.ToolDrag             // drag one element onto another
	// Tracing (--caps devtools): a Playwright trace of the session's
	// browser context, from start to stop (replay --trace).
	ToolStartTracing = "browser_start_tracing"
	ToolStopTracing  = "browser_stop_tracing"
)

// CapDevtools is @playwright/mcp's capability (--caps devtools) that holds
// the tracing tools.
const CapDevtools = "devtools"

// linkTrace is the title of the link to the trace file in
// browser_stop_tracing's result: "- [Trace](/path/trace-1.trace)".
const linkTrace = "Trace"

// Error texts of @playwright/mcp (0.0.83) that callers react to.
const (
	// textNoMatch: a selector target that matches no element (yet).
	textNoMatch = "does not match any elements"
	// textStrict: a selector target that matches more than one element.
	textStrict = "strict mode violation"
	// textNoModal: a dialog's or a file chooser's tool called while none
	// is open (yet).
	textNoModal = "can only be used when there is related modal state present"
)

// TextNavigated is Playwright's error for a call into a document a
// navigation replaced while the call ran (both servers pass it on).
const TextNavigated = "Execution context was destroyed"

// errorPrefixes are what @playwright/mcp puts before an error's own words:
// "Error: browserBackend.callTool: Timeout 3000ms exceeded."
var errorPrefixes = []string{"Error:", "browserBackend.callTool:"}

// pageLostTexts are errors that mean the page or the whole browser is gone:
// closed, crashed or disconnected under the server.
var pageLostTexts = []string{
	"Target page, context or browser has been closed",
	"Browser has been closed",
	"browser has disconnected",
	"No open pages available",
	"Target crashed",
	"Page crashed",
}

// netErrorRe finds Chromium's network error codes that mean the site could
// not be reached at all (not a certificate or content problem).
var netErrorRe = regexp.MustCompile(`net::ERR_(?:CONNECTION_REFUSED|CONNECTION_RESET|CONNECTION_CLOSED|CONNECTION_FAILED|CONNECTION_TIMED_OUT|TIMED_OUT|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|ADDRESS_UNREACHABLE|ADDRESS_INVALID|INTERNET_DISCONNECTED|NETWORK_CHANGED|NETWORK_ACCESS_DENIED|EMPTY_RESPONSE|PROXY_CONNECTION_FAILED|SOCKS_CONNECTION_FAILED|TUNNEL_CONNECTION_FAILED)\b`)

// unknownToolRe is the error for a tool the server does not have (one of
// another capability, such as browser_generate_locator without --caps
// testing).
var unknownToolRe = regexp.MustCompile(`^(?:Error: )?Tool "[^"\n]*" not found`)

// tabMissingRe finds browser_tabs' error for an index no tab has.
var tabMissingRe = regexp.MustCompile(`\bTab \d+ not found\b`)

// timeoutRe finds Playwright's timeout errors ("Timeout 5000ms exceeded").
var timeoutRe = regexp.MustCompile(`\bTimeout \d+ms exceeded|\bTimeoutError\b`)

// ErrorLine returns the first line of the server's error without the
// prefixes @playwright/mcp puts before its words ("Error:", its internal
// call name), for a one-sentence message; "" when the call did not fail.
func (r *Result) ErrorLine() string {
	if !r.IsError {
		return ""
	}
	s := strings.TrimSpace(r.Error)
	for _, p := range errorPrefixes {
		s = strings.TrimSpace(strings.TrimPrefix(s, p))
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// NoMatch reports whether the call failed because its selector target
// matched no element: an element that may still appear.
func (r *Result) NoMatch() bool {
	return r.IsError && strings.Contains(r.Error, textNoMatch)
}

// Navigated reports whether the call failed because the page navigated
// while it ran: Playwright's "Execution context was destroyed, most
// likely because of a navigation". A check that read the page as it went
// may read the new one; nothing of the site failed. Quoted text is not
// read.
func (r *Result) Navigated() bool {
	return r.IsError && strings.Contains(unquoted(r.Error), TextNavigated)
}

// TabMissing reports whether browser_tabs failed because the tab it was
// asked for is not open: "Tab 1 not found" (both servers say it). A tab the
// last action opens may still be on its way.
func (r *Result) TabMissing() bool {
	return r.IsError && tabMissingRe.MatchString(r.Error)
}

// NoModal reports whether a tool that answers a dialog or a file chooser
// failed because none is open: "The tool "browser_handle_dialog" can only
// be used when there is related modal state present" (both servers say
// it). A dialog a page's timer opens after the last action may still be
// on its way.
func (r *Result) NoModal() bool {
	return r.IsError && strings.Contains(r.Error, textNoModal)
}

// SelectorProblem reports whether the call failed because its selector
// matched no element or more than one.
func (r *Result) SelectorProblem() bool {
	return r.IsError && (strings.Contains(r.Error, textNoMatch) || strings.Contains(r.Error, textStrict))
}

// UnknownTool reports whether the call failed because the server has no
// tool of that name. Such a server answers with a failed result rather than
// rejecting the request.
func (r *Result) UnknownTool() bool {
	return r.IsError && unknownToolRe.MatchString(strings.TrimSpace(r.Error))
}

// TraceFile returns the file browser_stop_tracing's result links as the
// trace ("- [Trace](PATH)" under "### Result"): @playwright/mcp's
// trace-N.trace, the action log of a trace it writes as files beside it
// (trace-N.network, resources/ and the other folders of a live trace), or
// the built-in server's trace-N.zip. "" when the result links none, or
// the call failed.
func (r *Result) TraceFile() string {
	if r.IsError {
		return ""
	}
	for _, line := range strings.Split(r.Text, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "- ["+linkTrace+"]("); ok {
			if path, ok := strings.CutSuffix(rest, ")"); ok && path != "" {
				return path
			}
		}
	}
	return ""
}

// NetError returns Chromium's network error ("net::ERR_CONNECTION_REFUSED")
// when the call failed because the site could not be reached, else "".
func (r *Result) NetError() string {
	if !r.IsError {
		return ""
	}
	return netErrorRe.FindString(r.Error)
}

// TimedOut reports whether the call failed on one of Playwright's own
// timeouts (an action or a navigation that did not finish in time).
func (r *Result) TimedOut() bool {
	return r.IsError && timeoutRe.MatchString(r.Error)
}

// PageLost returns the server's words when the call failed because the page
// or the browser it belonged to is gone (closed, crashed, disconnected),
// else "". A server that carries on after that does so in a fresh, blank
// page, so nothing after such a result can be trusted. Quoted text in the
// error (a selector, a text to wait for) is not read: a page may name its
// own button "Page crashed".
func (r *Result) PageLost() string {
	if !r.IsError {
		return ""
	}
	msg := unquoted(r.Error)
	for _, t := range pageLostTexts {
		if strings.Contains(msg, t) {
			return t
		}
	}
	return ""
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// unquoted returns s without its "double-" and 'single-quoted' spans
// (backslash escapes honoured), which in Playwright's errors hold selectors
// and texts taken from scenarios and pages.
func unquoted(s string) string {
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' && (i == 0 || !isWordByte(s[i-1])):
			quote = c // an apostrophe inside a word ("can't") quotes nothing
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ErrSiteUnreachable is wrapped by a *SiteError: the browser could not
// reach the site at all (refused, unresolvable, reset). That is the
// environment's fault, not the scenario's.
var ErrSiteUnreachable = errors.New("site unreachable")

// SiteError is a navigation that could not reach its site.
type SiteError struct {
	URL    string
	Reason string // the browser's words, e.g. "net::ERR_CONNECTION_REFUSED"
}

func (e *SiteError) Error() string { return "cannot reach " + e.URL + ": " + e.Reason }

// Unwrap makes errors.Is(err, ErrSiteUnreachable) hold.
func (e *SiteError) Unwrap() error { return ErrSiteUnreachable }

// ModalState is one dialog or file chooser an action opened, waiting for
// the tool that handles it.
type ModalState struct {
	// Description is the server's: `"confirm" dialog with message "Delete
	// it?"`, or "File chooser".
	Description string
	// Tool is the tool that handles it: ToolHandleDialog or ToolFileUpload.
	Tool string
}

// Dialog reports whether m is a browser dialog (alert, confirm, prompt).
func (m ModalState) Dialog() bool { return m.Tool == ToolHandleDialog }

// dialogDescRe reads a dialog's description as both servers write it:
// `"alert" dialog with message "Saved"`.
var dialogDescRe = regexp.MustCompile(`(?s)^"(\w+)" dialog with message "(.*)"$`)

// dialogAnswers are the sentences that answer each kind of dialog.
var dialogAnswers = map[string]string{
	"alert":   `"accept the alert" or "dismiss the dialog"`,
	"confirm": `"accept the confirm dialog" or "dismiss the dialog"`,
	"prompt":  `"type TEXT into the prompt and click OK" or "dismiss the dialog"`,
}

// DialogOpen is the failure of a step that does not answer the dialog m
// waiting (or of a scenario that ends with it open), the same words at
// compile and at replay: `a dialog is open: alert "Saved": answer it first
// ("accept the alert" or "dismiss the dialog")`.
func (m ModalState) DialogOpen() string {
	what, answers := m.Description, `"accept the dialog" or "dismiss the dialog"`
	if d := dialogDescRe.FindStringSubmatch(m.Description); d != nil {
		what = d[1] + ` "` + d[2] + `"`
		if a, ok := dialogAnswers[d[1]]; ok {
			answers = a
		}
	}
	return "a dialog is open: " + what + ": answer it first (" + answers + ")"
}

// OpenDialog is the first dialog among the modal states of r, and
// whether there is one.
func (r *Result) OpenDialog() (ModalState, bool) {
	for _, m := range r.ModalStates() {
		if m.Dialog() {
			return m, true
		}
	}
	return ModalState{}, false
}

// modalLineRe is a line of the modal states @playwright/mcp lists:
// `- ["alert" dialog with message "Saved"]: can be handled by browser_handle_dialog`.
var modalLineRe = regexp.MustCompile(`(?m)^- \[(.*)\]: can be handled by (browser_\w+)\s*$`)

// ModalStates returns the dialogs and file choosers waiting after the
// call, oldest first: those of its "### Modal state" section, or, for a
// call that failed because one waits, those its error lists.
func (r *Result) ModalStates() []ModalState {
	text := r.Modal
	if text == "" && r.IsError {
		text = r.Error
	}
	var out []ModalState
	for _, m := range modalLineRe.FindAllStringSubmatch(text, -1) {
		out = append(out, ModalState{Description: m[1], Tool: m[2]})
	}
	return out
}

// tabLineRe is a line of browser_tabs' list: "- 1: (current) [Title](url)".
var tabLineRe = regexp.MustCompile(`(?m)^- (\d+):( \(current\))? \[(.*)\]\((.*)\)`)

// Tab is one browser tab as browser_tabs lists it.
type Tab struct {
	Index      int
	Current    bool
	Title, URL string
}

// TabList returns the tabs browser_tabs listed in its result.
func (r *Result) TabList() []Tab {
	text := r.Value
	if text == "" {
		text = r.Text
	}
	var out []Tab
	for _, m := range tabLineRe.FindAllStringSubmatch(text, -1) {
		i, _ := strconv.Atoi(m[1])
		out = append(out, Tab{Index: i, Current: m[2] != "", Title: m[3], URL: m[4]})
	}
	return out
}
