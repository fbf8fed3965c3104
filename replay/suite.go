package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// A suite is what plaintest replay runs: the scenario files its FILE|DIR
// arguments name (Files), perhaps one shard of them (Shard), loaded and
// checked before anything runs (Load), then replayed several at a time
// (Player.RunAll).

// ErrLinkOutside is wrapped when a directory given to Files reaches a
// scenario through a symbolic link that leads out of it.
var ErrLinkOutside = errors.New("a symbolic link out of the directory")

// LinkError is a scenario file found in Dir that is a symbolic link to
// Target, outside Dir (or to nothing). It wraps ErrLinkOutside.
type LinkError struct {
	Link, Target, Dir string
	Err               error // the link leads nowhere: why
}

func (e *LinkError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: a symbolic link that leads nowhere (%v): refused", e.Link, e.Err)
	}
	return fmt.Sprintf("%s: a symbolic link to %s, outside %s: refused (name the file itself to replay it)", e.Link, e.Target, e.Dir)
}

// Unwrap returns ErrLinkOutside.
func (e *LinkError) Unwrap() error { return ErrLinkOutside }

// Files expands FILE|DIR arguments into the scenario files they name: a
// directory gives its *.json files (recursively, sorted), a file is taken
// as it is. A file named twice is kept once, where it came first. An
// argument that does not exist, or a directory with no .json file, is an
// error. A directory's file that is a symbolic link must lead to a file
// inside the directory: a link out of it (a scenario of a pull request
// pointing at /etc/passwd or ~/.ssh, whose text a decoding error would
// quote) is a *LinkError, every one listed. Linked directories are not
// entered. A directory's heal proposals (*.healed.json) and partial
// scenarios (*.partial.json), which replay --heal and compile write beside
// the scenarios, are passed over: see Scan.
func Files(args []string) ([]string, error) {
	files, _, err := Scan(args)
	return files, err
}

// Skipped reports whether a directory run passes over the file at p: a
// heal proposal (FILE.healed.json), a partial scenario a compile that
// stopped early wrote (NAME.partial.json), or a NanoClaw replay bundle
// (NAME.replay.json). Named on the command line, such a file is taken.
func Skipped(p string) bool {
	name := strings.ToLower(filepath.Base(p))
	for _, suffix := range []string{".healed.json", ".partial.json", ".replay.json"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// Scan is Files, and also the files of the directories it passed over
// (Skipped), in order, so that a run can say what it did not replay.
func Scan(args []string) (files, skipped []string, err error) {
	seen := map[string]bool{}
	add := func(p string) {
		if key := filepath.Clean(p); !seen[key] {
			seen[key] = true
			files = append(files, p)
		}
	}
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			return nil, nil, err
		}
		if !fi.IsDir() {
			add(arg)
			continue
		}
		root, err := filepath.EvalSymlinks(arg)
		if err != nil {
			return nil, nil, err
		}
		if root, err = filepath.Abs(root); err != nil {
			return nil, nil, err
		}
		walk := arg
		if li, err := os.Lstat(arg); err == nil && li.Mode()&os.ModeSymlink != 0 {
			walk += string(filepath.Separator) // WalkDir enters a linked directory so written
		}
		var found, passed []string
		var links []error
		err = filepath.WalkDir(walk, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".json") {
				return nil
			}
			if Skipped(p) {
				passed = append(passed, p)
				return nil
			}
			if d.Type()&os.ModeSymlink != 0 {
				target, err := filepath.EvalSymlinks(p)
				if err != nil {
					links = append(links, &LinkError{Link: p, Dir: arg, Err: err})
					return nil
				}
				if target, err = filepath.Abs(target); err != nil || !fspath.Within(root, target) {
					links = append(links, &LinkError{Link: p, Target: target, Dir: arg})
					return nil
				}
			}
			found = append(found, p)
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		if len(links) > 0 {
			return nil, nil, errors.Join(links...)
		}
		if len(found) == 0 {
			if len(passed) > 0 {
				return nil, nil, fmt.Errorf("%s: no .json scenario files (only heal proposals, partial scenarios or replay bundles: %s)", arg, strings.Join(passed, ", "))
			}
			return nil, nil, fmt.Errorf("%s: no .json scenario files", arg)
		}
		slices.Sort(found)
		slices.Sort(passed)
		skipped = append(skipped, passed...)
		for _, p := range found {
			add(p)
		}
	}
	return files, skipped, nil
}

