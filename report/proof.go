package report

// What plaintest prove finds of each check: the mutations that broke what
// it reads in the page, and whether the check failed on each.

import (
	"fmt"
	"strings"
)

// Mutant statuses.
const (
	// MutantKilled: the check failed on the broken page, as it must.
	MutantKilled = "killed"
	// MutantSurvived: the check passed on the broken page: it does not
	// read what it claims to.
	MutantSurvived = "survived"
	// MutantSkipped: the mutation found nothing to break on this page (an
	// order check of one item, a select with one option); not counted.
	MutantSkipped = "skipped"
)

// Mutant is one mutation of the page a check ran on.
//
//	{"name": "display none", "status": "killed", "did": "display: none on 1 element: p#help",
//	 "message": "text \"Saved\" is in the page, but hidden: ..."}
type Mutant struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	// Did says what the mutation changed in the page.
	Did string `json:"did,omitempty"`
	// Message is the check's failure on the broken page (killed), or why
	// the mutation changed nothing (skipped).
	Message string `json:"message,omitempty"`
}

// Proof is what plaintest prove found of one check step
// (StepResult.Proof).
//
//	{"reads": "text \"Saved\" is shown", "from": "record", "as_written": false, "mutants": [Mutant, ...]}
type Proof struct {
	// Reads is what the check claims to read, in words.
	Reads string `json:"reads"`
	// From is where that claim comes from: "record" (the check's record
	// in the scenario), else the tool it is inferred from
	// ("browser_verify_text_visible"); "" for a compiled check with no
	// record, which prove cannot read (Unproven says so).
	From string `json:"from"`
	// AsWritten is true when the check ran on each broken page as the
	// file writes it, at its own timeout: a function that is not the one
	// its record makes (edited by hand, or tampered with), or a tool that
	// is no function.
	AsWritten bool     `json:"as_written,omitempty"`
	Mutants   []Mutant `json:"mutants"`
	// Unproven says why no mutation could be tried ("" when one was).
	Unproven string `json:"unproven,omitempty"`
}

// Survived are the mutants the check passed on.
func (p *Proof) Survived() []Mutant { return p.with(MutantSurvived) }

// Killed are the mutants the check failed on.
func (p *Proof) Killed() []Mutant { return p.with(MutantKilled) }

func (p *Proof) with(status string) []Mutant {
	var out []Mutant
	for _, m := range p.Mutants {
		if m.Status == status {
			out = append(out, m)
		}
	}
	return out
}

// Proven reports whether the check failed on every mutation tried, and
// at least one was.
func (p *Proof) Proven() bool {
	return p.Unproven == "" && len(p.Survived()) == 0 && len(p.Killed()) > 0
}

// Score counts the proofs of a run, or of several.
//
//	{"checks": 6, "proven": 5, "vacuous": 1, "unproven": 0, "not_proven": 1,
//	 "mutants": 14, "killed": 13, "survived": 1, "score": 92.9}
type Score struct {
	// Checks are the check steps proved; Proven those every mutation
	// killed; Vacuous those a mutation survived; Unproven those no
	// mutation could break.
	Checks   int `json:"checks"`
	Proven   int `json:"proven"`
	Vacuous  int `json:"vacuous"`
	Unproven int `json:"unproven"`
	// NotProven are checks prove cannot read, outside Checks: a compiled
	// check with no record (compiled before checks carried one).
	NotProven int `json:"not_proven"`
	// Mutants tried (skipped ones aside), Killed and Survived.
	Mutants  int `json:"mutants"`
	Killed   int `json:"killed"`
	Survived int `json:"survived"`
	// Percent is the mutation score: Killed of Mutants, in percent; 100
	// with no mutant.
	Percent float64 `json:"score"`
}

