package parser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/names"
)

// What is not an element of the page: the browser's dialogs and file
// chooser (modal states: while one waits, the page cannot be read, and
// only the tool that handles it runs), files to upload (from the files
// folder only), the browser's tabs, a drag, several options of a list box.

// dialog describes the browser dialog waiting, for the translator; "" when
// none is.
func (r *run) dialog() string {
	for _, m := range r.modals {
		if m.Dialog() {
			return m.Description
		}
	}
	return ""
}

// ErrDialogOpen is wrapped by the failure of a sentence that does not
// answer the dialog an action opened, and of a scenario that ends with one
// open.
var ErrDialogOpen = errors.New("a dialog is open")

// modalBlocks is the error of steps that cannot run while a dialog or file
// chooser waits: every step but the one that handles it. A sentence read
// as nothing, or not read at all (err, the translator's), while a dialog
// waits is about the page the dialog hides: the dialog is its error too.
func (r *run) modalBlocks(steps []step.Step, err error) error {
	if len(r.modals) == 0 || (len(steps) == 0 && err == nil) {
		return err
	}
	m := r.modals[0]
	switch {
	case m.Dialog() && err == nil && (steps[0].Kind == step.AcceptDialog || steps[0].Kind == step.DismissDialog):
		return nil
	case m.Dialog():
		return dialogOpen(m)
	case err != nil:
		return err
	}
	return fmt.Errorf("a file chooser the last action opened is still open: write the click that opens it as \"upload FILE using BUTTON\"")
}

// dialogOpen is the failure of a sentence, or of the scenario's end, that
// leaves the dialog m unanswered.
func dialogOpen(m mcpclient.ModalState) error {
	return fmt.Errorf("%w%s", ErrDialogOpen, strings.TrimPrefix(m.DialogOpen(), ErrDialogOpen.Error()))
}

// unanswered fails the scenario's last action when it leaves a dialog
// open (its result lists one, as replay reads it), with the words of a
// sentence that does not answer one.
func (r *run) unanswered(ctx context.Context) error {
	if len(r.res.Steps) == 0 || len(r.res.Errors) > 0 {
		return nil
	}
	for _, m := range r.modals {
		if m.Dialog() {
			last := r.res.Steps[len(r.res.Steps)-1]
			return r.fail(ctx, last.Index, last.Action, nil, dialogOpen(m).Error(), nil)
		}
	}
	return nil
}

// upload clicks target (a file field or the button that opens the file
// chooser) and sets the chooser's file: the one s names, which must be a
// file in the files folder. The export names it relative to that folder.
func (r *run) upload(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	abs, rel, err := r.uploadPath(s.Value)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
	}
	if ok, err := r.act(ctx, ts, s, target); !ok || err != nil {
		return ok, err
	}
	if !r.chooserOpen() {
		return false, r.fail(ctx, ts.Index, ts.Action, nil,
			fmt.Sprintf("clicking %s opened no file chooser: name the file field, or the button that opens the chooser", s.Element), nil)
	}
	call := commandgen.UploadFiles(abs)
	exported := commandgen.UploadFiles(rel)
	out, err := r.exec(ctx, call)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, "the browser did not take the file "+rel+": "+out.ErrorLine(), nil)
	}
	r.keep(ts, exported, s)
	return true, nil
}

// chooserOpen reports whether the latest call left a file chooser open.
func (r *run) chooserOpen() bool {
	for _, m := range r.modals {
		if m.Tool == mcpclient.ToolFileUpload {
			return true
		}
	}
	return false
}

// ErrOutsideFiles is wrapped when an upload names a file that is not in
// the files folder (Options.Files).
var ErrOutsideFiles = errors.New("not a file in the files folder")

// uploadPath resolves name, a file an action uploads, in the files folder:
// abs is its path with symbolic links followed (what the browser reads),
// rel its path relative to the folder with forward slashes (what the
// scenario keeps). A name that leaves the folder, by "..", an absolute
// path or a symbolic link, or that is not a regular file there, is an
// error saying which.
func (r *run) uploadPath(name string) (abs, rel string, err error) {
	root := r.c.opts.Files
	if root == "" && r.c.opts.FilesRefused != nil {
		return "", "", fmt.Errorf("%w: uploading %q: the files folder %w", ErrOutsideFiles, name, r.c.opts.FilesRefused)
	}
	if root == "" {
		return "", "", fmt.Errorf("%w: uploading %q needs a files folder (plaintest compile --files DIR)", ErrOutsideFiles, name)
	}
	realRoot, err := fspath.Resolve(root)
	if err != nil {
		return "", "", fmt.Errorf("the files folder %s: %w", root, err)
	}
	p := filepath.FromSlash(name)
	switch {
	case strings.TrimSpace(name) == "" || strings.ContainsRune(name, 0):
		return "", "", fmt.Errorf("%w: %q is not a file name", ErrOutsideFiles, name)
	case filepath.IsAbs(p):
		if !fspath.Within(root, p) && !fspath.Within(realRoot, p) {
			return "", "", fmt.Errorf("%w: %s is outside the files folder %s: uploads come only from there (--files DIR); copy the file there and name it relative to it", ErrOutsideFiles, name, root)
		}
	case !filepath.IsLocal(p):
		return "", "", fmt.Errorf("%w: %s leaves the files folder %s: uploads come only from there (--files DIR)", ErrOutsideFiles, name, root)
	default:
		p = filepath.Join(root, p)
	}
	real, err := fspath.Resolve(p)
	if err != nil || !fspath.Within(realRoot, real) {
		if err == nil {
			return "", "", fmt.Errorf("%w: %s leads, through a symbolic link, outside the files folder %s", ErrOutsideFiles, name, root)
		}
		return "", "", fmt.Errorf("%w: %s: %v", ErrOutsideFiles, name, err)
	}
	fi, err := os.Stat(real)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", "", fmt.Errorf("%w: there is no file %s in the files folder %s (--files DIR)", ErrOutsideFiles, name, root)
	case err != nil:
		return "", "", fmt.Errorf("%w: %s: %v", ErrOutsideFiles, name, err)
	case !fi.Mode().IsRegular():
		return "", "", fmt.Errorf("%w: %s in the files folder %s is not a regular file", ErrOutsideFiles, name, root)
	}
	rel, err = filepath.Rel(realRoot, real)
	if err != nil {
		return "", "", fmt.Errorf("%w: %s: %v", ErrOutsideFiles, name, err)
	}
	return real, filepath.ToSlash(rel), nil
}

