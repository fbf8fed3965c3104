package commandgen_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// roleCases are the markup the three role and name implementations are
// held to, one element each, its id the case's name: dom's (ParseHTML, Go:
// what compile and the built-in server's HTML snapshot read), the checks'
// (checks.js role and name, JavaScript in every exported scenario) and
// replay's describe.js (its messages).
var roleCases = []struct{ id, html string }{
	{"button", `<button id="button">Save</button>`},
	{"button-labelled", `<button id="button-labelled" aria-label="Close">x</button>`},
	{"submit", `<input id="submit" type="submit" value="Send">`},
	{"link", `<a id="link" href="/a">Home</a>`},
	{"anchor-no-href", `<a id="anchor-no-href">Plain</a>`},
	{"text-labelled", `<label for="text-labelled">Email</label><input id="text-labelled">`},
	{"text-placeholder", `<input id="text-placeholder" placeholder="Search here">`},
	{"email", `<input id="email" type="email" aria-label="Mail">`},
	{"text-list", `<input id="text-list" list="dl" aria-label="City"><datalist id="dl"><option>Oslo</option></datalist>`},
	{"search", `<input id="search" type="search" aria-label="Find">`},
	{"file", `<input id="file" type="file" aria-label="Upload">`},
	{"checkbox", `<input id="checkbox" type="checkbox" aria-label="Done">`},
	{"radio", `<input id="radio" type="radio" aria-label="Red">`},
	{"range", `<input id="range" type="range" aria-label="Volume">`},
	{"number", `<input id="number" type="number" aria-label="Qty">`},
	{"textarea", `<textarea id="textarea" aria-label="Notes"></textarea>`},
	{"select", `<select id="select" aria-label="Country"><option>Japan</option></select>`},
	{"select-multiple", `<select id="select-multiple" multiple aria-label="Colors"><option>Red</option></select>`},
	{"select-size", `<select id="select-size" size="3" aria-label="Sizes"><option>S</option></select>`},
	{"option", `<select aria-label="Pick"><option id="option">First</option></select>`},
	{"heading", `<h2 id="heading">Orders</h2>`},
	{"img", `<img id="img" alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`},
	{"img-empty-alt", `<img id="img-empty-alt" alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`},
	{"listitem", `<ul><li id="listitem">Milk</li></ul>`},
	{"list", `<ol id="list"><li>One</li></ol>`},
	{"row", `<table><tr id="row"><td>Ada</td></tr></table>`},
	{"cell", `<table><tr><td id="cell">Ada</td></tr></table>`},
	{"columnheader", `<table><tr><th id="columnheader">Name</th></tr></table>`},
	{"rowheader", `<table><tr><th id="rowheader" scope="row">Total</th><td>3</td></tr></table>`},
	{"nav", `<nav id="nav" aria-label="Main"><a href="/">Home</a></nav>`},
	{"article", `<article id="article"><h3>Post</h3></article>`},
	{"section", `<section id="section"><p>Body</p></section>`},
	{"section-labelled", `<section id="section-labelled" aria-label="Billing"><p>Body</p></section>`},
	{"form", `<form id="form"><input aria-label="q"></form>`},
	{"form-labelled", `<form id="form-labelled" aria-label="Login"><input aria-label="user"></form>`},
	{"dialog", `<dialog id="dialog" open aria-label="Confirm">Sure?</dialog>`},
	{"summary", `<details><summary id="summary">More</summary><p>Hidden</p></details>`},
	{"header", `<header id="header">Shop</header>`},
	{"paragraph", `<p id="paragraph">Hello</p>`},
	{"role-button", `<div id="role-button" role="button">Go</div>`},
	{"role-upper", `<div id="role-upper" role="BUTTON">Go</div>`},
	{"role-abstract-first", `<div id="role-abstract-first" role="section button">Go</div>`},
	{"role-space-first", `<div id="role-space-first" role=" tab">Go</div>`},
	{"labelledby", `<span id="lb">Delete invoice</span><button id="labelledby" aria-labelledby="lb">x</button>`},
	{"title", `<button id="title" title="Help"></button>`},
	{"hidden-text", `<button id="hidden-text">Pay<span hidden> later</span></button>`},
}

