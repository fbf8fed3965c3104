package report

import (
	"strings"
	"testing"
)

// TestGitHubEscapes: GitHub's toolkit's escaping, a message's and a
// property's.
func TestGitHubEscapes(t *testing.T) {
	tests := []struct{ in, data, property string }{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"%0A is not a newline", "%250A is not a newline", "%250A is not a newline"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"x: y, z", "x: y, z", "x%3A y%2C z"},
		{"::error::", "::error::", "%3A%3Aerror%3A%3A"},
	}
	for _, tt := range tests {
		if got := escapeData(tt.in); got != tt.data {
			t.Errorf("escapeData(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := escapeProperty(tt.in); got != tt.property {
			t.Errorf("escapeProperty(%q) = %q, want %q", tt.in, got, tt.property)
		}
	}
}

// TestWriteGitHub: the annotations of each kind of run, where each
// points and what each says.
func TestWriteGitHub(t *testing.T) {
	// where: the failing steps of "cart" come from its feature file, any
	// other step from its scenario file's line of the step's object.
	where := func(r *RunResult, step int) Position {
		switch {
		case step == 0:
			return Position{File: r.File}
		case r.Scenario == "cart":
			return Position{File: "tests/cart.feature", Line: 10 + step}
		}
		return Position{File: r.File, Line: 20 + step, Col: 5}
	}
	failedStep := func(n int, label, err string) StepResult {
		return StepResult{Step: n, Tool: "mcp__playwright__browser_evaluate", Description: label, Status: StatusFailed, Error: err}
	}
	tolerated := func(s StepResult) StepResult {
		s.Tolerated = true
		return s
	}
	tests := []struct {
		name string
		run  *RunResult
		want []string
	}{
		{"a passing run writes nothing", &RunResult{Scenario: "ok", File: "ok.json", Success: true,
			Steps: []StepResult{{Step: 1, Status: StatusPassed}}}, nil},
		{"the failed step at its sentence's line, evidence listed", &RunResult{Scenario: "cart", File: "s/cart.json", FailedStep: 4,
			Error: "step 4 failed", Evidence: []string{"reports/cart-step4.png"},
			Steps: []StepResult{{Step: 3, Status: StatusPassed}, failedStep(4, "check the cart shows 1 item",
				"expected the cart to show \"1 item\", it shows \"2 items\"")}},
			[]string{`::error file=tests/cart.feature,line=14,title=cart%3A step 4%2C check the cart shows 1 item::` +
				`expected the cart to show "1 item", it shows "2 items"%0Aevidence: reports/cart-step4.png`}},
		{"no source: the step's object in the scenario file; a tool's name for a step with no description",
			&RunResult{Scenario: "mug", File: "s/mug.json", FailedStep: 2,
				Steps: []StepResult{{Step: 2, Tool: "sandy__wait_until", Status: StatusFailed, Error: "timed out"}}},
			[]string{`::error file=s/mug.json,line=22,col=5,title=mug%3A step 2%2C sandy__wait_until::timed out`}},
		{"text from outside: escapes, percent signs, an injected command", &RunResult{Scenario: "evil: 100%, yes", File: "s/e.json", FailedStep: 1,
			Steps: []StepResult{failedStep(1, "open\nit", "Error: 50% off\r\n::error::pwned\x1b[31m red\u202e")}},
			[]string{`::error file=s/e.json,line=21,col=5,title=evil%3A 100%25%2C yes%3A step 1%2C open%0Ait::` +
				`Error: 50%25 off\r%0A::error::pwned\x1b[31m red\u202e`}},
		{"steps that failed and let the run go on, each", &RunResult{Scenario: "cart", File: "s/cart.json",
			Steps: []StepResult{tolerated(failedStep(2, "log", "a")), {Step: 3, Status: StatusPassed}, tolerated(failedStep(5, "log again", "b"))}},
			[]string{
				`::error file=tests/cart.feature,line=12,title=cart%3A step 2%2C log (failed%2C the run went on)::a`,
				`::error file=tests/cart.feature,line=15,title=cart%3A step 5%2C log again (failed%2C the run went on)::b`,
			}},
		{"a failed run with no failed step: the scenario file", &RunResult{Scenario: "down", File: "s/down.json", Unavailable: true,
			Error: "the browser server did not start: /nonexistent/mcp-server"},
			[]string{`::error file=s/down.json,title=down::the browser server did not start: /nonexistent/mcp-server`}},
		{"plaintest prove: a check a mutation survived, at its own line, and no line for the scenario", &RunResult{Scenario: "mug", File: "s/mug.json",
			Error: "checks not proven:\nstep 3 ...", Steps: []StepResult{{Step: 2, Status: StatusPassed},
				{Step: 3, Description: "check Saved is shown", Status: StatusPassed, Proof: &Proof{Reads: `text "Saved" is shown`, From: "record",
					Mutants: []Mutant{{Name: "text changed", Status: MutantKilled}, {Name: "display none", Status: MutantSurvived, Did: "hid 1 element"}}}},
				{Step: 4, Description: "check the total", Status: StatusPassed, Proof: &Proof{From: "record",
					Mutants: []Mutant{{Name: "text changed", Status: MutantKilled}}}}}},
			[]string{`::error file=s/mug.json,line=23,col=5,title=mug%3A step 3%2C check Saved is shown not proven::` +
				`step 3 (check Saved is shown): SURVIVED display none (hid 1 element): it passed there; it reads text "Saved" is shown; killed by text changed (1 of 2 killed)`}},
		{"a healed step is a warning", &RunResult{Scenario: "heal", File: "s/heal.json",
			Steps: []StepResult{{Step: 3, Status: StatusHealed}},
			Heals: []Heal{{Step: 3, Description: "click Pay", Why: "matched nothing", OldTarget: "#pay", NewTarget: "internal:role=button", NewElement: `button "Pay now"`}}},
			[]string{`::warning file=s/heal.json,line=23,col=5,title=heal%3A step 3 healed%2C click Pay::matched nothing%0Aold target #pay%0Anew target internal:role=button (button "Pay now")`}},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := WriteGitHub(&b, NewSummary([]*RunResult{tt.run}, 0), where); err != nil {
			t.Fatal(err)
		}
		var got []string
		if s := strings.TrimSuffix(b.String(), "\n"); s != "" {
			got = strings.Split(s, "\n")
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}
