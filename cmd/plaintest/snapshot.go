package main

import (
	"context"
	"fmt"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
	"github.com/plaintest/plaintest/translator/llm"
)

const snapshotHelp = `
Open URL in the browser and print the minimized snapshot a language model is
shown, with its token count beside the full snapshot's; --for TEXT also shows
what the action would act on and the selector it would export, without running it.
  plaintest snapshot http://127.0.0.1:8080 --for "click Add to cart for Blue Mug"
Reference: docs/compile.md (Snapshot), docs/browser-servers.md (--mcp)`

func runSnapshot(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "snapshot", "URL [--for TEXT] [--budget TOKENS] [--model M] [--raw]", snapshotHelp)
	forText := fs.String("for", "", "resolve the action `TEXT` against the page (not run)")
	budget := fs.Int("budget", 0, "most `tokens` of the minimized snapshot (0: no limit)")
	model := fs.String("model", "", "the `model` whose tokenizer counts (default $"+envModel+", else "+llm.DefaultModel+")")
	raw := fs.Bool("raw", false, "print the full snapshot as the server returned it")
	var browser browserFlags
	browser.add(fs, "beside the URL's page")
	var config configFlags
	config.add(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("want one URL, got %d arguments (see plaintest snapshot --help)", len(pos))
	}
	if err := browser.check(fs); err != nil {
		return err
	}
	var tested []string
	if page := pageFolder(pos[0]); page != "" {
		tested = append(tested, page)
	}
	found, err := config.discover(e.stderr, tested)
	if err != nil {
		return err
	}
	session, _, done, err := openBrowser(ctx, browser, found, false, defaults.Step, defaults.Navigation, pos[0], permit.Grant{})
	if err != nil {
		return err
	}
	defer done()
	nav, err := session.CallTool(ctx, mcpclient.ToolNavigate, map[string]any{"url": pos[0]})
	if err != nil {
		return err
	}
	if nav.IsError {
		return environmentError(fmt.Errorf("cannot open %s: %s", pos[0], nav.Error))
	}
	snap, err := session.CallTool(ctx, mcpclient.ToolSnapshot, map[string]any{})
	if err != nil {
		return err
	}
	if snap.IsError {
		return environmentError(fmt.Errorf("snapshot of %s failed: %s", pos[0], snap.Error))
	}
	// The page's text is printed with its control characters escaped
	// (printable.String): a page cannot write to the terminal.
	if *raw {
		fmt.Fprintln(e.stdout, printable.String(snap.Text))
		return nil
	}
	page, err := dom.ParseARIA(snap.Snapshot)
	if err != nil {
		return fmt.Errorf("cannot read the snapshot of %s: %w", pos[0], err)
	}
	if *model == "" {
		*model = e.getenv(envModel)
	}
	if *model == "" {
		*model = llm.DefaultModel
	}
	count := tokens.ForModel(*model)
	opts := &dom.MinimizeOptions{Budget: *budget, Tokens: count}
	if *budget > 0 {
		opts.Focus = *forText // the page a model is shown for the action
	}
	min := dom.Serialize(dom.Minimize(page, opts))
	full, small := count.Count(snap.Snapshot), count.Count(min)
	fmt.Fprint(e.stdout, printable.String(min))
	fmt.Fprintf(e.stdout, "\n# %s: minimized %d tokens, full snapshot %d tokens (%.0f%%), in %s (%s)", printable.String(pos[0]), small, full,
		100*float64(small)/float64(max(full, 1)), count.Encoding(), printable.String(*model))
	switch {
	case *budget > 0 && small > *budget:
		fmt.Fprintf(e.stdout, "; over the budget of %d: without --for, controls are never cut", *budget)
	case *budget > 0:
		fmt.Fprintf(e.stdout, "; budget %d", *budget)
	}
	fmt.Fprintln(e.stdout)
	if *forText == "" {
		return nil
	}
	steps, err := grammar.NewRules().Translate(ctx, translator.Request{Action: *forText, Page: page, URL: snap.PageURL})
	if err != nil {
		return failed(fmt.Errorf("%q: %w", *forText, err))
	}
	for _, s := range steps {
		line := fmt.Sprintf("# %s: %s", *forText, s.Kind)
		if s.Ref != "" {
			loc := "(no stable selector)"
			if n := page.FindRef(s.Ref); n != nil {
				if l, err := locator.Synthesize(page, n); err == nil {
					loc = l.Selector()
				}
			}
			line += fmt.Sprintf(" %s [%s] %s", s.Element, s.Ref, loc)
		}
		if s.Value != "" {
			line += fmt.Sprintf(" %q", s.Value)
		}
		fmt.Fprintln(e.stdout, printable.String(line))
	}
	return nil
}
