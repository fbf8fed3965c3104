package gherkin

import (
	"context"
	"net/url"
	"strings"

	messages "github.com/cucumber/messages/go/v34"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
)

// A scenario's URL, the page the browser opens first, is the first of:
//   - the scenario's first steps, when they go to an address: "Given I
//     am on /login" (a Background's first, or the scenario's when the
//     Background has none), read as the grammar reads "go to"; such
//     steps are the URL, not actions;
//   - its last @url: tag (the Examples', the scenario's, the rule's,
//     then the feature's: "@url:/login");
//   - Options.BaseURL.
//
// A path is resolved against Options.BaseURL as a link's is.

// urlTag is the tag prefix that gives a scenario's URL.
const urlTag = "@url:"

// lead is what a scenario's first steps say of its URL.
type lead struct {
	steps     int    // how many of the pickle's first steps give the URL
	target    string // the last one's address
	line, col int    // where its address is said
}

// leadingURL reads a pickle's first Given steps that go to an address
// (a whole URL or a path). A page by its name ("Given I am on the login
// page") is no address: it stays an action, the link of that name
// followed.
func (b *builder) leadingURL(steps []*messages.PickleStep) lead {
	var l lead
	for i, ps := range steps {
		if ps.Argument != nil || (ps.Type != messages.PickleStepType_CONTEXT && ps.Type != messages.PickleStepType_UNKNOWN) {
			break
		}
		target, ok := navigation(ps.Text)
		if !ok {
			break
		}
		_, line, col := b.idx.step(ps)
		l = lead{steps: i + 1, target: target, line: line, col: col}
	}
	return l
}

// navigation is the address a sentence goes to, as the rules' grammar
// reads it with no page ("I am on /login", "go to https://x.test/",
// "I am on the home page": /); ok is false for any other sentence.
func navigation(text string) (target string, ok bool) {
	steps, err := grammar.NewRules().Translate(context.Background(), translator.Request{Action: text, Page: &dom.Node{}})
	if err != nil || len(steps) != 1 || steps[0].Kind != step.Navigate {
		return "", false
	}
	v := steps[0].Value
	return v, strings.HasPrefix(v, "/") || strings.Contains(v, "://")
}

// url is a pickle's URL; "" with a problem when it has none.
func (b *builder) url(p *messages.Pickle, name string, l lead) string {
	if l.steps > 0 {
		return b.resolve(l.target, l.line, l.col)
	}
	var tag *messages.Tag
	for _, t := range p.Tags {
		if strings.HasPrefix(t.Name, urlTag) && b.idx.tags[t.AstNodeId] != nil {
			tag = b.idx.tags[t.AstNodeId]
		}
	}
	if tag != nil {
		line, col := int(tag.Location.Line), int(tag.Location.Column)
		target := strings.TrimPrefix(tag.Name, urlTag)
		if target == "" {
			b.problem(line, col, "%s names no address: write the page after it (@url:/login, @url:https://shop.example/login)", tag.Name)
			return ""
		}
		return b.resolve(target, line, col)
	}
	if b.opts.BaseURL != "" {
		return b.opts.BaseURL
	}
	line, col := b.idx.scenarioAt(p)
	b.problem(line, col, "scenario %q has no URL: tag it or its feature @url:/path, start it with \"Given I am on /path\", or give the site's address (--url)", name)
	return ""
}

// resolve is target as an absolute URL, a path resolved against
// Options.BaseURL; "" with a problem at line and col when it cannot be.
func (b *builder) resolve(target string, line, col int) string {
	u, err := url.Parse(target)
	if err != nil {
		b.problem(line, col, "%q is not a URL: %v", target, unwrapURL(err))
		return ""
	}
	if !u.IsAbs() {
		if b.opts.BaseURL == "" {
			b.problem(line, col, "%q is a path: give the site's address to resolve it against (--url), or write the whole URL (https://…)", target)
			return ""
		}
		base, err := url.Parse(b.opts.BaseURL)
		if err != nil || !base.IsAbs() {
			b.problem(line, col, "%q is a path, and the site's address %q is no URL to resolve it against", target, b.opts.BaseURL)
			return ""
		}
		u = base.ResolveReference(u)
	}
	switch {
	case u.Scheme == "file":
	case u.Scheme != "http" && u.Scheme != "https":
		b.problem(line, col, "%q: a scenario opens an http, https or file URL", target)
		return ""
	case u.Host == "":
		b.problem(line, col, "%q has no host", target)
		return ""
	}
	return u.String()
}

// unwrapURL is a url.Parse error without the URL it repeats.
func unwrapURL(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}