// rolesOf runs role and name in Chromium, as checks.js and describe.js
// give them, on every case; it gives id → [checks role, checks name,
// describe's role, describe's name].
func rolesOf(ctx context.Context, t *testing.T, page string) map[string][4]string {
	t.Helper()
	checks, err := os.ReadFile("checks.js")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := pagejs.Consts(string(checks))
	if err != nil {
		t.Fatal(err)
	}
	var defs []string
	for _, n := range []string{"role", "name"} {
		v, ok := pagejs.Lookup(ds, n)
		if !ok {
			t.Fatalf("checks.js has no %s", n)
		}
		defs = append(defs, "const "+n+" = "+v+";")
	}
	describe, err := os.ReadFile("../replay/describe.js")
	if err != nil {
		t.Fatal(err)
	}
	fn := "() => { " + strings.Join(defs, " ") + " const describe = " + describeFn(string(describe)) +
		"; return JSON.stringify([...document.querySelectorAll('body [id]')].map(e => [e.id, role(e), name(e).replace(/\\s+/g, ' ').trim(), describe(e)])); }"

	sc, err := mcpclient.Playwright(mcpclient.BundledOptions(0, 0))
	testenv.Need(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)
	s, err := mcpclient.Connect(ctx, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if r, err := s.CallTool(ctx, mcpclient.ToolNavigate, map[string]any{"url": srv.URL}); err != nil || r.IsError {
		t.Fatalf("navigate: %v %+v", err, r)
	}
	r, err := s.CallTool(ctx, mcpclient.ToolEvaluate, map[string]any{"function": fn})
	if err != nil || r.IsError {
		t.Fatalf("evaluate: %v %+v", err, r)
	}
	v := strings.TrimSpace(r.Value)
	var inner string
	if json.Unmarshal([]byte(v), &inner) == nil {
		v = inner
	}
	var rows [][]string
	if err := json.Unmarshal([]byte(v), &rows); err != nil {
		t.Fatalf("the page's answer %q: %v", v, err)
	}
	out := map[string][4]string{}
	for _, row := range rows {
		role, name := describedAs(row[3])
		out[row[0]] = [4]string{row[1], row[2], role, name}
	}
	return out
}

// describeFn is describe.js as replay sends it: given dom's ARIA roles.
func describeFn(src string) string {
	roles, _ := json.Marshal(dom.ARIARoles())
	return strings.ReplaceAll(pagejs.Function(src), "ARIA_ROLES", string(roles))
}

// describedAs reads describe.js's `role "name"` (what follows is the
// container, which the cases have none of).
func describedAs(d string) (role, name string) {
	role, rest, _ := strings.Cut(d, " ")
	if strings.HasPrefix(rest, `"`) {
		json.NewDecoder(strings.NewReader(rest)).Decode(&name)
	}
	return role, name
}

// goRoles are dom.ParseHTML's role and name of each element with an id.
func goRoles(t *testing.T, page string) map[string][2]string {
	t.Helper()
	root, err := dom.ParseHTML(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		if n.ID != "" {
			out[n.ID] = [2]string{n.Role, n.Name}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return out
}

// roleDiffs are the known disagreements with dom's role or name, by
// case, for checks.js and for describe.js, each with why it stays.
// checks.js's role and name are in every exported scenario, so changing
// them changes every golden: its differences stay until a scenario
// format change. A name is compared only where dom gives one: dom, as
// ARIA, names a list, row, article or paragraph by no content, where
// both JavaScript versions fall back to the element's text.
var roleDiffs = map[string]struct{ checks, describe string }{
	"file":      {checks: "an <input type=file> is a textbox, not a button (pinned by the goldens)"},
	"text-list": {checks: "an <input list> is a textbox, not a combobox (pinned by the goldens)"},
	"form":      {checks: "a <form> with no label is a form, not generic (pinned by the goldens)"},
	"section":   {checks: "a <section> with no label is a region, not generic (pinned by the goldens)"},
	"header":    {checks: "no banner or contentinfo: a <header> is generic (pinned by the goldens)"},
	"paragraph": {checks: "a <p> is generic, not a paragraph (pinned by the goldens)"},
	"summary":   {checks: "a <summary> is a button, as a person sees it, where dom (and Playwright) give it no role (pinned by the goldens)"},
	"rowheader": {checks: "a <th scope=row> is a columnheader (pinned by the goldens)"},
	"img-empty-alt": {
		checks:   "an <img alt=\"\"> is an img; dom leaves a presentational image out (pinned by the goldens)",
		describe: "an <img alt=\"\"> is presentation, as in dom, but dom leaves it out of the tree",
	},
	"role-upper":          {checks: "role=\"BUTTON\" is kept as written, not lower-cased (pinned by the goldens)"},
	"role-abstract-first": {checks: "the first token of role is taken even when it is abstract or unknown (pinned by the goldens)"},
	"role-space-first":    {checks: "role is split on one space, so a leading space gives no role and the element's own (pinned by the goldens)"},
}

// TestRolesAgree runs the Go and the two JavaScript role and name
// implementations on the same markup in Chromium and requires that they
// agree, but for the differences roleDiffs lists; a listed difference
// that is gone fails too, so the list stays true.
func TestRolesAgree(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!doctype html><title>Roles</title><body>\n")
	for _, c := range roleCases {
		b.WriteString(c.html + "\n")
	}
	page := b.String()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	js := rolesOf(ctx, t, page)
	gos := goRoles(t, page)
	for _, c := range roleCases {
		g, ok := gos[c.id]
		if !ok {
			g = [2]string{"(none)", ""}
		}
		j, ok := js[c.id]
		if !ok {
			t.Errorf("%s: the page did not answer for it", c.id)
			continue
		}
		for _, impl := range []struct {
			file, role, name, known string
		}{
			{"checks.js", j[0], j[1], roleDiffs[c.id].checks},
			{"describe.js", j[2], j[3], roleDiffs[c.id].describe},
		} {
			role := impl.role
			if role == "" {
				role = "generic"
			}
			agree := role == g[0] && (g[1] == "" || impl.name == g[1])
			switch {
			case !agree && impl.known == "":
				t.Errorf("%s: %s gives %s %q, dom gives %s %q", c.id, impl.file, role, impl.name, g[0], g[1])
			case agree && impl.known != "":
				t.Errorf("%s: %s now agrees with dom (%s %q): take it out of roleDiffs (%s)", c.id, impl.file, g[0], g[1], impl.known)
			}
		}
	}
}
