package main

import (
	"context"
	"fmt"
	"github.com/plaintest/plaintest/compileout"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/nanoclaw"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/parser/gherkin"
	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/sandyexport"
	"github.com/plaintest/plaintest/translator/permission"
	"github.com/spf13/pflag"
)

type compileFlags struct {
	url, file, out, name, translator, format, evidence, report, files string
	phrases                                                           string   // --phrases
	phraseFiles                                                       []string // the phrases files read (phrases.go)
	filesRefused                                                      error    // why the default --files is none (filesDir)
	config                                                            configFlags
	browser                                                           browserFlags
	steps                                                             listFlag
	vars, secrets                                                     kvFlag
	headed, json, prove, force                                        bool
	outDir, junit                                                     string // a suite's
	parallel                                                          int
	timeout, nav                                                      time.Duration
	modelFlags
}

func runCompile(ctx context.Context, e *env, args []string) error {
	var f compileFlags
	fs := f.flagSet(e)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if f.report != "" && !fs.Changed("evidence") {
		f.evidence = f.report
	}
	if f.timeout <= 0 || f.nav <= 0 {
		return usageError("--timeout and --nav-timeout want a positive duration such as 5s")
	}
	if err := f.browser.check(fs); err != nil {
		return err
	}
	if isSuite, err := suiteArgs(pos); err != nil || isSuite {
		if err != nil {
			return err
		}
		return f.runSuite(ctx, e, fs, pos)
	}
	sc, instruction, err := f.scenario(pos, e.getenv)
	if err != nil {
		return err
	}
	formats, err := parseFormats(f.format, allFormats)
	if err != nil {
		return err
	}
	if f.translator != "auto" && f.translator != "rules" && f.translator != "llm" {
		return usageError("--translator must be auto, rules or llm, not %q", f.translator)
	}
	tr, err := f.translatorFor(f.translator, sc, e.getenv)
	if err != nil {
		return err
	}

	progress := e.stdout
	if f.json {
		progress = e.stderr
	}
	fmt.Fprintln(progress, tr.note)
	notePhrases(progress, f.phraseFiles)
	out := f.out
	if out == "" {
		out = filepath.Join(".sandy", "scenarios", sandy.Slug(sc.Name)+".json")
	}
	if err := f.defaultFolders(fs, out); err != nil {
		return err
	}

	files, err := f.filesDir(fs)
	if err != nil {
		return err
	}
	found, err := f.config.discover(e.stderr, f.tested(sc.URL))
	if err != nil {
		return err
	}
	grant, err := permission.Grant(sc.Actions) // "allow location access": the context starts with it
	if err != nil {
		return err
	}
	session, server, done, err := openBrowser(ctx, f.browser, found, f.headed, f.timeout, f.nav, sc.URL, grant)
	if err != nil {
		return err
	}
	defer done()
	fmt.Fprintf(progress, "compiling %q against %s through %s\n", sc.Name, printable.String(parser.MaskSecrets(sc.URL, sc.Secrets)), server)

	res, rec, runErr := f.compile(ctx, session, tr, formats, files, progress, sc)
	if res == nil {
		return runErr
	}
	scenario := sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest " + version, Instruction: instruction,
		Tags: sc.Tags, Source: sc.Source, Lines: sc.Lines, Via: maskedVia(sc)})
	pinScenario(ctx, session, scenario)
	var w compileout.Saved
	if len(res.Steps) > 0 {
		if w, err = compileout.SaveScenario(out, scenario); err != nil {
			return environmentError(err)
		}
	}
	exported, exportErr := compileExports(formats, out, res, scenario, rec, instruction, sc.Secrets, w)
	if f.json {
		compileout.WriteJSON(e.stdout, res, out, w, exported)
	} else {
		compileout.Summarize(progress, res, out, w, len(scenario.Steps))
		if usesModel(tr.tr) {
			compileout.SummarizeModel(progress, res)
		}
		printWritten(progress, exported)
	}
	if f.report != "" {
		if err := writeCompileReport(progress, f.report, res, w.Path); err != nil {
			return err
		}
	}
	return compileOutcome(res, runErr, exportErr)
}

// compileHelp is plaintest compile --help: what the command does, an
// example and where the reference is (docs/compile.md says the rest).
const compileHelp = `
Compile plain-English actions (joined by "then", ";" or new lines) into a
Sandy v2.1 scenario, running each in a real browser; it replays with no model.
  plaintest compile "type demo into Username then click Log in" \
      --url http://127.0.0.1:8080/login -o login.json
  plaintest compile tests/ --url http://127.0.0.1:8080   # a folder: a suite
Reference: docs/compile.md, docs/suites.md, docs/models.md, docs/exports.md`

