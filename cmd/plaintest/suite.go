package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient/mcpconfig"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/sandyexport"
	"github.com/plaintest/plaintest/suite"
	"github.com/plaintest/plaintest/translator/grammar"
)

// A suite compile (plaintest compile DIR|FILE…) compiles every test of the
// test files under the folders named, each into its own scenario under
// --out, the source tree mirrored; a test whose scenario was compiled from
// the same words, URL, variables and compiler is left as it is.

// suiteTest is one test of a suite and what became of it.
type suiteTest struct {
	file   suite.File
	sc     *scenario.Scenario // nil when its file was refused
	out    string             // the scenario's path
	digest string
	// status is one of the suite statuses; err the first problem.
	status   string
	err      error
	res      *parser.ParserResult // nil unless compiled
	saved    saved
	duration time.Duration
	// unavailable: its browser server did not start.
	unavailable bool
	log         bytes.Buffer // its progress, when tests run at once
}

// suiteArgs reports whether compile's positional arguments name test
// files and folders (a suite) rather than the actions' text: each is a
// folder, or a file with a test file's ending that exists.
func suiteArgs(pos []string) (bool, error) {
	paths := 0
	for _, p := range pos {
		if fi, err := os.Stat(p); err == nil && (fi.IsDir() || suite.IsTestName(p)) {
			paths++
		}
	}
	switch {
	case paths == 0:
		return false, nil
	case paths < len(pos):
		return false, usageError("give either test files and folders, or the actions' text, not both (%d of %d arguments are files or folders)", paths, len(pos))
	}
	return true, nil
}

// checkSuiteFlags refuses the flags of a single compile in a suite's.
func (f *compileFlags) checkSuiteFlags(fs *pflag.FlagSet) error {
	for _, name := range []string{"output", "name", "file", "step"} {
		if fs.Changed(name) {
			return usageError("--%s is for one test: a suite compile writes each test's scenario under --out DIR", name)
		}
	}
	if formats, err := parseFormats(f.format, allFormats); err != nil || len(formats) != 1 || formats[0] != formatSandy {
		return usageError("--format: a suite compile writes Sandy scenarios only; compile one test with -f to export it")
	}
	if f.parallel < 1 {
		return usageError("--parallel %d: want 1 or more", f.parallel)
	}
	return nil
}

// runSuite compiles the tests under roots.
func (f *compileFlags) runSuite(ctx context.Context, e *env, fs *pflag.FlagSet, roots []string) error {
	if err := f.checkSuiteFlags(fs); err != nil {
		return err
	}
	start := time.Now()
	progress := e.stdout
	if f.json {
		progress = e.stderr
	}
	if !fs.Changed("out") {
		if err := defaultFolder("out DIR", f.outDir); err != nil {
			return err
		}
	}
	if !fs.Changed("evidence") && !fs.Changed("report") {
		if err := defaultFolder("evidence DIR", f.evidence); err != nil {
			return err
		}
	}
	files, skipped, err := suite.Find(roots, f.outDir)
	if err != nil {
		return usageError("%v", err)
	}
	for _, s := range skipped {
		fmt.Fprintf(progress, "skipped %s: %s\n", printable.String(s.Path), printable.String(s.Why))
	}
	if len(files) == 0 {
		return usageError("no test files under %s (tests end in .feature, .yaml, .yml, .json or .txt)", strings.Join(roots, ", "))
	}
	tests := f.readSuite(files, e.getenv)
	todo := f.unchanged(tests)
	fmt.Fprintf(progress, "suite: %d test(s) in %d file(s); %d to compile, %d unchanged\n", len(tests), len(files), len(todo), len(tests)-len(todo)-refused(tests))
	var envErr error
	if len(todo) > 0 {
		if envErr = f.compileSuite(ctx, e, fs, progress, roots, todo); envErr != nil && exitCodeOf(envErr) != exitEnvironment {
			return envErr
		}
	}
	kept := map[string]bool{}
	for _, t := range tests {
		kept[filepath.Clean(t.out)] = true
		kept[filepath.Clean(partialPath(t.out))] = true
	}
	orphans := suite.Orphans(f.outDir, kept)
	err = f.suiteResult(e, progress, tests, orphans, time.Since(start))
	switch {
	case ctx.Err() != nil:
		return context.Cause(ctx)
	case envErr != nil && err != nil:
		return envErr
	}
	return err
}

// readSuite reads the tests of files; a file that cannot be read is one
// refused test.
func (f *compileFlags) readSuite(files []suite.File, getenv func(string) string) []*suiteTest {
	secret := func(name string) string {
		if v, ok := f.secrets.values[name]; ok {
			return v
		}
		return getenv(name)
	}
	var names suite.Names
	var tests []*suiteTest
	for _, file := range files {
		scs, err := suite.Read(file.Path, scenario.ReadOptions{BaseURL: f.url, Secret: secret})
		if err != nil {
			tests = append(tests, &suiteTest{file: file, status: suite.StatusRefused, err: err})
			continue
		}
		for _, sc := range scs {
			f.addVars(sc)
			out := filepath.Join(f.outDir, filepath.FromSlash(names.Name(file.Rel, sc.Name, len(scs) > 1 || suite.IsFeature(file.Path))))
			tests = append(tests, &suiteTest{file: file, sc: sc, out: out, digest: suite.Digest(sc, f.contract())})
		}
	}
	return tests
}

