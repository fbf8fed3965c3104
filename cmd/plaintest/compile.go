package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/nanoclaw"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/sandyexport"
	"github.com/spf13/pflag"
)

const compileHelp = `
Compile plain-English actions into a Sandy v2.1 scenario by running them in a
real browser (Chromium, through the browser server --mcp names: plaintest's
built-in one, "builtin", the default, which can drive a remote browser with
--ws-endpoint or --cdp-endpoint; or the bundled @playwright/mcp,
"playwright-mcp"). Each
action is read against the page as the previous one left it; only steps that
really ran are kept, each with a stable Playwright selector, so the scenario
replays with no model ("plaintest replay"), through either server.

Actions are joined by "then", ";" or new lines, given as TEXT, as repeated
--step flags, or in a YAML/JSON file (-f) with url, actions, variables and
secrets. The rules translator reads one imperative step a sentence:
go to / open / reload / go back / go forward; click, double-click, hover;
type X into Y, fill Y with X, clear Y; select / choose / pick X (in a
native select, X whole words of one option's text; an ARIA combo box or
list box, a menu); set the Y slider to
X; check / uncheck / tick / turn on / turn off / toggle; press KEY (in Y);
expand / collapse; delete X; add X to the cart; wait N seconds; remember
the order number as ORDER (a value read from the page, {{ORDER}} in later
sentences, read again at replay). And checks,
with or without "verify": TEXT is shown / is gone, the Blue Mug row shows
$24.00, the Save button is disabled, the Email field is empty, the list
shows 3 items, X is the last item, A, B and C are in that order, the URL
ends with /cart, the page title is Todos. Name an element by its label,
text or placeholder (a link with no href by its text; a box covered by a
glyph is ticked through its label, in a shadow root too), a field alone of its kind by its kind
("the email box", "the search field"), or an unnamed one by its kind and
place ("the checkbox for Buy milk"); say which one with "for", "in" or "next to"
("click Add to cart for Blue Mug"). An action verb never becomes a check:
what cannot be done fails with the closest elements, and an action never
lands on static text that merely holds its words ("click OK in the alert"
with no dialog open fails: no dialog is open).

Each check reads one element, printed after it, written as the step's
element and description and in --json: the one its sentence names (the
Blue Mug row, the status, the progress bar), else the element showing the
text, one the action before it changed; never, after an action, text a
person could see on the page before (help, instructions): text hidden
until the action showed it is what the action did. A text check passes
only where a person sees the text (not in a hidden, zero-sized, off-page
or covered element). A value check reads the value
a person sees: a field's value, a select's chosen option, a checkbox's
state, a slider's value text. A check that held before its action is
printed as a warning. Elements inside open shadow roots (web components)
are found, acted on and checked like any other; on such a page checks
read text, counts and values through the shadow roots, slotted content
where its slot shows it. Elements inside frames (iframe by src or srcdoc,
another origin's too) are found when no other element of the page has
their name, else by naming the frame: "click Pay in the payment frame",
"the payment frame shows Payment accepted" (a frame is named by its
aria-label, title, name or id); they are exported inside their frame
(iframe[title="Payment"] >> internal:control=enter-frame >> ...). A check
of the page's text does not read a frame's: it fails saying which frame
shows the text.

Secrets (--secret NAME=VALUE) are typed while compiling and written as
required {{NAME}} variables: their values reach no file, log or prompt.
Actions are read as written, so a secret that is also page text still finds
its element; output shows it masked, in its encoded forms too.

Output: -o FILE (default .sandy/scenarios/<name>.json), replaced atomically
when every action compiled; a partial scenario left beside it by an earlier
compile is then removed. A compile that stops early (an action fails, the
browser is lost, Ctrl-C) leaves FILE as it was and writes the steps that ran
beside it as a partial scenario, FILE with .partial.json (mug.json gives
mug.partial.json), marked "status": "partial" in its metadata: validate and
replay refuse it unless --allow-partial. A screenshot and the page snapshot
of a failure go to --evidence. --report DIR writes DIR/index.html, a
self-contained HTML report of the compile (each action's tool calls, the
failure with its error, screenshot and page snapshot), and puts the
evidence in DIR unless --evidence is given.

Uploads ("upload notes.txt into Attachment") read only files in --files DIR
(default .sandy/files, as replay's): the scenario names the file relative
to it. The browser's dialogs ("accept the dialog", "type X into the prompt
and click OK"), tabs ("switch to the new tab", "switch to tab 2"), drags
("drag X to Y") and several options ("select A and B in LIST") are read too.

--prove then proves the scenario written, as plaintest prove does: in a
new browser, each check must fail where what it reads is broken (its text
changed or hidden, its state flipped, ...); exit 1 names a check that
cannot fail. docs/prove.md says how.

--format also writes, beside FILE: nanoclaw, a NanoClaw replay bundle of
the run (FILE.replay.json: every MCP call the compile made, snapshots and
probes included, with its result or error and real times, model calls,
status and metrics; written for a partial compile too); chungoid, a
Chungoid flow (FILE.flow.yaml); playwright, a Playwright Test spec
(FILE.spec.ts). The flow and the spec are written only when every action
compiled. "plaintest export" makes the flow and the spec from a scenario
file.

%s

Reference: docs/compile.md (sentences, checks, secrets, output, timeouts),
docs/models.md (a language model), docs/exports.md (--format).

Example:
  plaintest compile "go to the login page then type demo into Username then type demo123 into Password then click Log in" \
      --url http://127.0.0.1:8080 --secret PASSWORD=demo123 -o login.json`