// Add counts p.
func (s *Score) Add(p *Proof) {
	if p == nil {
		return
	}
	if p.From == "" {
		s.NotProven++
		return
	}
	s.Checks++
	k, v := len(p.Killed()), len(p.Survived())
	s.Killed += k
	s.Survived += v
	s.Mutants += k + v
	switch {
	case v > 0:
		s.Vacuous++
	case p.Unproven != "" || k == 0:
		s.Unproven++
	default:
		s.Proven++
	}
	s.percent()
}

// Merge counts o's proofs too.
func (s *Score) Merge(o Score) {
	s.Checks += o.Checks
	s.Proven += o.Proven
	s.Vacuous += o.Vacuous
	s.Unproven += o.Unproven
	s.NotProven += o.NotProven
	s.Mutants += o.Mutants
	s.Killed += o.Killed
	s.Survived += o.Survived
	s.percent()
}

func (s *Score) percent() {
	s.Percent = 100
	if s.Mutants > 0 {
		s.Percent = float64(int(float64(s.Killed)*1000/float64(s.Mutants))) / 10
	}
}

// Held reports whether every check proved was proven.
func (s Score) Held() bool { return s.Vacuous == 0 && s.Unproven == 0 }

// String is the score in words: "5 of 6 checks proven, 13 of 14 mutants
// killed (92.9%)".
func (s Score) String() string {
	out := fmt.Sprintf("%d of %d %s proven, %d of %d %s killed (%s%%)", s.Proven, s.Checks, Plural(s.Checks, "check", "checks"),
		s.Killed, s.Mutants, Plural(s.Mutants, "mutant", "mutants"), strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.1f", s.Percent), "0"), "."))
	if s.NotProven > 0 {
		out += fmt.Sprintf(", %d not proven (no record)", s.NotProven)
	}
	return out
}

// ScoreOf counts the proofs of r's steps.
func ScoreOf(r *RunResult) Score {
	s := Score{Percent: 100}
	for i := range r.Steps {
		s.Add(r.Steps[i].Proof)
	}
	return s
}

// ProofLine is one check's proof in a line, as plaintest prove's console
// and its failures write it, with the step's number and label:
//
//	step 3 (verify the status shows Saved): killed by text changed, display none, covered (3 of 3)
//	step 3 (verify …): SURVIVED covered (covered on 1 element: p#status): it passed there; it reads the status showing "Saved"; killed by display none (1 of 2)
//	step 3 (verify …): NOT PROVEN: a check compiled before checks carried a record …
func ProofLine(step int, label string, p *Proof) string {
	head := fmt.Sprintf("step %d (%s)", step, label)
	killed, survived := p.Killed(), p.Survived()
	tried := len(killed) + len(survived)
	names := func(ms []Mutant, did bool) string {
		var out []string
		for _, m := range ms {
			if did && m.Did != "" {
				out = append(out, fmt.Sprintf("%s (%s)", m.Name, m.Did))
				continue
			}
			out = append(out, m.Name)
		}
		return strings.Join(out, ", ")
	}
	switch {
	case len(survived) > 0:
		line := fmt.Sprintf("%s: SURVIVED %s: it passed there", head, names(survived, true))
		if p.Reads != "" {
			line += "; it reads " + p.Reads
		}
		if len(killed) > 0 {
			line += "; killed by " + names(killed, false)
		}
		return fmt.Sprintf("%s (%d of %d killed)", line, len(killed), tried)
	case p.Unproven != "":
		return fmt.Sprintf("%s: NOT PROVEN: %s", head, p.Unproven)
	}
	return fmt.Sprintf("%s: killed by %s (%d of %d)", head, names(killed, false), len(killed), tried)
}

// Unproved lists the checks of r that a mutation survived or that no
// mutation could break, one ProofLine each; "" when there is none.
func Unproved(r *RunResult) string {
	var lines []string
	for i := range r.Steps {
		s := &r.Steps[i]
		if p := s.Proof; p != nil && p.From != "" && !p.Proven() {
			lines = append(lines, ProofLine(s.Step, s.Label(), p))
		}
	}
	return strings.Join(lines, "\n")
}
