package report

import "testing"

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