// addVars adds --var and --secret to a test's own.
func (f *compileFlags) addVars(sc *scenario.Scenario) {
	for _, k := range f.vars.keys {
		if sc.Variables == nil {
			sc.Variables = map[string]string{}
		}
		sc.Variables[k] = f.vars.values[k]
	}
	for _, k := range f.secrets.keys {
		if sc.Secrets == nil {
			sc.Secrets = map[string]string{}
		}
		sc.Secrets[k] = f.secrets.values[k]
	}
}

// contract is what, besides a test's words, decides its scenario: the
// compiler's version and the translator and model chosen.
func (f *compileFlags) contract() string {
	return strings.Join([]string{"plaintest " + version, "translator " + f.translator, "model " + f.model}, "\n")
}

// unchanged marks the tests whose scenario was compiled from the same
// digest (unless --force), and returns the rest that can be compiled.
func (f *compileFlags) unchanged(tests []*suiteTest) []*suiteTest {
	var todo []*suiteTest
	for _, t := range tests {
		switch {
		case t.sc == nil:
		case !f.force && suite.Unchanged(t.out, t.digest):
			t.status = suite.StatusUnchanged
		default:
			todo = append(todo, t)
		}
	}
	return todo
}

func refused(tests []*suiteTest) int {
	n := 0
	for _, t := range tests {
		if t.status == suite.StatusRefused {
			n++
		}
	}
	return n
}

// compileSuite compiles todo, --parallel at a time, each through its own
// browser server and context. One at a time, a test's progress is printed
// as it goes; several at a time, each test's when it ends.
func (f *compileFlags) compileSuite(ctx context.Context, e *env, fs *pflag.FlagSet, progress io.Writer, roots []string, todo []*suiteTest) error {
	files, err := f.filesDir(fs)
	if err != nil {
		return err
	}
	found, err := f.config.discover(e.stderr, roots)
	if err != nil {
		return err
	}
	var mu sync.Mutex     // progress, unavailable
	var unavailable error // a browser server that did not start: the rest would not either
	sem := make(chan struct{}, f.parallel)
	var wg sync.WaitGroup
	for i, t := range todo {
		mu.Lock()
		stop := unavailable != nil
		mu.Unlock()
		if ctx.Err() != nil || stop {
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			head := fmt.Sprintf("[%d/%d] %s: %s", i+1, len(todo), printable.String(t.file.Path), printable.String(t.sc.Name))
			w := io.Writer(&t.log)
			if f.parallel == 1 {
				fmt.Fprintln(progress, head)
				w = progress
			}
			f.compileTest(ctx, e, t, found, files, w)
			mu.Lock()
			if t.unavailable && unavailable == nil {
				unavailable = t.err
			}
			if f.parallel > 1 {
				fmt.Fprintln(progress, head)
				progress.Write(t.log.Bytes())
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, t := range todo {
		switch {
		case t.status != "":
		case unavailable != nil:
			t.status, t.err = suite.StatusFailed, fmt.Errorf("not compiled: the browser server did not start (%v)", unavailable)
		default:
			t.status, t.err = suite.StatusFailed, fmt.Errorf("not compiled: %w", context.Cause(ctx))
		}
	}
	if unavailable != nil {
		return environmentError(unavailable)
	}
	return nil
}

// compileTest compiles one test as a single compile does, and writes its
// scenario (a partial one beside it) with what it was compiled from.
func (f *compileFlags) compileTest(ctx context.Context, e *env, t *suiteTest, found *mcpconfig.Discovery, files string, w io.Writer) {
	start := time.Now()
	defer func() { t.duration = time.Since(start) }()
	fail := func(status string, err error) { t.status, t.err = status, err }
	if err := f.unlinkedOut(t.out); err != nil { // before the browser: nothing could be saved
		fail(suite.StatusFailed, err)
		return
	}
	tr, err := f.translatorFor(f.translator, t.sc, e.getenv)
	if err != nil {
		fail(suite.StatusRefused, err)
		return
	}
	grant, err := grammar.Grant(t.sc.Actions)
	if err != nil {
		fail(suite.StatusRefused, err)
		return
	}
	session, _, done, err := openBrowser(ctx, f.browser, found, f.headed, f.timeout, f.nav, t.sc.URL, grant)
	if err != nil {
		fail(suite.StatusFailed, err)
		t.unavailable = true
		return
	}
	defer done()
	res, _, runErr := f.compile(ctx, session, tr, []string{formatSandy}, files, w, t.sc)
	if res == nil {
		fail(suite.StatusFailed, runErr)
		return
	}
	t.res = res
	sc := sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest " + version,
		Instruction: parser.MaskSecrets(strings.Join(t.sc.Actions, " then "), t.sc.Secrets),
		Tags:        t.sc.Tags, Source: t.sc.Source, Lines: t.sc.Lines})
	sc.Metadata.CompiledFrom = t.digest
	pinScenario(ctx, session, sc)
	if len(res.Steps) > 0 {
		if t.saved, err = saveScenario(t.out, sc); err != nil {
			fail(suite.StatusFailed, err)
			return
		}
	}
	switch err := compileOutcome(res, runErr, nil); {
	case err == nil:
		t.status = suite.StatusCompiled
	case t.saved.partial:
		fail(suite.StatusPartial, err)
	default:
		fail(suite.StatusFailed, err)
	}
}

// unlinkedOut refuses a scenario path below --out that passes through a
// symbolic link: the output folder is often in the checkout under test,
// which may commit a link there leading anywhere.
func (f *compileFlags) unlinkedOut(out string) error {
	dir, err1 := filepath.Abs(f.outDir)
	path, err2 := filepath.Abs(filepath.Dir(out))
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if err := fspath.Unlinked(dir, path); err != nil {
		return fmt.Errorf("%w: refused, as a checkout may commit such a link below --out", err)
	}
	return nil
}