// flagSet declares compile's flags into f.
func (f *compileFlags) flagSet(e *env) *pflag.FlagSet {
	fs := newFlags(e, "compile", "[TEXT | DIR|FILE…] --url URL [flags]", compileHelp)
	fs.StringVar(&f.url, "url", "", "the page to open first (http, https or file: `URL`)")
	fs.Var(&f.steps, "step", "one action (repeatable; after TEXT)")
	fs.StringVarP(&f.file, "file", "f", "", "read the scenario from a YAML or JSON `file`, or a .feature file of one scenario")
	fs.StringVar(&f.phrases, "phrases", "", "the phrases `FILE` (default: phrases.yaml beside -f's file, and above it)")
	fs.StringVarP(&f.out, "output", "o", "", "scenario `file` (default .sandy/scenarios/<name>.json)")
	fs.StringVar(&f.name, "name", "", "scenario name (default: -o's name, else the first words)")
	fs.Var(&f.vars, "var", "a variable; a typed value equal to it is written {{NAME}}")
	fs.Var(&f.secrets, "secret", "a secret: typed, written only as a required {{NAME}}")
	fs.StringVar(&f.translator, "translator", "auto", "auto (rules, then a model), rules or llm")
	f.modelFlags.add(fs)
	f.browser.add(fs, "beside the --url page")
	f.config.add(fs)
	fs.StringVar(&f.format, "format", formatSandy, "also write `formats`: nanoclaw,chungoid,playwright or all")
	fs.StringVar(&f.evidence, "evidence", filepath.Join(".sandy", "evidence"), "`dir` for a failure's screenshot and snapshot")
	fs.StringVar(&f.report, "report", "", "write the HTML report `dir`/index.html")
	fs.StringVar(&f.files, "files", replay.DefaultFiles, "the only `DIR` uploads come from")
	fs.BoolVar(&f.headed, "headed", false, "show the browser window")
	fs.BoolVar(&f.prove, "prove", false, "prove each check can fail as it compiles (as plaintest prove)")
	fs.BoolVar(&f.json, "json", false, "print the result as JSON on stdout")
	fs.DurationVar(&f.timeout, "timeout", defaults.Step, "how long an element may take to appear or be enabled")
	fs.DurationVar(&f.nav, "nav-timeout", defaults.Navigation, "how long a page may take to load, and \"wait for\" waits")
	fs.StringVar(&f.outDir, "out", filepath.Join(".sandy", "scenarios"), "a suite's scenarios `DIR`, its tests' folders mirrored")
	fs.BoolVar(&f.force, "force", false, "a suite: compile unchanged tests again")
	fs.IntVar(&f.parallel, "parallel", 1, "a suite: compile `N` tests at once")
	fs.StringVar(&f.junit, "junit", "", "a suite: write the compile's JUnit XML to `FILE`")
	flagLine(fs, "suites and phrases (docs/suites.md)", "out", "force", "parallel", "junit", "phrases")
	return fs
}

// compile runs sc's actions through session with the translator chosen,
// printing progress; with the NanoClaw format, observed by a Recorder
// that keeps every call for the bundle.
func (f *compileFlags) compile(ctx context.Context, session parser.ToolCaller, tr chosen, formats []string, files string, progress io.Writer, sc *parser.Scenario) (*parser.ParserResult, *nanoclaw.Recorder, error) {
	var rec *nanoclaw.Recorder
	var observer parser.Observer
	if slices.Contains(formats, formatNanoClaw) {
		// The bundle records every call the compile makes, as it makes it.
		rec = &nanoclaw.Recorder{}
		observer = rec
	}
	opts := &parser.Options{
		Observer:       observer,
		Translator:     tr.tr,
		TranslatorName: tr.name,
		Timeout:        f.timeout,
		NavTimeout:     f.nav,
		EvidenceDir:    f.evidence,
		Files:          files,
		FilesRefused:   f.filesRefused,
		Progress:       func(ev parser.Event) { printEvent(progress, ev) },
		Tokens:         tr.tokens,
	}
	var cp *checkProver
	if f.prove {
		cp = &checkProver{progress: progress}
		cp.install(opts, f.timeout)
	}
	res, err := parser.New(session, opts).Run(ctx, *sc)
	if cp != nil {
		cp.summarize()
	}
	return res, rec, err
}

