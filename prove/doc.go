// Package prove shows that each check of a scenario can fail: it takes
// the scenario steps a replay runs (through replay.Options.AfterStep) and
// gives out, per check step, a report.Proof: the mutations of the page
// that break what the check reads, and whether the check failed on each.
//
// A check step is a browser_evaluate with a check record (sandy.Check,
// what compile writes), or one of @playwright/mcp's browser_verify_*
// tools, whose claim is read from its params. Right after such a step
// passed, in its browser session, the Prover tries each mutation its kind
// names in commandgen's table of check kinds (mutations.js holds their
// page code): it breaks the fact in the page, runs the check there, and
// undoes the mutation, whose undo the page keeps. A check that fails is a
// killed mutant; one that passes survived: the check does not read what it
// claims, and is vacuous. Then the check runs as written once more: the
// page put back must pass it, or the run ends (ErrNotBack).
//
// The check on a broken page is the call the file writes, except that a
// function that is exactly the one its record makes runs again at a short
// timeout (Options.MutantTimeout): a killed check fails only at its
// timeout. A function that is not its record's (edited by hand, or
// tampered with to always pass) runs as written, at its own timeout.
//
// Prover.Attach puts the proofs into the runs' results (report.StepResult.
// Proof) with a mutation score per run and for them all (report.Score),
// which package report writes.
package prove
