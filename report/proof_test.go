package report

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestScore(t *testing.T) {
	killed := Mutant{Name: "display none", Status: MutantKilled}
	survived := Mutant{Name: "covered", Status: MutantSurvived}
	skipped := Mutant{Name: "item removed", Status: MutantSkipped}
	r := &RunResult{Steps: []StepResult{
		{Step: 1},
		{Step: 2, Proof: &Proof{From: "record", Mutants: []Mutant{killed, killed}}},
		{Step: 3, Proof: &Proof{From: "record", Mutants: []Mutant{killed, survived, skipped}}},
		{Step: 4, Proof: &Proof{From: "record", Mutants: []Mutant{skipped}, Unproven: "nothing to break"}},
		{Step: 5, Proof: &Proof{Unproven: "no record"}},
	}}
	s := ScoreOf(r)
	want := Score{Checks: 3, Proven: 1, Vacuous: 1, Unproven: 1, NotProven: 1, Mutants: 4, Killed: 3, Survived: 1, Percent: 75}
	if s != want {
		t.Errorf("ScoreOf = %+v, want %+v", s, want)
	}
	if s.Held() {
		t.Error("a score with a vacuous check held")
	}
	if got := s.String(); got != "1 of 3 checks proven, 3 of 4 mutants killed (75%), 1 not proven (no record)" {
		t.Errorf("String() = %q", got)
	}
	var total Score
	total.Merge(s)
	total.Merge(ScoreOf(&RunResult{}))
	if total != want {
		t.Errorf("merged %+v, want %+v", total, want)
	}
	if e := ScoreOf(&RunResult{}); e.Percent != 100 || !e.Held() || e.String() != "0 of 0 checks proven, 0 of 0 mutants killed (100%)" {
		t.Errorf("a run with no check: %+v %q", e, e.String())
	}
	third := Score{Mutants: 3, Killed: 2}
	third.percent()
	if third.Percent != 66.6 {
		t.Errorf("2 of 3: %v, want 66.6 (cut, not rounded up)", third.Percent)
	}
	if p := (&Proof{From: "record", Mutants: []Mutant{skipped}}); p.Proven() {
		t.Error("a proof with no mutant killed is proven")
	}
}

// The HTML report shows each check's proof: its verdict, what it reads,
// each mutation and what became of it; and the scores.
func TestHTMLShowsProofs(t *testing.T) {
	r := &RunResult{Scenario: "cart", File: "cart.json", Steps: []StepResult{
		{Step: 1, Tool: "mcp__playwright__browser_navigate", Status: StatusPassed},
		{Step: 2, Tool: "mcp__playwright__browser_evaluate", Status: StatusPassed, Description: "verify Saved is shown",
			Proof: &Proof{From: "record", Reads: `text "Saved" is shown`, Mutants: []Mutant{
				{Name: "display none", Status: MutantKilled, Did: "display: none on 1 element: p", Message: "expected text \"Saved\" is not shown"},
				{Name: "covered", Status: MutantSurvived, Did: "covered on 1 element: p"}}}},
	}}
	score := ScoreOf(r)
	r.Proved = &score
	s := NewSummary([]*RunResult{r}, time.Second)
	s.Proved = &score
	var b bytes.Buffer
	if err := WriteHTML(&b, s, nil); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`<div class="proof vacuous"><b>vacuous</b> text &#34;Saved&#34; is shown`,
		`<span class="m killed" title="display: none on 1 element: p: expected text &#34;Saved&#34; is not shown">display none killed</span>`,
		`<span class="m survived" title="covered on 1 element: p">covered survived</span>`,
		`<span class="tag">0 of 1 check proven, 1 of 2 mutants killed (50%)</span>`,
		` · 0 of 1 check proven, 1 of 2 mutants killed (50%)</p>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Count(html, `class="proof`) != 1 {
		t.Error("a step with no proof shows one")
	}
}

func TestProofLine(t *testing.T) {
	k := Mutant{Name: "display none", Status: MutantKilled}
	sv := Mutant{Name: "covered", Status: MutantSurvived, Did: "covered on 1 element: p"}
	sk := Mutant{Name: "item removed", Status: MutantSkipped, Message: "no item"}
	for _, tt := range []struct {
		p    Proof
		want string
	}{
		{Proof{From: "record", Mutants: []Mutant{k, sk}}, "step 3 (verify Saved): killed by display none (1 of 1)"},
		{Proof{From: "record", Reads: "the status showing \"Saved\"", Mutants: []Mutant{k, sv}},
			"step 3 (verify Saved): SURVIVED covered (covered on 1 element: p): it passed there; it reads the status showing \"Saved\"; killed by display none (1 of 2 killed)"},
		{Proof{From: "record", Mutants: []Mutant{sk}, Unproven: "no mutation found anything to break"}, "step 3 (verify Saved): NOT PROVEN: no mutation found anything to break"},
	} {
		if got := ProofLine(3, "verify Saved", &tt.p); got != tt.want {
			t.Errorf("ProofLine = %q\nwant         %q", got, tt.want)
		}
	}
	r := &RunResult{Steps: []StepResult{{Step: 2, Description: "a", Proof: &Proof{From: "record", Mutants: []Mutant{k}}},
		{Step: 3, Description: "b", Proof: &Proof{From: "record", Mutants: []Mutant{sv}}}, {Step: 4, Proof: &Proof{Unproven: "no record"}}}}
	if got := Unproved(r); !strings.HasPrefix(got, "step 3 (b): SURVIVED covered") || strings.Contains(got, "\n") {
		t.Errorf("Unproved = %q: want step 3 alone", got)
	}
}
