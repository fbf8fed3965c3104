package report

// The HTML report's view of plaintest prove's proofs: each check step's
// mutations and what became of them, and the scores.

import "github.com/plaintest/plaintest/internal/printable"

// htmlProof is a check step's proof as the template reads it.
type htmlProof struct {
	Verdict  string // proven, vacuous, unproven (no mutation could break it), not proven (no record)
	Reads    string
	Unproven string
	Mutants  []htmlMutant
}

type htmlMutant struct{ Name, Status, Did, Message string }

// htmlProofOf is p for the template; nil for nil.
func htmlProofOf(p *Proof) *htmlProof {
	if p == nil {
		return nil
	}
	text := printable.String
	h := &htmlProof{Verdict: "proven", Reads: text(p.Reads), Unproven: text(p.Unproven)}
	switch {
	case p.From == "":
		h.Verdict = "not proven"
	case len(p.Survived()) > 0:
		h.Verdict = "vacuous"
	case !p.Proven():
		h.Verdict = "unproven"
	}
	for _, m := range p.Mutants {
		h.Mutants = append(h.Mutants, htmlMutant{Name: text(m.Name), Status: text(m.Status), Did: text(m.Did), Message: text(m.Message)})
	}
	return h
}

// htmlScore is s in words, "" for nil.
func htmlScore(s *Score) string {
	if s == nil {
		return ""
	}
	return s.String()
}
