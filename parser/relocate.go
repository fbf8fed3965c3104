package parser

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// ErrNotRelocated is wrapped when Relocate cannot name one element for an
// action: the translator finds none, several, or reads the action as
// something other than one action on one element (a check, a navigation,
// a hover before a click).
var ErrNotRelocated = errors.New("the action does not name one element on this page")

// Relocation is the element an action names on the page the browser shows
// now.
type Relocation struct {
	Role    string // its ARIA role
	Name    string // its accessible name ("" for none)
	Element string // its description, as compile writes it: button "Add to cart" in listitem "Blue Mug"
	Target  string // a stable selector for it, as compile exports (never a snapshot ref)
}

// Relocate reads action (one plain-English action, placeholders left as
// written) against the page the browser shows now, as compile reads it,
// with the compiler's translator, and does not act: it returns the one
// element the action acts on, with a stable target. It is how replay
// --heal re-reads a step's intent when its compiled target no longer
// names its element. Errors wrap ErrNotRelocated, or are the browser's.
func (c *Compiler) Relocate(ctx context.Context, action string) (*Relocation, error) {
	r := &run{c: c, res: &ParserResult{}, values: map[string]string{}, replacer: strings.NewReplacer(),
		masker: secretNames(nil), gen: nil}
	if err := r.snapshot(ctx); err != nil {
		return nil, err
	}
	steps, err := c.opts.Translator.Translate(ctx, translator.Request{Action: action, Page: r.page, URL: r.pageURL, Title: r.title})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w: %w", ErrNotRelocated, err)
	}
	if len(steps) != 1 || steps[0].Ref == "" || steps[0].Kind.IsCheck() || steps[0].Kind == step.Then {
		return nil, fmt.Errorf("%w: %q reads as %s", ErrNotRelocated, action, kinds(steps))
	}
	s := steps[0]
	node := r.page.FindRef(s.Ref)
	if node == nil {
		return nil, fmt.Errorf("%w: %s", ErrNotRelocated, missingRef(s, s.Ref))
	}
	target, err := r.targets().Stable(ctx, node, s)
	if err != nil {
		return nil, err
	}
	if target == "" {
		return nil, fmt.Errorf("%w: no stable locator for %s", ErrNotRelocated, s.Element)
	}
	return &Relocation{Role: node.Role, Name: node.Name, Element: s.Element, Target: target}, nil
}

// kinds names the kinds of steps, for messages.
func kinds(steps []step.Step) string {
	if len(steps) == 0 {
		return "nothing to do"
	}
	var ks []string
	for _, s := range steps {
		ks = append(ks, string(s.Kind))
	}
	return strings.Join(ks, ", then ")
}
