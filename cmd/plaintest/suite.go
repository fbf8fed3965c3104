package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/plaintest/plaintest/compileout"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient/mcpconfig"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/parser/phrases"
	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/sandyexport"
	"github.com/plaintest/plaintest/suite"
	"github.com/plaintest/plaintest/translator/permission"
)

// A suite compile (plaintest compile DIR|FILE…) compiles every test of the
// test files under the folders named, each into its own scenario under
// --out, the source tree mirrored; a test whose scenario was compiled from
// the same words, URL, variables and compiler is left as it is.

// suiteTest is one test of a suite, with what its compile gave.
type suiteTest struct {
	*suite.Test
	res   *parser.ParserResult // nil unless compiled
	saved compileout.Saved
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
	planned := suite.Plan(files, suite.PlanOptions{Out: f.outDir, Contract: f.contract(e.getenv),
		Read:    scenario.ReadOptions{BaseURL: f.url, Secret: f.secret(e.getenv)},
		Prepare: f.prepareTest})
	todo := suite.Pending(planned, f.force)
	fmt.Fprintf(progress, "suite: %d test(s) in %d file(s); %d to compile, %d unchanged\n", len(planned), len(files), len(todo), suite.Count(planned, suite.StatusUnchanged))
	tests := make(map[*suite.Test]*suiteTest, len(planned))
	for _, t := range planned {
		tests[t] = &suiteTest{Test: t}
	}
	var envErr error
	if len(todo) > 0 {
		if envErr = f.compileSuite(ctx, e, fs, progress, roots, todo, tests); envErr != nil && exitCodeOf(envErr) != exitEnvironment {
			return envErr
		}
	}
	kept := map[string]bool{}
	for _, t := range planned {
		kept[filepath.Clean(t.Out)] = true
		kept[filepath.Clean(compileout.PartialPath(t.Out))] = true
	}
	orphans := suite.Orphans(f.outDir, kept)
	var all []*suiteTest
	for _, t := range planned {
		all = append(all, tests[t])
	}
	err = f.suiteResult(e, progress, all, orphans, time.Since(start))
	switch {
	case ctx.Err() != nil:
		return context.Cause(ctx)
	case envErr != nil && err != nil:
		return envErr
	}
	return err
}

// secret looks up a secret's value: --secret, then the environment.
func (f *compileFlags) secret(getenv func(string) string) func(string) string {
	return func(name string) string {
		if v, ok := f.secrets.values[name]; ok {
			return v
		}
		return getenv(name)
	}
}

// prepareTest completes a suite's test read from file: --var and
// --secret added to its own, its sentences expanded with the phrases of
// its folder and those above it up to the folder named (or --phrases'),
// and validated again as expanded.
func (f *compileFlags) prepareTest(file suite.File, sc *scenario.Scenario) error {
	f.addVars(sc)
	var book *phrases.Book
	var err error
	if f.phrases != "" {
		book, err = phrases.Load(f.phrases)
	} else {
		book, err = phrases.Find(filepath.Dir(file.Path), file.Root)
	}
	if err != nil {
		return err
	}
	if err := book.Expand(sc); err != nil {
		return err
	}
	if err := sc.Validate(); err != nil {
		var ie *scenario.InputError
		if errors.As(err, &ie) {
			ie.File = file.Path
		}
		return err
	}
	return nil
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
// compiler's version and the translator that reads it (the rules, or a
// model and its server).
func (f *compileFlags) contract(getenv func(string) string) string {
	parts := []string{"plaintest " + version}
	o, set, err := f.options(getenv)
	switch {
	case f.translator == "rules", f.translator == "auto" && err == nil && !set:
		parts = append(parts, "translator rules") // --translator auto with no model set up reads with the rules
	default:
		// The model and its server, never its key.
		parts = append(parts, "translator "+f.translator, "model "+o.Model, "server "+o.BaseURL)
	}
	return strings.Join(parts, "\n")
}

// compileSuite compiles todo, --parallel at a time, each through its own
// browser server and context (suite.Run).
func (f *compileFlags) compileSuite(ctx context.Context, e *env, fs *pflag.FlagSet, progress io.Writer, roots []string, todo []*suite.Test, tests map[*suite.Test]*suiteTest) error {
	files, err := f.filesDir(fs)
	if err != nil {
		return err
	}
	found, err := f.config.discover(e.stderr, roots)
	if err != nil {
		return err
	}
	// The tests share the built-in server's browser, a context each.
	f.browser.pool = &builtinPool{}
	defer f.browser.pool.close()
	err = suite.Run(ctx, todo, f.parallel, progress, func(ctx context.Context, t *suite.Test, w io.Writer) {
		f.compileTest(ctx, e, tests[t], found, files, w)
	})
	if err != nil {
		return environmentError(err)
	}
	return nil
}

// compileTest compiles one test as a single compile does, and writes its
// scenario (a partial one beside it) with what it was compiled from.
func (f *compileFlags) compileTest(ctx context.Context, e *env, t *suiteTest, found *mcpconfig.Discovery, files string, w io.Writer) {
	fail := func(status string, err error) { t.Status, t.Err = status, err }
	if err := f.unlinkedOut(t.Out); err != nil { // before the browser: nothing could be saved
		fail(suite.StatusFailed, err)
		return
	}
	sc0 := t.Scenario
	tr, err := f.translatorFor(f.translator, sc0, e.getenv)
	if err != nil {
		fail(suite.StatusRefused, err)
		return
	}
	grant, err := permission.Grant(sc0.Actions)
	if err != nil {
		fail(suite.StatusRefused, err)
		return
	}
	session, _, done, err := openBrowser(ctx, f.browser, found, f.headed, f.timeout, f.nav, sc0.URL, grant)
	if err != nil {
		fail(suite.StatusFailed, err)
		t.Unavailable = true
		return
	}
	defer done()
	res, _, runErr := f.compile(ctx, session, tr, []string{formatSandy}, files, w, sc0)
	if res == nil {
		fail(suite.StatusFailed, runErr)
		return
	}
	t.res = res
	sc := sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest " + version,
		Instruction: parser.MaskSecrets(strings.Join(sc0.Actions, " then "), sc0.Secrets),
		Tags:        sc0.Tags, Source: sc0.Source, Lines: sc0.Lines, Via: maskedVia(sc0)})
	sc.Metadata.CompiledFrom = t.Digest
	pinScenario(ctx, session, sc)
	if len(res.Steps) > 0 {
		if t.saved, err = compileout.SaveScenario(t.Out, sc); err != nil {
			fail(suite.StatusFailed, err)
			return
		}
	}
	switch err := compileOutcome(res, runErr, nil); {
	case err == nil:
		t.Status = suite.StatusCompiled
	case t.saved.Partial:
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
