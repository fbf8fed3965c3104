package prove

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// Every mutation the table of check kinds names is written in
// mutations.js, and every mutation there is named by a kind.
func TestEveryMutationIsWritten(t *testing.T) {
	named := map[string]bool{}
	for _, k := range []string{"text", "gone", "state", "value", "count", "url", "title", "order", "visible", "colour"} {
		ms, ok := commandgen.Mutations(k)
		if !ok {
			t.Fatalf("no kind %q", k)
		}
		for _, m := range ms {
			named[jsName(m)] = true
			if !hasMutation(m) {
				t.Errorf("kind %s names the mutation %q, which mutations.js does not declare (%s)", k, m, jsName(m))
			}
		}
	}
	for _, d := range decls {
		if !named[d.Name] && !slices.Contains(helperNames, d.Name) {
			t.Errorf("mutations.js declares %s, which no kind names and which is no helper", d.Name)
		}
	}
	for _, n := range helperNames {
		if _, ok := lookup(n); !ok {
			t.Errorf("helper %s is not in mutations.js", n)
		}
	}
}

func lookup(name string) (string, bool) {
	for _, d := range decls {
		if d.Name == name {
			return d.Value, true
		}
	}
	return "", false
}

// A mutation's function is one line holding what it calls and no more,
// and node reads it.
func TestMutationCalls(t *testing.T) {
	rec := &sandy.Check{Kind: "count", Value: "2", Values: []string{"listitem"}}
	c, err := mutationCall("item added", rec, "#cart")
	if err != nil {
		t.Fatal(err)
	}
	fn := c.Args["function"].(string)
	for _, want := range []string{"async (el) => { ", "const items = ", "const journal = ", "const stash = ", `"values":["listitem"]`, `"roles":["listitem"`} {
		if !strings.Contains(fn, want) {
			t.Errorf("function lacks %q: %.300s", want, fn)
		}
	}
	for _, not := range []string{"const flips = ", "const showers = ", "const says = ", "\n"} {
		if strings.Contains(fn, not) {
			t.Errorf("function holds %q, which it does not call", not)
		}
	}
	if c.Args["target"] != "#cart" {
		t.Errorf("target %v, want #cart", c.Args["target"])
	}
	page, err := mutationCall("title changed", &sandy.Check{Kind: "title", Value: "Cart"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if f := page.Args["function"].(string); !strings.HasPrefix(f, "async () => { const el = null; ") || page.Args["target"] != nil {
		t.Errorf("a check of the page's mutation: %.80q, target %v", f, page.Args["target"])
	}
	if _, err := mutationCall("set on fire", rec, ""); err == nil {
		t.Error("a mutation mutations.js does not declare was built")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the functions' syntax is not checked")
	}
	dir := t.TempDir()
	var src strings.Builder
	for _, k := range []string{"text", "gone", "state", "value", "count", "url", "title", "order", "visible", "colour"} {
		ms, _ := commandgen.Mutations(k)
		for _, m := range ms {
			for _, target := range []string{"", "#x"} {
				c, err := mutationCall(m, &sandy.Check{Kind: k, Value: "v", Values: []string{"row"}}, target)
				if err != nil {
					t.Fatal(err)
				}
				src.WriteString("void (" + c.Args["function"].(string) + ");\n")
			}
		}
	}
	src.WriteString("void (" + undoCall().Args["function"].(string) + ");\n")
	path := filepath.Join(dir, "calls.js")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node, "--check", path).CombinedOutput(); err != nil {
		t.Errorf("node --check of the mutations' functions: %v\n%s", err, out)
	}
}

func TestReadApplied(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  applied
		err   bool
	}{
		{`"{\"did\":\"hid p\"}"`, applied{Did: "hid p"}, false},
		{`{"skip":"no item"}`, applied{Skip: "no item"}, false},
		{`"{}"`, applied{}, true},
		{`undefined`, applied{}, true},
		{``, applied{}, true},
	} {
		got, err := readApplied(tt.value)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("readApplied(%q) = %+v, %v; want %+v, error %v", tt.value, got, err, tt.want, tt.err)
		}
	}
}

