package replay

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// What a scenario may open in the browser. A page the browser shows is text
// a later step can read (browser_evaluate, browser_snapshot) and send away
// (a navigation to a URL with {{step.field}} in it), so a scenario opens
// web pages only: file: URLs only with Options.AllowFileURLs, inside
// Options.FileURLRoot, and never a page that wraps another
// (view-source:file:...), a browser page (chrome:, devtools:) or script
// (javascript:). navrule decides; it is asked three times: before the run
// (Preflight, for URLs written out), at each step (the URL with its values)
// and, inside both browser servers, of every page the browser shows after
// each call, however it got there (a redirect, a script, a popup).

// isURLKey reports whether a tool argument named k is a URL the browser
// opens: url (browser_navigate, browser_tabs), urls, uri.
func isURLKey(k string) bool {
	switch strings.ToLower(k) {
	case "url", "urls", "uri":
		return true
	}
	return false
}

// UnsafeTool reports whether tool runs code of the scenario's outside the
// browser page, in the server's process: browser_run_code_unsafe, and
// browser_run_code, its name in earlier @playwright/mcp releases, in any
// case and with "-" or "." for "_".
func UnsafeTool(tool string) bool {
	k := strings.NewReplacer("_", "", "-", "", ".", "").Replace(strings.ToLower(tool))
	return k == "browserruncodeunsafe" || k == "browserruncode"
}

// refusedError is a URL argument the rule refuses. It is bad input.
type refusedError struct{ err error }

func (e *refusedError) Error() string   { return e.err.Error() }
func (e *refusedError) Unwrap() []error { return []error{e.err, sandy.ErrInvalid} }

// fileRule is the navigation rule of the scenario in file: local files
// under opts.FileURLRoot (default: the scenario file's own folder) with
// AllowFileURLs, none without.
func fileRule(file string, o *Options) navrule.Rule {
	if !o.AllowFileURLs {
		return navrule.Rule{}
	}
	dir := o.FileURLRoot
	if dir == "" {
		dir = filepath.Dir(file)
	}
	root, err := navrule.Root(dir)
	if err != nil {
		return navrule.Rule{}
	}
	return navrule.Rule{FileRoots: []string{root}}
}

// checkURLs checks the URL arguments of one call against rule. With
// written, an argument holding a placeholder is passed over (its value is
// not known before the run).
func checkURLs(rule navrule.Rule, params map[string]any, written bool) (string, error) {
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if !isURLKey(k) {
			continue
		}
		for _, v := range fileValues(params[k]) {
			if written && strings.Contains(v, "{{") {
				continue
			}
			if err := rule.Open(v); err != nil {
				return k, &refusedError{err}
			}
		}
	}
	return "", nil
}

// refusedByServer is a call the browser server refused under the rule: the
// page it reached (or the URL it was asked for) may not be shown. The run
// ends there, whatever the step's on_error: a retry would load it again.
func refusedByServer(res *mcpclient.Result) error {
	if res == nil || !res.Refused() {
		return nil
	}
	return &refusedError{fmt.Errorf("%w: the browser server says: %s", navrule.ErrRefused, strings.TrimSpace(res.Error))}
}

// OpensFileURLs reports whether sc, with its variables layered under layers
// (lowest precedence first), opens a file: URL: the bundled @playwright/mcp
// then has to be started with the file roots, and the flag that lets it
// open them. An argument that reads an earlier step's output cannot be
// known yet and is passed over.
func OpensFileURLs(sc *sandy.Scenario, layers ...map[string]string) bool {
	vars := sandy.NewVars(sc.Variables, layers...)
	for _, st := range sc.Steps {
		_, _, builtin, err := sandy.SplitTool(st.Tool)
		if err != nil || builtin {
			continue
		}
		for k, raw := range st.Params {
			if !isURLKey(k) {
				continue
			}
			for _, v := range fileValues(raw) {
				if s, err := vars.SubstituteString(v); err == nil && navrule.Scheme(navrule.Normalize(s)) == "file" {
					return true
				}
			}
		}
	}
	return false
}