// Shard is part I of N of a suite (1 <= I <= N), for splitting a suite
// between N CI machines.
type Shard struct{ I, N int }

// ParseShard reads "I/N" with 1 <= I <= N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want I/N with 1 <= I <= N, e.g. 2/4", s)
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Select keeps the files of the shard: the I-th of every N, counting in the
// order given (Files: directories expanded in sorted order). Every machine
// given the same files computes the same split, the N shards together cover
// every file once, and their sizes differ by at most one.
func (s Shard) Select(files []string) []string {
	var out []string
	for k, f := range files {
		if k%s.N == s.I-1 {
			out = append(out, f)
		}
	}
	return out
}

// Suite is scenario files loaded for a run: Scenarios[i] is the scenario
// of Files[i].
type Suite struct {
	Files     []string
	Scenarios []*sandy.Scenario
}

// LoadError lists every problem Load found, each naming its file, one line
// (or more) a problem.
type LoadError struct {
	Errs []error
}

func (e *LoadError) Error() string { return errors.Join(e.Errs...).Error() }

// Unwrap returns the problems.
func (e *LoadError) Unwrap() []error { return e.Errs }

// Load loads every file and checks, before anything runs, what a Player
// given opts would refuse, or what a run should not do: a partial scenario
// unless opts.AllowPartial, variables (CheckVars: a {{NAME}} nothing
// defines, a required variable not given), and Preflight (unsafe code,
// files outside the files folder). It reports every bad file at once, as a
// *LoadError.
func Load(files []string, opts *Options) (*Suite, error) {
	o := opts.withDefaults()
	s := &Suite{Files: files, Scenarios: make([]*sandy.Scenario, len(files))}
	var problems []error
	for i, file := range files {
		sc, err := sandy.LoadWithVars(file, o.Vars...)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if sc.Partial() && !o.AllowPartial {
			problems = append(problems, fmt.Errorf("%s: %s: refused; replay it anyway with --allow-partial", file, sc.PartialProblem()))
			continue
		}
		if err := errors.Join(CheckVars(file, sc, o.Vars...), Preflight(file, sc, &o)); err != nil {
			problems = append(problems, err)
			continue
		}
		s.Scenarios[i] = sc
	}
	if len(problems) > 0 {
		return nil, &LoadError{problems}
	}
	return s, nil
}

// Secrets lists the values the suite's scenarios mask, given the variable
// layers (lowest precedence first): for a logger shared by all of them.
func (s *Suite) Secrets(layers ...map[string]string) []string {
	var all []string
	for _, sc := range s.Scenarios {
		all = append(all, sandy.NewVars(sc.Variables, layers...).Secrets()...)
	}
	return all
}

// RunAll replays the suite, Options.Parallel scenarios at a time, each as
// Run does, and calls Options.Finished with each result as its run ends.
// It returns the results in the order of the suite's files, with the error
// of each (nil for a run that could run; see Run). When ctx ends, no
// further scenario starts: the results of those that ran are kept, the
// others left out.
func (p *Player) RunAll(ctx context.Context, s *Suite) ([]*report.RunResult, []error) {
	results := make([]*report.RunResult, len(s.Files))
	errs := make([]error, len(s.Files))
	sem := make(chan struct{}, p.opts.Parallel)
	var wg sync.WaitGroup
	for i := range s.Files {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			res, err := p.Run(ctx, s.Files[i], s.Scenarios[i])
			results[i], errs[i] = res, err
			if p.opts.Finished != nil {
				p.opts.Finished(res)
			}
		}()
	}
	wg.Wait()
	var kept []*report.RunResult
	var keptErrs []error
	for i, r := range results {
		if r != nil {
			kept = append(kept, r)
			keptErrs = append(keptErrs, errs[i])
		}
	}
	return kept, keptErrs
}