// switchTab selects the browser tab s names: the one opened last (waiting,
// up to the timeout, for a tab the last action opens), or its number
// counted from 1. The export selects it by its index, as browser_tabs
// counts.
func (r *run) switchTab(ctx context.Context, ts *TestStep, s step.Step) (bool, error) {
	ts.Kind = s.Kind
	r.before = r.page
	want := 0
	if s.Value != step.TabNew {
		n, err := strconv.Atoi(s.Value)
		if err != nil || n < 1 {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("tab %q: tabs are counted from 1", s.Value), nil)
		}
		want = n
	}
	deadline := time.Now().Add(r.c.opts.Timeout)
	var tabs []mcpclient.Tab
	for {
		out, err := r.exec(ctx, commandgen.ListTabs())
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
		}
		if out.IsError {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, "the browser could not list its tabs: "+out.ErrorLine(), nil)
		}
		tabs = out.TabList()
		if (want == 0 && len(tabs) > 1) || (want > 0 && want <= len(tabs)) || !time.Now().Add(r.c.opts.Poll).Before(deadline) {
			break
		}
		if err := clock.Sleep(ctx, r.c.opts.Poll); err != nil {
			return false, err
		}
	}
	index := want - 1
	switch {
	case want == 0 && len(tabs) < 2:
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("no new tab opened (waited %s): %s", r.c.opts.Timeout, tabsOpen(tabs)), nil)
	case want == 0:
		index = len(tabs) - 1
	case want > len(tabs):
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("there is no tab %d (waited %s): %s", want, r.c.opts.Timeout, tabsOpen(tabs)), nil)
	}
	call := commandgen.SelectTab(index)
	out, err := r.exec(ctx, call)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &call, err.Error(), err)
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &call, "the browser could not switch tabs: "+out.ErrorLine(), nil)
	}
	r.previous = ""
	r.keep(ts, r.export(call, s), s)
	return true, nil
}

// tabsOpen says which tabs are open, numbered from 1 as people count.
func tabsOpen(tabs []mcpclient.Tab) string {
	if len(tabs) == 0 {
		return "no tab is open"
	}
	var list []string
	for i, t := range tabs {
		list = append(list, fmt.Sprintf("%d %q", i+1, t.Title))
	}
	verb := "are"
	if len(tabs) == 1 {
		verb = "is"
	}
	return fmt.Sprintf("%d %s open (%s)", len(tabs), map[bool]string{true: "tab", false: "tabs"}[len(tabs) == 1]+" "+verb, strings.Join(list, ", "))
}

// drag drags the element at target onto s.Drop's element, both by stable
// selectors.
func (r *run) drag(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	if s.Drop == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, "the drag names no element to drop on", nil)
	}
	node := r.page.FindRef(s.Drop.Ref)
	if node == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, missingRef(*s.Drop, s.Drop.Ref), nil)
	}
	drop := *s.Drop
	drop.Kind = step.Click
	end, err := r.targets().Stable(ctx, node, drop)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	if end == "" {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, "no stable selector was found for "+s.Drop.Element+", where the drag drops", nil)
	}
	return r.targetedCall(ctx, ts, s, target, func(t string) step.ToolCall {
		d := s
		d.Drop = &step.Step{Ref: end, Element: s.Drop.Element}
		call, _ := r.gen.Call(d, t)
		return call
	})
}

// selectMany picks several options of the list box list (at target): a
// <select multiple> takes them in one browser_select_option; an ARIA list
// box that takes several (aria-multiselectable) gets a click on each.
func (r *run) selectMany(ctx context.Context, ts *TestStep, s step.Step, list *dom.Node, target string) (bool, error) {
	if v, ok := r.probe(ctx, target, "(el) => el.tagName === 'SELECT' && el.multiple"); ok && v == "true" {
		return r.act(ctx, ts, s, target)
	}
	if v, ok := r.probe(ctx, target, "(el) => el.getAttribute('aria-multiselectable') === 'true'"); ok && v != "true" {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s takes one option at a time: pick them in separate actions", s.Element), nil)
	}
	for _, v := range s.Values {
		o, err := names.OptionIn(r.page, list, v)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
		}
		click := step.Step{Kind: step.Click, Role: o.Role, Ref: o.Ref, Element: fmt.Sprintf("option %q in %s", o.Name, s.Element), Action: s.Action, Model: s.Model}
		if ok, err := r.step(ctx, ts, click); !ok || err != nil {
			return ok, err
		}
		if err := r.snapshot(ctx); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
		}
		if list = r.page.FindRef(list.Ref); list == nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, s.Element+" left the page after a click on "+o.Name, nil)
		}
	}
	return true, nil
}
