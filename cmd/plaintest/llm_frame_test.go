package main

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// TestLLMOnFramePage: on a page whose payment form is in a frame, the
// model is shown the frame's elements (refs f1e…) and answers with them;
// compile exports frame-scoped targets, which replay with no model through
// each server, and fail on the broken page at the check. 10 s a step: under
// make test's load a click in a frame has taken over 5 s.
func TestLLMOnFramePage(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveFramePages(t)
	const goal = "pay with the test card"
	m := newModelServer(t, prompt.DefaultBudget, nil, func(r *openaitest.Request) openaitest.Reply {
		if r.Action() != goal {
			return openaitest.Reply{Text: "no script for " + r.Action()}
		}
		switch r.Taken() {
		case 0:
			return answer(openaitest.Call("input", r.Ref("textbox", "Card number"), "4242 4242 4242 4242"))
		case 1:
			return answer(openaitest.Call("click", r.Ref("button", "Pay"), ""))
		}
		return answer(openaitest.Call("done", "", ""))
	})
	out := t.TempDir() + "/pay.json"
	code, stdout, stderr := runCLIEnv(t, modelEnv(m), "compile", goal+" then check the payment frame shows Payment accepted",
		"--url", base+"/checkout", "-o", out, "--evidence", t.TempDir(), "--cache", t.TempDir(), "--timeout", "10s")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if reqs := m.Requests(); len(reqs) != 3 || !strings.Contains(reqs[0].Page(), `button "Pay" [f`) {
		page := ""
		if len(reqs) > 0 {
			page = reqs[0].Page()
		}
		t.Errorf("%d requests; the first shows the page:\n%s\nwant the frame's Pay button with its frame ref", len(reqs), page)
	}
	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	acted := 0
	for _, st := range sc.Steps {
		target, _ := st.Params["target"].(string)
		switch st.Tool {
		case "mcp__playwright__browser_type", "mcp__playwright__browser_click":
			acted++
			if !strings.HasPrefix(target, payFrame) {
				t.Errorf("step %d (%s) target %q is not in the payment frame", st.Step, st.Description, target)
			}
		}
	}
	if acted != 2 {
		t.Errorf("%d actions exported, want the type and the click", acted)
	}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		if code, stdout, stderr := runCLI(t, "replay", out, "--mcp", server, "--report", t.TempDir(), "--timeout", "10s"); code != 0 {
			t.Errorf("replay through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
		}
	}
	code, stdout, _ = runCLI(t, "replay", out, "--var", "BASE_URL="+base+"/broken", "--report", t.TempDir(), "--timeout", "10s")
	if code != 1 || !strings.Contains(stdout, "Payment accepted") {
		t.Errorf("replay on the broken page: exit %d, want 1 at the check\n%s", code, stdout)
	}
}
