package corpus

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/plaintest/plaintest/internal/defaults"
)

// Pair is one case of the must-fail suite (mustfail/NAME.txtar): a page on
// which the actions' checks hold and a variant of it (a mutant) on which
// one fact they check is broken. The test compiles the actions on Holds,
// replays the export on Broken, and compiles them on Broken: both of the
// last two must fail, saying Fails.
//
// The archive's comment says what the pair pins; its files are:
//
//	actions      one action a line
//	holds.html   the page where every check holds
//	broken.html  the page where one does not
//	fails        words the failure on broken.html holds, at compile and at
//	             replay (the check's own message: what it found)
//	compile-fails  optional: other words for the compile's failure, when it
//	             is refused before the check runs (no such element)
//	timeout      optional: how long the pair's steps and checks wait (a
//	             Go duration, "5s"), for a page whose timing needs more
//	             than the suite's short default
type Pair struct {
	Name         string
	What         string
	Actions      []string
	Holds        string
	Broken       string
	Fails        string
	CompileFails string
	// Timeout is the pair's own step and check timeout; 0 = the suite's.
	Timeout time.Duration
	File    string
}

// pairFiles are the files a pair's archive may hold, the required first.
var pairFiles = []string{"actions", "holds.html", "broken.html", "fails", "compile-fails", "timeout"}

// ParsePair reads one archive of the must-fail suite (file names it in
// errors, and gives the pair its name).
func ParsePair(data []byte, file string) (Pair, error) {
	a := txtar.Parse(data)
	p := Pair{Name: strings.TrimSuffix(filepath.Base(file), ".txtar"), What: strings.TrimSpace(string(a.Comment)), File: file}
	var problems []string
	seen := map[string]bool{}
	for _, f := range a.Files {
		if !slices.Contains(pairFiles, f.Name) {
			problems = append(problems, fmt.Sprintf("file %q: want one of %s", f.Name, strings.Join(pairFiles, ", ")))
			continue
		}
		if seen[f.Name] {
			problems = append(problems, fmt.Sprintf("file %q twice", f.Name))
		}
		seen[f.Name] = true
		text := string(f.Data)
		switch f.Name {
		case "actions":
			for _, l := range strings.Split(text, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					p.Actions = append(p.Actions, l)
				}
			}
		case "holds.html":
			p.Holds = text
		case "broken.html":
			p.Broken = text
		case "fails":
			p.Fails = strings.TrimSpace(text)
		case "compile-fails":
			p.CompileFails = strings.TrimSpace(text)
		case "timeout":
			d, err := time.ParseDuration(strings.TrimSpace(text))
			if err != nil || d <= 0 || d > defaults.MaxPairTimeout {
				problems = append(problems, fmt.Sprintf("timeout %q: want a duration from 1ms to 1m, as 5s", strings.TrimSpace(text)))
			}
			p.Timeout = d
		}
	}
	if p.What == "" {
		problems = append(problems, "no comment saying what the pair pins")
	}
	for _, need := range pairFiles[:4] {
		if !seen[need] {
			problems = append(problems, fmt.Sprintf("no file %q", need))
		}
	}
	if seen["actions"] && len(p.Actions) == 0 {
		problems = append(problems, "actions: none")
	}
	if seen["holds.html"] && seen["broken.html"] && p.Holds == p.Broken {
		problems = append(problems, "broken.html is holds.html: nothing is broken")
	}
	if seen["fails"] && p.Fails == "" {
		problems = append(problems, "fails: empty")
	}
	if len(problems) > 0 {
		return Pair{}, fmt.Errorf("%s: %s", file, strings.Join(problems, "; "))
	}
	return p, nil
}