// writeCompileReport writes --report's HTML report of the compile in dir
// and names it on progress.
func writeCompileReport(progress io.Writer, dir string, res *parser.ParserResult, scenarioPath string) error {
	run := compileout.Run(res, scenarioPath, dir)
	path, err := rpt.WriteHTMLFile(dir, rpt.NewSummary([]*rpt.RunResult{run}, res.Duration),
		&rpt.HTMLOptions{Title: "plaintest compile", Generated: time.Now()})
	if err != nil {
		return fmt.Errorf("--report: %w", err)
	}
	fmt.Fprintf(progress, "report: %s\n", printable.String(path))
	return nil
}

// compileOutcome chooses the exit: the compile's own error, then an export
// that failed, then the first step that did not compile.
func compileOutcome(res *parser.ParserResult, runErr, exportErr error) error {
	if runErr != nil {
		return runErr
	}
	if exportErr != nil {
		return exportErr
	}
	if len(res.Errors) > 0 {
		ei := res.Errors[0]
		return failed(fmt.Errorf("step %d %q: %s", ei.Index, ei.Action, ei.Message))
	}
	return nil
}

// scenario builds the Scenario from TEXT, --step and -f, and validates it.
func (f *compileFlags) scenario(pos []string, getenv func(string) string) (*parser.Scenario, string, error) {
	secret := func(name string) string {
		if v, ok := f.secrets.values[name]; ok {
			return v
		}
		return getenv(name)
	}
	var sc *parser.Scenario
	instruction := strings.Join(append(pos, f.steps...), " then ")
	if f.file != "" {
		var err error
		if sc, err = gherkin.ReadTest(f.file, scenario.ReadOptions{BaseURL: f.url, Secret: secret}); err != nil {
			return nil, "", err
		}
		if f.url != "" && !gherkin.IsFeature(f.file) { // a feature file's URL is its own, its paths on --url
			sc.URL = f.url
		}
	} else {
		sc = &parser.Scenario{URL: f.url}
	}
	for _, p := range pos {
		sc.Actions = append(sc.Actions, parser.SplitActions(p)...)
	}
	for _, s := range f.steps {
		sc.Actions = append(sc.Actions, strings.TrimSpace(s))
	}
	if len(f.vars.keys) > 0 && sc.Variables == nil {
		sc.Variables = map[string]string{}
	}
	for _, k := range f.vars.keys {
		sc.Variables[k] = f.vars.values[k]
	}
	if len(f.secrets.keys) > 0 && sc.Secrets == nil {
		sc.Secrets = map[string]string{}
	}
	for _, k := range f.secrets.keys {
		sc.Secrets[k] = f.secrets.values[k]
	}
	switch {
	case f.name != "":
		sc.Name = f.name
	case sc.Name == "" && f.out != "":
		sc.Name = strings.TrimSuffix(filepath.Base(f.out), filepath.Ext(f.out))
	}
	if sc.Name == "" && len(sc.Actions) > 0 {
		sc.Name = sandy.Slug(parser.MaskSecrets(sc.Actions[0], sc.Secrets))
	}
	written := strings.Join(sc.Actions, " then ") // the test's own sentences
	if err := f.expandPhrases(sc); err != nil {
		return nil, "", err
	}
	if err := sc.Validate(); err != nil {
		return nil, "", err
	}
	if instruction == "" {
		instruction = written
	}
	return sc, parser.MaskSecrets(instruction, sc.Secrets), nil
}

// printEvent writes one line of compile progress. The action, the element
// (page text) and the error text come from outside: they are written through
// printable.String.
func printEvent(w io.Writer, ev parser.Event) {
	prefix := fmt.Sprintf("[%d/%d] %s", ev.Index, ev.Total, printable.String(ev.Action))
	if ev.Err != nil {
		fmt.Fprintf(w, "%s … FAILED: %s\n", prefix, printable.String(ev.Err.Message))
		if ev.Err.Screenshot != "" || ev.Err.SnapshotFile != "" {
			fmt.Fprintf(w, "      evidence: %s\n", printable.String(strings.Trim(ev.Err.Screenshot+" "+ev.Err.SnapshotFile, " ")))
		}
		return
	}
	s := ev.Step
	what := ""
	switch {
	case s.Element != "" && s.Target != "":
		what = fmt.Sprintf(" → %s [%s]", printable.String(s.Element), printable.String(s.Target))
	case s.Element != "":
		what = " → " + printable.String(s.Element)
	}
	wait := ""
	if s.Waited > 0 {
		wait = fmt.Sprintf(" (appeared after %.1fs)", s.Waited.Seconds())
	}
	fmt.Fprintf(w, "%s%s … ok %.2fs%s%s\n", prefix, what, s.Duration.Seconds(), wait, printable.String(compileout.ModelNote(s)))
	for _, warn := range s.Warnings {
		fmt.Fprintf(w, "      warning: %s\n", printable.String(warn))
	}
}
