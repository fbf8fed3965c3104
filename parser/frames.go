package parser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// nameFrames gives each iframe of page, which a snapshot lists unnamed
// ("iframe [ref=e4]"), the name a person calls it by and the CSS that
// finds it alone (dom.Node.Frame), read in the page through its ref
// (frames.js), so that "click Pay in the payment frame" finds its frame
// and the export finds it by its title, whichever server compiled. A
// frame the page cannot answer for keeps neither: its elements are then
// exported with the frame by its place. The page as the last call left
// it stays known (the questions change nothing); only a broken session
// is an error.
func (r *run) nameFrames(ctx context.Context, page *dom.Node) error {
	var frames []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if n.Role == "iframe" && n.Ref != "" {
			frames = append(frames, n)
		}
		return true
	})
	if len(frames) == 0 {
		return nil
	}
	inline, modals := r.inline, r.modals
	defer func() { r.inline, r.modals = inline, modals }()
	for _, f := range frames {
		out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"target": f.Ref, "function": framesFn}})
		if err != nil {
			return err
		}
		if out.IsError {
			continue
		}
		name, css, err := parseFrameAnswer(out.Value)
		if err != nil {
			r.c.opts.Logger.Debug("the page's answer for a frame is not understood", "ref", f.Ref, "err", err)
			continue
		}
		if f.Name == "" {
			f.Name = name
		}
		f.Frame = css
	}
	return nil
}

// parseFrameAnswer reads frames.js's answer, as browser_evaluate prints
// it (the JSON string it returned, quoted): the frame's name, and its CSS
// when that is one CSS selector ("" otherwise: the frame is then found by
// its place).
func parseFrameAnswer(v string) (name, css string, err error) {
	v = strings.TrimSpace(v)
	var s string
	if json.Unmarshal([]byte(v), &s) == nil {
		v = s
	}
	var a struct{ Name, CSS string }
	if err := json.Unmarshal([]byte(v), &a); err != nil {
		return "", "", fmt.Errorf("frames.js answered %.40q: %w", v, err)
	}
	if l, err := locator.ParseSelector(a.CSS); err != nil || len(l.Parts) != 1 || l.Parts[0].Kind != locator.PartCSS {
		a.CSS = ""
	}
	return strings.TrimSpace(a.Name), a.CSS, nil
}

var framesFn = pagejs.Function(framesJS)

//go:embed frames.js
var framesJS string

// inFrameHint is what a failed check of the page's text adds when the page
// shows that text inside a frame, which a check of the page does not read
// (a frame's document is its own, and another origin's cannot be read at
// all): the sentence that reads the frame instead; "" otherwise.
func (r *run) inFrameHint(s step.Step) string {
	if (s.Kind != step.AssertText && s.Kind != step.AssertGone) || s.Ref != "" || r.page == nil || s.Value == "" {
		return ""
	}
	want := dom.Normalize(s.Value)
	var frame *dom.Node
	r.page.Walk(func(n *dom.Node) bool {
		if frame != nil {
			return false
		}
		if f := dom.FrameOf(n); f != nil && (strings.Contains(dom.Normalize(n.Value), want) || strings.Contains(dom.Normalize(n.Name), want)) {
			frame = f
		}
		return true
	})
	if frame == nil {
		return ""
	}
	if frame.Name == "" {
		return fmt.Sprintf("; the page shows %q inside a frame with no title, name or id, whose text a check of the page does not read", s.Value)
	}
	verb := "shows"
	if s.Kind == step.AssertGone {
		verb = "does not show"
	}
	return fmt.Sprintf("; the page shows %q inside frame %q, whose text a check of the page does not read: say \"check the %s frame %s %s\"",
		s.Value, frame.Name, strings.ToLower(frame.Name), verb, s.Value)
}