type compileFlags struct {
	url, file, out, name, translator, format, evidence, report, files string
	filesRefused                                                      error // why the default --files is none (filesDir)
	config                                                            configFlags
	browser                                                           browserFlags
	steps                                                             listFlag
	vars, secrets                                                     kvFlag
	headed, json, prove                                               bool
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
	if f.prove && f.json {
		return usageError("--prove writes prove's lines on stdout: it does not go with --json (run plaintest prove --json on the scenario written)")
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
	session, server, done, err := openBrowser(ctx, f.browser, found, f.headed, f.timeout, f.nav, sc.URL)
	if err != nil {
		return err
	}
	done = sync.OnceFunc(done) // --prove ends it before its own browser
	defer done()
	fmt.Fprintf(progress, "compiling %q against %s through %s\n", sc.Name, printable.String(parser.MaskSecrets(sc.URL, sc.Secrets)), server)

	res, rec, runErr := f.compile(ctx, session, tr, formats, files, progress, sc)
	if res == nil {
		return runErr
	}
	scenario := sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest " + version, Instruction: instruction})
	pinScenario(ctx, session, scenario)
	var w saved
	if len(res.Steps) > 0 {
		if w, err = saveScenario(out, scenario); err != nil {
			return environmentError(err)
		}
	}
	exported, exportErr := compileExports(formats, out, res, scenario, rec, instruction, sc.Secrets, w)
	if f.json {
		writeJSONResult(e.stdout, res, out, w, exported)
	} else {
		summarize(progress, res, out, w, len(scenario.Steps))
		if usesModel(tr.tr) {
			summarizeModel(progress, res)
		}
		printWritten(progress, exported)
	}
	if f.report != "" {
		if err := writeCompileReport(progress, f.report, res, w.path); err != nil {
			return err
		}
	}
	if err := compileOutcome(res, runErr, exportErr); err != nil || !f.prove {
		return err
	}
	done() // the compile's browser, before prove opens its own
	return proveCompiled(ctx, e, progress, fs, &f, w.path)
}

// flagSet declares compile's flags into f.
func (f *compileFlags) flagSet(e *env) *pflag.FlagSet {
	fs := newFlags(e, "compile", "[TEXT] --url URL [flags]", fmt.Sprintf(compileHelp, modelHelp))
	fs.StringVar(&f.url, "url", "", "page to open first (http, https or file URL)")
	fs.Var(&f.steps, "step", "one action (repeatable; added after TEXT)")
	fs.StringVarP(&f.file, "file", "f", "", "read the scenario from a YAML or JSON `file`")
	fs.StringVarP(&f.out, "output", "o", "", "output `file` (default .sandy/scenarios/<name>.json)")
	fs.StringVar(&f.name, "name", "", "scenario name (default: the -o file's name, else the first words)")
	fs.Var(&f.vars, "var", "variable `NAME=VALUE`; a typed value equal to it is exported as {{NAME}} (repeatable)")
	fs.Var(&f.secrets, "secret", "secret `NAME=VALUE`, typed but exported only as a required {{NAME}} (repeatable)")
	fs.StringVar(&f.translator, "translator", "auto", "auto (rules, then a model for what they cannot read), rules or llm")
	f.modelFlags.add(fs, "--url's")
	f.browser.add(fs, "those beside the --url page (they always open when --url is a local file)")
	f.config.add(fs)
	fs.StringVar(&f.format, "format", formatSandy, "`formats` to write beside -o: sandy, nanoclaw, chungoid, playwright (comma-separated), or all; the Sandy scenario is always written")
	fs.StringVar(&f.evidence, "evidence", filepath.Join(".sandy", "evidence"), "`dir` for the screenshot and snapshot of a failure")
	fs.StringVar(&f.report, "report", "", "write the HTML report `dir`/index.html (and the evidence there, unless --evidence)")
	fs.StringVar(&f.files, "files", replay.DefaultFiles, "the only `DIR` uploads come from (\"upload FILE into FIELD\" names FILE in it, as replay --files reads it)")
	fs.BoolVar(&f.headed, "headed", false, "show the browser window")
	fs.BoolVar(&f.prove, "prove", false, "prove the checks of the scenario written (plaintest prove): each must fail where what it reads is broken; exit 1 when one cannot")
	fs.BoolVar(&f.json, "json", false, "print the result as JSON on stdout (progress goes to stderr)")
	fs.DurationVar(&f.timeout, "timeout", defaults.Step, "how long an element may take to appear, or to be enabled")
	fs.DurationVar(&f.nav, "nav-timeout", defaults.Navigation, "how long a page may take to load (bundled browser server), and how long \"wait for TEXT\" waits, at compile and in the export")
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
	c := parser.New(session, &parser.Options{
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
	})
	res, err := c.Run(ctx, *sc)
	return res, rec, err
}

// writeCompileReport writes --report's HTML report of the compile in dir
// and names it on progress.
func writeCompileReport(progress io.Writer, dir string, res *parser.ParserResult, scenarioPath string) error {
	run := compileRun(res, scenarioPath, dir)
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
		if sc, err = parser.ReadFile(f.file, secret); err != nil {
			return nil, "", err
		}
		if f.url != "" {
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
	if err := sc.Validate(); err != nil {
		return nil, "", err
	}
	if instruction == "" {
		instruction = strings.Join(sc.Actions, " then ")
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
	fmt.Fprintf(w, "%s%s … ok %.2fs%s%s\n", prefix, what, s.Duration.Seconds(), wait, printable.String(modelNote(s)))
	for _, warn := range s.Warnings {
		fmt.Fprintf(w, "      warning: %s\n", printable.String(warn))
	}
}
