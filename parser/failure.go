package parser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// fail records the failure of action index with evidence; it returns cause
// (nil for a failure that is the scenario's, not the environment's).
func (r *run) fail(ctx context.Context, index int, action string, call *step.ToolCall, msg string, cause error) error {
	// Masked, then cut: a page's or a server's text may be of any size,
	// and a cut first could leave part of a secret the mask no longer finds.
	info := ErrorInfo{Index: index, Action: action, Call: call, Message: printable.Message(r.masker.Replace(msg))}
	if r.page != nil {
		info.Snapshot = r.minimized()
	}
	if cause == nil && ctx.Err() == nil {
		r.evidence(ctx, &info)
	}
	r.res.Errors = append(r.res.Errors, info)
	if r.c.opts.Progress != nil {
		r.c.opts.Progress(Event{Index: index, Total: len(r.res.Actions), Action: action, Err: &r.res.Errors[len(r.res.Errors)-1]})
	}
	return cause
}

// evidence saves a screenshot and the minimized snapshot beside each other,
// each replacing an earlier file of its name atomically.
func (r *run) evidence(ctx context.Context, info *ErrorInfo) {
	dir := r.c.opts.EvidenceDir
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.c.opts.Logger.Warn("evidence dir", "err", err)
		return
	}
	base := filepath.Join(dir, fmt.Sprintf("%s-step%d", sandy.Slug(r.res.Name), info.Index))
	if info.Snapshot != "" {
		if err := safefile.Write(base+".snapshot.txt", []byte(info.Snapshot), 0o644); err == nil {
			info.SnapshotFile = base + ".snapshot.txt"
		}
	}
	out, err := r.c.browser.CallTool(ctx, mcpclient.ToolScreenshot, map[string]any{"type": "png"})
	if err != nil || out.IsError || len(out.Images) == 0 {
		return
	}
	if err := safefile.Write(base+".png", out.Images[0].Data, 0o644); err == nil {
		info.Screenshot = base + ".png"
	}
}

// slowLoad says that a page did not finish loading.
func (r *run) slowLoad(url string) string {
	if r.c.opts.NavTimeout > 0 {
		return fmt.Sprintf("the page %s did not finish loading within %s (--nav-timeout)", url, r.c.opts.NavTimeout)
	}
	return fmt.Sprintf("the page %s did not finish loading in time", url)
}

// failureText turns a failed call's result into one sentence.
func failureText(s step.Step, out *mcpclient.Result) string {
	if m, ok := out.OpenDialog(); ok {
		// The call was refused: a dialog (a timer's, opened after the
		// sentence was read) waits.
		return dialogOpen(m).Error()
	}
	msg := out.ErrorLine()
	if s.Kind.IsCheck() {
		return msg // a check says what it found ("expected text "7 items" is not shown (waited 5s)")
	}
	if s.Kind == step.Select && s.Element != "" {
		// The option is what is most often missing: name it.
		return fmt.Sprintf("select %q on %s failed: %s", s.Value, s.Element, msg)
	}
	if s.Element != "" {
		return fmt.Sprintf("%s on %s failed: %s", s.Kind, s.Element, msg)
	}
	return fmt.Sprintf("%s failed: %s", s.Kind, msg)
}