// The browser's answer to a mutation is outside input.
func FuzzReadApplied(f *testing.F) {
	for _, s := range []string{`"{\"did\":\"x\"}"`, `{"skip":"y"}`, `"{}"`, `null`, `"\u0000"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		a, err := readApplied(value)
		if err == nil && a.Did == "" && a.Skip == "" {
			t.Errorf("readApplied(%q) answered nothing without an error", value)
		}
	})
}

func TestClaims(t *testing.T) {
	rec := &sandy.Check{Kind: "text", Value: "Saved"}
	compiled := sandy.Step{Params: map[string]any{"function": "async () => { const why = () => ''; for (const until = Date.now() + 5000; ;) { const w = why(); if (!w) return 'ok'; } }"}}
	for _, tt := range []struct {
		name   string
		st     sandy.Step
		tool   string
		check  bool
		want   *sandy.Check
		reads  string
		noRead bool
	}{
		{"a record", sandy.Step{Params: map[string]any{}, Check: rec}, step.ToolEvaluate, true, rec, "", false},
		{"a compiled check with no record", compiled, step.ToolEvaluate, true, nil, "", true},
		{"an evaluate that is no check", sandy.Step{Params: map[string]any{"function": "() => 1"}}, step.ToolEvaluate, false, nil, "", false},
		{"a click", sandy.Step{Params: map[string]any{"target": "#a"}}, step.ToolClick, false, nil, "", false},
		{"text visible", sandy.Step{Params: map[string]any{"text": "Hi"}}, mcpclient.ToolVerifyTextVisible, true,
			&sandy.Check{Kind: "text", Value: "Hi"}, `text "Hi" is visible`, false},
		{"element visible", sandy.Step{Params: map[string]any{"role": "button", "accessibleName": "Pay"}}, mcpclient.ToolVerifyElementVisible, true,
			&sandy.Check{Kind: "visible", Element: `button "Pay"`, Value: "Pay", Values: []string{"button"}, Match: "contains"}, `button "Pay" is visible`, false},
		{"a box's value", sandy.Step{Params: map[string]any{"type": "checkbox", "element": "Gift", "target": "#g", "value": "false"}}, mcpclient.ToolVerifyValue, true,
			&sandy.Check{Kind: "state", Element: "Gift", Role: "checkbox", Value: "checked", Negated: true}, "Gift is not checked", false},
		{"a field's value", sandy.Step{Params: map[string]any{"type": "textbox", "element": "Email", "target": "#e", "value": "a@b"}}, mcpclient.ToolVerifyValue, true,
			&sandy.Check{Kind: "value", Element: "Email", Value: "a@b", Match: "equals"}, `Email has the value "a@b"`, false},
		{"a list", sandy.Step{Params: map[string]any{"element": "Cart", "target": "#c", "items": []any{"Milk", "Eggs"}}}, toolVerifyList, true,
			&sandy.Check{Kind: "text", Element: "Cart", Value: "Milk", Values: []string{"Milk", "Eggs"}}, `Cart lists ["Milk" "Eggs"]`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cl, ok := claimOf(&tt.st, tt.tool)
			if ok != tt.check {
				t.Fatalf("a check: %v, want %v", ok, tt.check)
			}
			if !ok {
				return
			}
			if tt.noRead != (cl.rec == nil) || (tt.want != nil && (cl.rec == nil || !sameCheck(*cl.rec, *tt.want))) {
				t.Errorf("record %+v, want %+v", cl.rec, tt.want)
			}
			if cl.reads != tt.reads {
				t.Errorf("reads %q, want %q", cl.reads, tt.reads)
			}
		})
	}
}

func sameCheck(a, b sandy.Check) bool {
	return a.Kind == b.Kind && a.Element == b.Element && a.Role == b.Role && a.Value == b.Value &&
		slices.Equal(a.Values, b.Values) && a.Match == b.Match && a.Negated == b.Negated
}

// page is a fake browser session: a check passes unless a mutation is in
// place and the check reads it (honest); mutations and undos are counted.
type page struct {
	honest   bool
	broken   bool
	comeBack bool // undo puts the page back
	calls    []string
	fns      []string
}

func (p *page) CallTool(_ context.Context, name string, args map[string]any) (*mcpclient.Result, error) {
	fn, _ := args["function"].(string)
	switch {
	case strings.Contains(fn, "at.__plaintestProve = J"):
		p.calls, p.broken = append(p.calls, "mutate"), true
		return &mcpclient.Result{Value: `"{\"did\":\"broke it\"}"`}, nil
	case strings.Contains(fn, "delete at.__plaintestProve"):
		p.calls = append(p.calls, "undo")
		p.broken = p.broken && !p.comeBack
		return &mcpclient.Result{Value: `"undone"`}, nil
	case strings.Contains(fn, "aria-busy"):
		p.calls = append(p.calls, "settle")
		return &mcpclient.Result{Value: `"settled"`}, nil
	}
	p.calls, p.fns = append(p.calls, "check"), append(p.fns, fn)
	if p.broken && p.honest && strings.Contains(fn, "why") { // a function that reads the page
		return &mcpclient.Result{IsError: true, Error: "Error: Error: expected text \"Saved\" is not shown"}, nil
	}
	return &mcpclient.Result{Value: `"ok"`}, nil
}

func stepInfo(p *page, st *sandy.Step) replay.StepInfo {
	return replay.StepInfo{File: "s.json", Index: 2, Step: st, Tool: step.ToolEvaluate, Params: st.Params, Caller: p,
		Substitute: func(v any) (any, error) { return v, nil }}
}

// compiledStep is a check as compile writes it: its record's call, at
// timeout.
func compiledStep(t *testing.T, rec sandy.Check, target string) *sandy.Step {
	t.Helper()
	s, err := commandgen.FromRecord(&rec, target)
	if err != nil {
		t.Fatal(err)
	}
	c, err := commandgen.Call(s, target)
	if err != nil {
		t.Fatal(err)
	}
	return &sandy.Step{Step: 2, Tool: "mcp__playwright__browser_evaluate", Params: c.Args, Check: &rec, Description: "verify Saved"}
}

// A check proved: once the page says it is not loading, each mutation,
// the check on the broken page (at the short timeout when its function is
// its record's), the undo; then the check as written on the page put
// back.
func TestAfterStepProvesACheck(t *testing.T) {
	st := compiledStep(t, sandy.Check{Kind: "text", Value: "Saved"}, "")
	p := &page{honest: true, comeBack: true}
	var events []Event
	pr := New(&Options{Proved: func(e Event) { events = append(events, e) }})
	if err := pr.AfterStep(context.Background(), stepInfo(p, st)); err != nil {
		t.Fatal(err)
	}
	want := "settle " + strings.Repeat("mutate check undo ", 7) + "check"
	if got := strings.Join(p.calls, " "); got != want {
		t.Errorf("calls %s, want %s", got, want)
	}
	short, _ := commandgen.CheckTimeout(p.fns[0])
	full, _ := commandgen.CheckTimeout(p.fns[len(p.fns)-1])
	if short != pr.opts.MutantTimeout || full != 5e9 {
		t.Errorf("timeouts %v on the broken page and %v as written, want %v and 5s", short, full, pr.opts.MutantTimeout)
	}
	if len(events) != 1 || !events[0].Proof.Proven() || events[0].Proof.AsWritten || events[0].Step != 2 {
		t.Fatalf("events %+v: want one proven check", events)
	}
	if m := events[0].Proof.Mutants[0]; m.Message != `expected text "Saved" is not shown` || m.Did != "broke it" {
		t.Errorf("first mutant %+v: want the check's message without the servers' prefixes", m)
	}
	res := []*report.RunResult{{File: "s.json", Steps: []report.StepResult{{Step: 1}, {Step: 2}}}}
	total := pr.Attach(res)
	if res[0].Steps[1].Proof == nil || res[0].Proved == nil || res[0].Proved.Proven != 1 || total.Killed != 7 || total.Percent != 100 {
		t.Errorf("attached %+v, score %+v, total %+v", res[0].Steps[1].Proof, res[0].Proved, total)
	}
}

// A check whose function is not its record's (here: tampered to pass)
// runs as written, and survives.
func TestAfterStepRunsATamperedCheckAsWritten(t *testing.T) {
	st := compiledStep(t, sandy.Check{Kind: "text", Value: "Saved"}, "")
	st.Params["function"] = "async () => 'ok'"
	p := &page{honest: true, comeBack: true}
	pr := New(nil)
	if err := pr.AfterStep(context.Background(), stepInfo(p, st)); err != nil {
		t.Fatal(err)
	}
	for _, fn := range p.fns {
		if fn != "async () => 'ok'" {
			t.Errorf("the check ran as %q, not as written", fn)
		}
	}
	total := pr.Attach([]*report.RunResult{{File: "s.json", Steps: []report.StepResult{{Step: 2}}}})
	if total.Vacuous != 1 || total.Survived != 7 || total.Held() {
		t.Errorf("score %+v: want one vacuous check, 7 survived", total)
	}
}

// A page that does not come back after the undo fails the run.
func TestAfterStepPageNotBack(t *testing.T) {
	st := compiledStep(t, sandy.Check{Kind: "text", Value: "Saved"}, "")
	p := &page{honest: true}
	err := New(nil).AfterStep(context.Background(), stepInfo(p, st))
	if !errors.Is(err, ErrNotBack) || !strings.Contains(err.Error(), "step 2") {
		t.Errorf("err %v: want ErrNotBack naming step 2", err)
	}
}

// A step that is no check is left alone; a compiled check with no record
// is not proven, and says why.
func TestAfterStepLeavesOtherSteps(t *testing.T) {
	p := &page{}
	click := &sandy.Step{Step: 3, Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": "#a"}}
	info := stepInfo(p, click)
	info.Tool = step.ToolClick
	pr := New(nil)
	if err := pr.AfterStep(context.Background(), info); err != nil || len(p.calls) != 0 {
		t.Errorf("a click: err %v, calls %v", err, p.calls)
	}
	old := compiledStep(t, sandy.Check{Kind: "text", Value: "Saved"}, "")
	old.Check = nil
	if err := pr.AfterStep(context.Background(), stepInfo(p, old)); err != nil || len(p.calls) != 0 {
		t.Errorf("a check with no record: err %v, calls %v", err, p.calls)
	}
	total := pr.Attach([]*report.RunResult{{File: "s.json", Steps: []report.StepResult{{Step: 2}, {Step: 3}}}})
	if total.NotProven != 1 || total.Checks != 0 || !total.Held() {
		t.Errorf("score %+v: want one check not proven, held", total)
	}
}

// CompileCheck proves a check as the compile keeps it: proved is told of
// its proof; a check that reads the page passes, one tampered to pass
// whatever the page is refused, naming the mutation it survived.
func TestCompileCheck(t *testing.T) {
	st := compiledStep(t, sandy.Check{Kind: "text", Value: "Saved"}, "")
	run := parser.CheckRun{Index: 2, Action: "verify Saved is shown", Call: step.ToolCall{Tool: step.ToolEvaluate, Args: st.Params},
		Record: st.Check, Args: st.Params, Fill: func(v any) (any, error) { return v, nil }}
	var proofs []*report.Proof
	check := New(nil).CompileCheck(func(_ parser.CheckRun, p *report.Proof) { proofs = append(proofs, p) })
	run.Browser = &page{honest: true, comeBack: true}
	if err := check(context.Background(), run); err != nil || len(proofs) != 1 || !proofs[0].Proven() {
		t.Fatalf("a check that reads the page: err %v, proofs %+v", err, proofs)
	}
	run.Browser = &page{honest: false, comeBack: true}
	err := check(context.Background(), run)
	if err == nil || !strings.Contains(err.Error(), "cannot be shown to fail") || !strings.Contains(err.Error(), "SURVIVED text changed") || strings.Contains(err.Error(), "step 2 (") {
		t.Errorf("a check that passes whatever the page: err %v, want it refused naming the mutation, not the step", err)
	}
}
