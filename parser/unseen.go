package parser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// What a person could see before an action, which a snapshot does not
// say: it lists text faded out, clipped away, collapsed to no height or
// moved off the page as it lists text in view. Before each action the
// page is asked for the text it renders that a person cannot see
// (unseen.js); a text check after the action that reads such text read
// what the action showed, not a precondition. And whether the page holds
// words hidden, which no snapshot lists (heldtext.js): a check that they
// are gone is one that can fail.

// unseenText is a text the page rendered that a person could not see:
// where its element sat (internal/pagejs's deepPath) and its words
// (dom.Normalize).
type unseenText struct{ path, words string }

// readUnseen asks the page for the text it renders that a person cannot
// see (unseen.js). None when a dialog blocks the page or the page cannot
// answer: every text then counts as seen, as the snapshot alone has it.
// The page as the last call left it stays known (the question changes
// nothing).
func (r *run) readUnseen(ctx context.Context) []unseenText {
	if len(r.modals) > 0 {
		return nil
	}
	inline, modals := r.inline, r.modals
	defer func() { r.inline, r.modals = inline, modals }()
	out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": unseenFn}})
	if err != nil || out.IsError {
		return nil
	}
	texts, err := parseUnseen(out.Value)
	if err != nil {
		r.c.opts.Logger.Debug("the page's answer for the text a person cannot see is not understood", "err", err)
	}
	return texts
}

// parseUnseen reads unseen.js's answer: [[where, text], ...], as JSON or
// as a JSON string holding it.
func parseUnseen(value string) ([]unseenText, error) {
	raw := strings.TrimSpace(value)
	var s string
	if json.Unmarshal([]byte(raw), &s) == nil {
		raw = s
	}
	var all [][2]string
	if err := json.Unmarshal([]byte(raw), &all); err != nil {
		return nil, fmt.Errorf("unseen.js's answer: %w", err)
	}
	var out []unseenText
	for _, a := range all {
		if w := dom.Normalize(a[1]); a[0] != "" && w != "" {
			out = append(out, unseenText{path: a[0], words: w})
		}
	}
	return out, nil
}

// acting records the page as it was before an action: its snapshot and
// the text on it a person could not see; the first action's is the
// page before the test acted too.
func (r *run) acting(ctx context.Context) {
	r.before = r.page
	r.unseenBefore = r.readUnseen(ctx)
	if !r.acted {
		r.acted, r.unseenStart = true, r.unseenBefore
	}
}

// unseenBy is anchor's question: whether a person could not see text in
// node n on an earlier page (the page before the test acted, atStart, or
// before the last action), although its snapshot listed n with the same
// text. It asks the page where n sits (elementpath.js) only when some
// text a person could not see then says the words, once per element.
func (r *run) unseenBy(ctx context.Context, text string) func(n *dom.Node, atStart bool) bool {
	want := dom.Normalize(text)
	paths := map[string]string{}
	return func(n *dom.Node, atStart bool) bool {
		texts := r.unseenBefore
		if atStart {
			texts = r.unseenStart
		}
		if !slices.ContainsFunc(texts, func(u unseenText) bool { return says(u.words, want) }) {
			return false
		}
		path, ok := paths[n.Ref]
		if !ok {
			path, _ = r.probe(ctx, n.Ref, commandgen.ElementPathFn)
			paths[n.Ref] = path
		}
		return path != "" && unseenIn(texts, path, want)
	}
}

// unseenIn reports whether, of texts, one a person could not see held
// want in the element at path: one inside it that says want, or one
// around it (all of whose text was unseen, the element's with it) that
// says want too.
func unseenIn(texts []unseenText, path, want string) bool {
	for _, u := range texts {
		inside := u.path == path || strings.HasSuffix(u.path, "/"+path)
		around := strings.HasSuffix(path, "/"+u.path)
		if (inside || around) && says(u.words, want) {
			return true
		}
	}
	return false
}

// says reports whether normalized text holds the normalized words whole.
func says(text, words string) bool {
	return words != "" && strings.Contains(" "+text+" ", " "+words+" ")
}

// holdsHidden reports whether the page holds words as text, hidden text
// included (heldtext.js); false when it cannot answer.
func (r *run) holdsHidden(ctx context.Context, words string) bool {
	want, _ := json.Marshal(dom.Normalize(words))
	inline, modals := r.inline, r.modals
	defer func() { r.inline, r.modals = inline, modals }()
	out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": "() => (" + heldTextFn + ")(" + string(want) + ")"}})
	if err != nil || out.IsError {
		return false
	}
	v := strings.Trim(strings.TrimSpace(out.Value), `"`)
	return v == "true"
}

var (
	unseenFn   = pagejs.Function(unseenJS)
	heldTextFn = pagejs.Function(heldTextJS)
)

//go:embed unseen.js
var unseenJS string

//go:embed heldtext.js
var heldTextJS string
