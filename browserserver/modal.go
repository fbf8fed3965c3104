package browserserver

// Dialogs and file choosers as modal states, and the tools that clear them.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/mcpclient"
)

// What @playwright/mcp calls modal states: a dialog (alert, confirm,
// prompt, beforeunload) or a file chooser that an action opened. An action
// that opens one returns as soon as it opens, with a "### Modal state"
// section naming the tool that handles it and no snapshot; until it is
// handled, every other tool of the page fails.

// Modal state kinds, and the tool that clears each.
const (
	modalDialog  = "dialog"
	modalChooser = "fileChooser"
)

var modalTool = map[string]string{modalDialog: mcpclient.ToolHandleDialog, modalChooser: mcpclient.ToolFileUpload}

// modal is one modal state waiting to be handled.
type modal struct {
	kind    string
	desc    string // "confirm" dialog with message "Delete it?"
	dialog  playwright.Dialog
	chooser playwright.FileChooser
}

// watchModals makes page's dialogs and file choosers modal states. With a
// listener, Playwright neither dismisses a dialog nor opens the system's
// file chooser.
func (t *tab) watchModals(page playwright.Page) {
	page.OnDialog(func(d playwright.Dialog) {
		t.setModal(modal{kind: modalDialog, desc: `"` + d.Type() + `" dialog with message "` + d.Message() + `"`, dialog: d})
	})
	page.OnDialogClosed(func(d playwright.Dialog) {
		t.mm.Lock()
		defer t.mm.Unlock()
		t.modals = slices.DeleteFunc(t.modals, func(m modal) bool { return m.dialog == d })
	})
	page.OnFileChooser(func(c playwright.FileChooser) {
		t.setModal(modal{kind: modalChooser, desc: "File chooser", chooser: c})
	})
}

