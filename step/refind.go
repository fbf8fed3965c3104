package step

import "strings"

// refindJS wraps a check's function (%s) for plaintest's own compile and
// replay: when the element it was given leaves the document for good (a
// framework re-rendered the row or list it was in) while the check still
// fails, it stops with the words of a target that matches nothing, so the
// caller calls it again and the target is found anew. A check that holds
// on the detached element (hidden, gone) has a poll to say so first: the
// element must be detached at two ticks 250 ms apart.
const refindJS = `async (el) => { const p = (%s)(el); p.catch(() => {}); let t; const gone = new Promise((_, no) => { let was = false; t = setInterval(() => { if (el.isConnected) { was = false; return; } if (was) no(new Error('` + refindWords + `')); was = true; }, 250); }); try { return await Promise.race([p, gone]); } finally { clearInterval(t); } }`

// refindWords are refindJS's error: mcpclient.Result.NoMatch reads them as
// a target that matches nothing.
const refindWords = "the element was replaced: its target does not match any elements now"

// Refinding returns call as plaintest sends it: a check scoped to an
// element (a browser_evaluate with a target whose function is one of
// plaintest's checks) wrapped in refindJS, so that an element the page
// replaces is found again; any other call unchanged. The export keeps the
// check as compiled: the wrap exists only between plaintest and the page.
func Refinding(call ToolCall) ToolCall {
	fn, _ := call.Args["function"].(string)
	target, _ := call.Args["target"].(string)
	if call.Tool != ToolEvaluate || target == "" || !strings.HasPrefix(fn, "async (el) => {") || strings.Contains(fn, refindWords) {
		return call
	}
	if _, ok := CheckTimeout(fn); !ok {
		return call
	}
	args := make(map[string]any, len(call.Args))
	for k, v := range call.Args {
		args[k] = v
	}
	args["function"] = strings.Replace(refindJS, "%s", fn, 1)
	return ToolCall{Tool: call.Tool, Args: args}
}
