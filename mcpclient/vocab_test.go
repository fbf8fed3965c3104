package mcpclient

import "testing"

// TestResultVocabulary: each question a caller asks a Result is answered
// from @playwright/mcp's own error texts, and only for a failed result.
func TestResultVocabulary(t *testing.T) {
	type answers struct {
		noMatch, selector, timedOut, unknownTool bool
		netError, pageLost, errorLine            string
	}
	for _, tt := range []struct {
		name string
		err  string
		want answers
	}{
		{"no match", `Error: "internal:role=button[name=\"Pay\"i]" does not match any elements.`,
			answers{noMatch: true, selector: true, errorLine: `"internal:role=button[name=\"Pay\"i]" does not match any elements.`}},
		{"strict", `Error: strict mode violation: "internal:role=button" resolved to 2 elements`,
			answers{selector: true, errorLine: `strict mode violation: "internal:role=button" resolved to 2 elements`}},
		{"timeout", "Error: browserBackend.callTool: Timeout 3000ms exceeded.\nCall log:", answers{timedOut: true, errorLine: "Timeout 3000ms exceeded."}},
		{"refused", "Error: page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/", answers{netError: "net::ERR_CONNECTION_REFUSED", errorLine: "page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/"}},
		{"certificate", "Error: page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://x/", answers{errorLine: "page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://x/"}},
		{"crashed", "Error: Target crashed", answers{pageLost: "Target crashed", errorLine: "Target crashed"}},
		{"quoted crash", `Error: "text=Page crashed" does not match any elements.`, answers{noMatch: true, selector: true,
			errorLine: `"text=Page crashed" does not match any elements.`}},
		{"unknown tool", `Tool "browser_generate_locator" not found`, answers{unknownTool: true, errorLine: `Tool "browser_generate_locator" not found`}},
		{"a tool's own not found", `Error: Element with role "button" and accessible name "Tool \"x\" not found" not found`,
			answers{errorLine: `Element with role "button" and accessible name "Tool \"x\" not found" not found`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, failed := range []bool{true, false} {
				r := &Result{IsError: failed, Error: tt.err, Text: tt.err}
				got := answers{r.NoMatch(), r.SelectorProblem(), r.TimedOut(), r.UnknownTool(), r.NetError(), r.PageLost(), r.ErrorLine()}
				want := tt.want
				if !failed {
					want = answers{} // a result that did not fail answers nothing
				}
				if got != want {
					t.Errorf("IsError %v: got %+v, want %+v", failed, got, want)
				}
			}
		})
	}
}

// TestTraceFile: browser_stop_tracing's result names the trace by its
// "Trace" link, as @playwright/mcp 0.0.83 words it (its other links, the
// network log and the resources, are not the trace), and the built-in
// server's by the same link to its zip; a failed call names none.
func TestTraceFile(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		failed     bool
		want       string
	}{
		{"@playwright/mcp", "### Result\nTrace recording stopped.\n- [Trace](/tmp/out/traces/trace-1790.trace)\n- [Network log](/tmp/out/traces/trace-1790.network)\n- [Resources](/tmp/out/traces/resources)",
			false, "/tmp/out/traces/trace-1790.trace"},
		{"builtin", "### Result\nTrace recording stopped.\n- [Trace](/tmp/plaintest-builtin-traces-1/trace-3.zip)", false, "/tmp/plaintest-builtin-traces-1/trace-3.zip"},
		{"a folder with a parenthesis", "### Result\n- [Trace](/tmp/a (1)/trace-1.trace)\r\n", false, "/tmp/a (1)/trace-1.trace"},
		{"relative, as a server without --file-paths absolute links it", "### Result\n- [Trace](.playwright-mcp/traces/trace-1.trace)", false, ".playwright-mcp/traces/trace-1.trace"},
		{"start's links name no trace", "### Result\nTrace recording started\n- [Action log](/o/traces/trace-1.trace)\n- [Network log](/o/traces/trace-1.network)", false, ""},
		{"failed", "### Error\nError: Tracing is not started\n- [Trace](/x.trace)", true, ""},
		{"empty link", "- [Trace]()", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseText(tt.text)
			r.IsError = tt.failed
			if got := r.TraceFile(); got != tt.want {
				t.Errorf("TraceFile() = %q, want %q", got, tt.want)
			}
		})
	}
}