func (t *tab) setModal(m modal) {
	t.mm.Lock()
	t.modals = append(t.modals, m)
	c := t.modalC
	t.mm.Unlock()
	if c != nil {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// modalStates returns the modal states waiting, oldest first.
func (t *tab) modalStates() []modal {
	t.mm.Lock()
	defer t.mm.Unlock()
	return slices.Clone(t.modals)
}

// takeModal removes and returns the oldest modal state of kind, or waits
// for one up to the action timeout (a dialog a timer opens after the
// click); ok is false when none came.
func (t *tab) takeModal(kind string) (modal, bool) {
	deadline := time.Now().Add(t.s.opts.ActionTimeout)
	for {
		t.mm.Lock()
		for i, m := range t.modals {
			if m.kind == kind {
				t.modals = slices.Delete(t.modals, i, i+1)
				t.mm.Unlock()
				return m, true
			}
		}
		t.mm.Unlock()
		if time.Now().After(deadline) {
			return modal{}, false
		}
		time.Sleep(defaults.TabPoll)
	}
}

// modalGuard is the failure of a tool of the page called while a modal
// state waits, in @playwright/mcp's words with the state and the tool that
// handles it. (A tool that handles one waits for it itself.)
func (t *tab) modalGuard(tool string) error {
	if states := t.modalStates(); len(states) > 0 && pageTool[tool] {
		return toolErrorf("Tool %q does not handle the modal state.\n%s", tool, renderModals(states))
	}
	return nil
}

// pageTool are the tools that act on or read the page, which a modal state
// blocks (browser_tabs and browser_close do not need the page).
var pageTool = map[string]bool{
	mcpclient.ToolNavigate: true, mcpclient.ToolNavigateBack: true, mcpclient.ToolSnapshot: true,
	mcpclient.ToolClick: true, mcpclient.ToolType: true, mcpclient.ToolFillForm: true,
	mcpclient.ToolSelectOption: true, mcpclient.ToolHover: true, mcpclient.ToolPressKey: true,
	mcpclient.ToolWaitFor: true, mcpclient.ToolEvaluate: true, mcpclient.ToolScreenshot: true,
	mcpclient.ToolGenLocator: true, mcpclient.ToolVerifyElementVisible: true,
	mcpclient.ToolVerifyTextVisible: true, mcpclient.ToolVerifyValue: true, mcpclient.ToolDrag: true,
}

// renderModals is the "### Modal state" section's lines.
func renderModals(states []modal) string {
	var b strings.Builder
	for i, m := range states {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "- [%s]: can be handled by %s", m.desc, modalTool[m.kind])
	}
	return b.String()
}

// act runs an action that may open a modal state: it returns when the
// action ends, or as soon as a modal state opens (the action, blocked by
// a dialog, goes on in the background and ends when the dialog is
// handled), with opened true.
func (t *tab) act(action func() error) (opened bool, err error) {
	c := make(chan struct{}, 1)
	t.mm.Lock()
	t.modalC = c
	waiting := len(t.modals)
	t.mm.Unlock()
	defer func() {
		t.mm.Lock()
		t.modalC = nil
		t.mm.Unlock()
	}()
	if waiting > 0 {
		return true, nil
	}
	done := make(chan error, 1)
	go func() { done <- action() }()
	select {
	case err := <-done:
		return false, err
	case <-c:
		// A file chooser does not block the page: let the action end.
		select {
		case <-done:
		case <-time.After(defaults.ChooserGrace):
		}
		return true, nil
	}
}

// actThen runs an action as act does and finishes its response: after a
// modal state opened (while the action ran, or while the page settled
// after it: a file chooser's event comes after the click returns), the
// Page and Modal state sections and no snapshot; else afterAction's.
func (t *tab) actThen(before navCounts, r *response, action func() error) error {
	opened, err := t.act(action)
	if err != nil && mcpclient.PendingNavigation(err.Error()) {
		// The action ran and Playwright's wait for the navigation it
		// started ended at the action timeout: settle waits for it up to
		// the navigation timeout.
		err = nil
	}
	if url := t.pending(before); err != nil && url != "" && strings.Contains(err.Error(), "Timeout") {
		// The action ran, and Playwright gave up on the navigation it
		// started at the navigation timeout.
		return t.slowPage(url)
	}
	if err != nil {
		return err
	}
	title := ""
	if !opened {
		var (
			settled string
			slow    error
		)
		opened, _ = t.act(func() error { settled, slow = t.settle(before); return nil })
		if !opened && slow != nil {
			return slow
		}
		if !opened {
			title = settled
		}
	}
	return t.answer(r, opened, title)
}

// answer ends the response of an action that ran (a navigation, whose
// title is not known yet, gives ""): with the modal states when one opened
// (opened, or one waiting), else with the page as describe reads it.
func (t *tab) answer(r *response, opened bool, title string) error {
	if opened || len(t.modalStates()) > 0 {
		t.describeModal(r)
		return nil
	}
	return t.describe(r, title, !t.s.opts.NoActionSnapshots)
}

// describeModal ends a response with the Page URL and the modal states
// waiting, and no snapshot.
func (t *tab) describeModal(r *response) {
	r.page = "- Page URL: " + t.page.URL()
	r.modal = renderModals(t.modalStates())
}

// handleDialog accepts (with the prompt's text) or dismisses the dialog
// waiting, or the one that opens within the action timeout.
func (t *tab) handleDialog(a args, r *response) error {
	m, ok := t.takeModal(modalDialog)
	if !ok {
		return toolErrorf("The tool %q can only be used when there is related modal state present. No dialog opened within %s.", mcpclient.ToolHandleDialog, t.s.opts.ActionTimeout)
	}
	before := t.navCounts()
	accept := a.flag("accept")
	var err error
	if accept {
		text, hasText := a["promptText"].(string)
		if hasText {
			r.addCode("page.once('dialog', dialog => dialog.accept(" + quoteJS(text) + "));")
			err = m.dialog.Accept(text)
		} else {
			r.addCode("page.once('dialog', dialog => dialog.accept());")
			err = m.dialog.Accept()
		}
	} else {
		r.addCode("page.once('dialog', dialog => dialog.dismiss());")
		err = m.dialog.Dismiss()
	}
	if err != nil {
		return err
	}
	if len(t.modalStates()) > 0 {
		t.describeModal(r)
		return nil
	}
	return t.afterAction(before, r)
}

// fileUpload sets the files of the file chooser waiting (none: cancels
// it). Every path must be a file inside the server's workspace (replay's
// files folder): a name outside it is refused, as workPath refuses one.
func (t *tab) fileUpload(a args, r *response) error {
	paths := a.strs("paths")
	abs := make([]string, 0, len(paths))
	for _, p := range paths {
		full, err := t.s.workFile(p)
		if err != nil {
			return err
		}
		abs = append(abs, full)
	}
	m, ok := t.takeModal(modalChooser)
	if !ok {
		return toolErrorf("The tool %q can only be used when there is related modal state present. No file chooser opened within %s.", mcpclient.ToolFileUpload, t.s.opts.ActionTimeout)
	}
	js, _ := json.Marshal(abs)
	r.addCode("await fileChooser.setFiles(" + string(js) + ")")
	before := t.navCounts()
	if len(abs) > 0 {
		if err := m.chooser.SetFiles(abs, playwright.FileChooserSetFilesOptions{Timeout: t.timeout()}); err != nil {
			t.setModal(m)
			return err
		}
	}
	return t.afterAction(before, r)
}
