package commandgen_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// ariaCases are the markup internal/pagejs's role and name (aria.js: what
// the checks, replay's describe.js and containers.js and prove's
// mutations read) are held to dom's (ParseHTML: what compile and the
// built-in server's HTML snapshot read), one element each, its id the
// case's name.
var ariaCases = []struct{ id, html string }{
	{"button", `<button id="button">Save</button>`},
	{"button-labelled", `<button id="button-labelled" aria-label="Close">x</button>`},
	{"button-title", `<button id="button-title" title="Help">Save</button>`},
	{"submit", `<input id="submit" type="submit" value="Send">`},
	{"submit-labelled", `<label for="submit-labelled">Form</label><input id="submit-labelled" type="submit" value="Go">`},
	{"submit-no-value", `<input id="submit-no-value" type="submit">`},
	{"reset", `<input id="reset" type="reset">`},
	{"image-input", `<input id="image-input" type="image" alt="Buy" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`},
	{"link", `<a id="link" href="/a">Home</a>`},
	{"anchor-no-href", `<a id="anchor-no-href">Plain</a>`},
	{"text-labelled", `<label for="text-labelled">Email</label><input id="text-labelled">`},
	{"text-wrapped", `<label>Street <input id="text-wrapped"></label>`},
	{"text-placeholder", `<input id="text-placeholder" placeholder="Search here">`},
	{"text-title", `<input id="text-title" title="Zip" placeholder="12345">`},
	{"email", `<input id="email" type="email" aria-label="Mail">`},
	{"text-list", `<input id="text-list" list="dl" aria-label="City"><datalist id="dl"><option>Oslo</option></datalist>`},
	{"search", `<input id="search" type="search" aria-label="Find">`},
	{"search-list", `<input id="search-list" type="search" list="dl" aria-label="Town">`},
	{"file", `<input id="file" type="file" aria-label="Upload">`},
	{"checkbox", `<input id="checkbox" type="checkbox" aria-label="Done">`},
	{"radio", `<input id="radio" type="radio" aria-label="Red">`},
	{"range", `<input id="range" type="range" aria-label="Volume">`},
	{"number", `<input id="number" type="number" aria-label="Qty">`},
	{"textarea", `<textarea id="textarea" aria-label="Notes"></textarea>`},
	{"select", `<select id="select" aria-label="Country"><option>Japan</option></select>`},
	{"select-labelled", `<label for="select-labelled">Size</label><select id="select-labelled"><option>M</option></select>`},
	{"select-multiple", `<select id="select-multiple" multiple aria-label="Colors"><option>Red</option></select>`},
	{"select-size", `<select id="select-size" size="3" aria-label="Sizes"><option>S</option></select>`},
	{"option", `<select aria-label="Pick"><option id="option">First</option></select>`},
	{"heading", `<h2 id="heading">Orders</h2>`},
	{"img", `<img id="img" alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`},
	{"img-empty-alt", `<img id="img-empty-alt" alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`},
	{"img-empty-alt-labelled", `<img id="img-empty-alt-labelled" alt="" aria-label="Badge" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`},
	{"listitem", `<ul><li id="listitem">Milk</li></ul>`},
	{"list", `<ol id="list"><li>One</li></ol>`},
	{"menu", `<menu id="menu"><li>Cut</li></menu>`},
	{"row", `<table><tr id="row"><td>Ada</td></tr></table>`},
	{"cell", `<table><tr><td id="cell">Ada</td></tr></table>`},
	{"cell-control", `<table><tr><td id="cell-control"><button>Remove</button></td></tr></table>`},
	{"columnheader", `<table><tr><th id="columnheader">Name</th></tr></table>`},
	{"rowheader", `<table><tr><th id="rowheader" scope="row">Total</th><td>3</td></tr></table>`},
	{"table-caption", `<table id="table-caption"><caption>Prices</caption><tr><td>1</td></tr></table>`},
	{"nav", `<nav id="nav" aria-label="Main"><a href="/">Home</a></nav>`},
	{"article", `<article id="article"><h3>Post</h3></article>`},
	{"aside", `<aside id="aside" aria-label="Tips"><p>Drink water</p></aside>`},
	{"main", `<main id="main"><p>Body</p></main>`},
	{"search-element", `<search id="search-element" aria-label="Site"><input aria-label="q"></search>`},
	{"section", `<section id="section"><p>Body</p></section>`},
	{"section-labelled", `<section id="section-labelled" aria-label="Billing"><p>Body</p></section>`},
	{"section-labelledby", `<h2 id="sh">Shipping</h2><section id="section-labelledby" aria-labelledby="sh"><p>Body</p></section>`},
	{"form", `<form id="form"><input aria-label="q"></form>`},
	{"form-labelled", `<form id="form-labelled" aria-label="Login"><input aria-label="user"></form>`},
	{"fieldset", `<fieldset id="fieldset"><legend>Delivery</legend><input aria-label="Street"></fieldset>`},
	{"details", `<details id="details"><summary>Specs</summary><p>Hidden</p></details>`},
	{"figure", `<figure id="figure"><img alt="Chart" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><figcaption>Sales</figcaption></figure>`},
	{"dialog", `<dialog id="dialog" open aria-label="Confirm">Sure?</dialog>`},
	{"summary", `<details><summary id="summary">More</summary><p>Hidden</p></details>`},
	{"header", `<header id="header">Shop</header>`},
	{"header-in-article", `<article aria-label="Story"><header id="header-in-article">Top</header></article>`},
	{"footer", `<footer id="footer">Contact</footer>`},
	{"paragraph", `<p id="paragraph">Hello</p>`},
	{"hr", `<hr id="hr">`},
	{"output", `<output id="output">42</output>`},
	{"progress", `<progress id="progress" value="3" max="10" aria-label="Upload"></progress>`},
	{"meter", `<meter id="meter" value="0.5" aria-label="Disk"></meter>`},
	{"strong", `<p><b id="strong">Bold</b></p>`},
	{"blockquote", `<blockquote id="blockquote">Quote</blockquote>`},
	{"role-button", `<div id="role-button" role="button">Go</div>`},
	{"role-upper", `<div id="role-upper" role="BUTTON">Go</div>`},
	{"role-abstract-first", `<div id="role-abstract-first" role="section button">Go</div>`},
	{"role-unknown-first", `<div id="role-unknown-first" role="fancy tab">Go</div>`},
	{"role-space-first", `<div id="role-space-first" role=" tab">Go</div>`},
	{"role-list", `<div id="role-list" role="list"><div role="listitem">A</div></div>`},
	{"labelledby", `<span id="lb">Delete invoice</span><button id="labelledby" aria-labelledby="lb">x</button>`},
	{"labelledby-and-label", `<span id="lb2">Shown name</span><button id="labelledby-and-label" aria-labelledby="lb2" aria-label="Other">x</button>`},
	{"title", `<button id="title" title="Help"></button>`},
	{"hidden-text", `<button id="hidden-text">Pay<span hidden> later</span></button>`},
}

// deepCases are elements inside open shadow roots, which dom does not
// read: their role and name (nameDeep, as describe.js reads it) are held
// to what is written here. Each host's shadow root is made by a script
// from a <template> of the same id with "-t" appended.
var deepCases = []struct{ id, html, role, name string }{
	{"deep-labelledby", `<div id="h1"></div><template id="h1-t"><span id="in">Remove row</span><button id="deep-labelledby" aria-labelledby="in">x</button></template>`, "button", "Remove row"},
	{"deep-slotted", `<div id="h2"><b>Checkout</b></div><template id="h2-t"><button id="deep-slotted"><slot></slot></button></template>`, "button", "Checkout"},
}

// ariaDiffs is the one table of the differences between internal/pagejs's
// role and name and dom's, by case, each with why it stays. A name is
// compared where either gives one. The library's role and name are in
// every exported scenario's checks, whose meaning must not change: where
// dom reads an element otherwise and the checks' reading keeps a check
// able to fail, the checks' reading stays.
var ariaDiffs = map[string]struct{ role, name string }{
	"section": {role: `a <section> with no label is a region: "the Billing section is gone" must still see a section that shows Billing (dom, as ARIA, makes it generic)`,
		name: contentName},
	"form": {role: `a <form> with no label is a form: "the login form is gone" must still see it (dom, as ARIA, makes it generic)`},
	"summary": {role: `a <summary> is a button, as a person sees it and the checks have always read it: "the More button is gone" must see it (dom and Playwright give it no role)`,
		name: contentName},
	"img-empty-alt":     {role: `an <img alt=""> is an image a person sees: "the image is gone" must see it (dom leaves a presentational image out of the tree)`},
	"list":              {name: contentName},
	"menu":              {name: contentName},
	"row":               {name: contentName},
	"cell-control":      {name: contentName + "; dom, as Chromium, leaves a cell holding a control unnamed"},
	"article":           {name: contentName},
	"main":              {name: contentName},
	"header":            {name: contentName},
	"header-in-article": {name: contentName},
	"footer":            {name: contentName},
	"paragraph":         {name: contentName},
	"output":            {name: contentName},
	"strong":            {name: contentName},
	"blockquote":        {name: contentName},
	"anchor-no-href":    {name: contentName},
	"role-list":         {name: contentName},
	"listitem":          {name: contentName},
	"details":           {name: contentName},
}

// contentName is why the library names an element dom names by no
// content (a list, row, paragraph, region...).
const contentName = `named by the text a person sees in it, where dom gives no name, as the checks have always matched a name: "the list of fruits is gone" reads the words it shows`

// ariaRoleLiteral is aria.js's list of concrete roles, as role writes it.
func TestAriaRolesAreDoms(t *testing.T) {
	src, err := os.ReadFile("../internal/pagejs/aria.js")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(src), "/^(?:")
	list, _, ok2 := strings.Cut(rest, ")$/")
	if !ok || !ok2 {
		t.Fatal("aria.js's role has no /^(?:...)$/ list of roles")
	}
	if got, want := strings.Split(list, "|"), dom.ARIARoles(); !slices.Equal(got, want) {
		t.Errorf("aria.js's role reads the roles %q, dom.ARIARoles() is %q", got, want)
	}
}

// TestAriaAgrees runs internal/pagejs's role and name in Chromium over
// ariaCases and deepCases, and describe.js and containers.js as replay
// sends them, and requires that role and name agree with dom's, but for
// the differences ariaDiffs lists (a listed difference that is gone fails
// too, so the table stays true); that describe.js says the same role and
// name; and that containers.js gives a container case the same role.
func TestAriaAgrees(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!doctype html><title>Roles</title><body>\n")
	for _, c := range ariaCases {
		b.WriteString(c.html + "\n")
	}
	for _, c := range deepCases {
		b.WriteString(c.html + "\n")
	}
	b.WriteString(`<script>for (const t of document.querySelectorAll('template[id$="-t"]')) document.getElementById(t.id.slice(0, -2)).attachShadow({mode: 'open'}).append(t.content.cloneNode(true));</script>` + "\n")
	page := b.String()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	js := ariaOf(ctx, t, page)
	gos := goRoles(t, page)
	containerRoles := dom.ContainerRoles()
	for _, c := range ariaCases {
		g, ok := gos[c.id]
		if !ok {
			g = [2]string{"(none)", ""}
		}
		j, ok := js[c.id]
		if !ok {
			t.Errorf("%s: the page did not answer for it", c.id)
			continue
		}
		known := ariaDiffs[c.id]
		for _, part := range []struct{ what, js, dom, known string }{{"role", j.Role, g[0], known.role}, {"name", j.Name, g[1], known.name}} {
			switch {
			case part.js != part.dom && part.known == "":
				t.Errorf("%s: internal/pagejs gives %s %q, dom gives %s %q", c.id, j.Role, j.Name, g[0], g[1])
			case part.js == part.dom && part.known != "":
				t.Errorf("%s: internal/pagejs's %s now agrees with dom (%q): take it out of ariaDiffs (%s)", c.id, part.what, part.dom, part.known)
			}
		}
		if want := described(j.Role, j.Name); j.Describe != want && !strings.HasPrefix(j.Describe, want+" in ") {
			t.Errorf("%s: describe.js says %q, want %q", c.id, j.Describe, want)
		}
		// containers.js names a container by its label, a card by its text.
		if slices.Contains(containerRoles, g[0]) && (j.Label != "" || slices.Contains([]string{"article", "row", "listitem"}, g[0])) && j.Container != j.Role {
			t.Errorf("%s: containers.js gives role %s, internal/pagejs %s", c.id, j.Container, j.Role)
		}
	}
	for _, c := range deepCases {
		j := js[c.id]
		if j.Role != c.role || j.Name != c.name {
			t.Errorf("%s: internal/pagejs gives %s %q through the shadow root, want %s %q", c.id, j.Role, j.Name, c.role, c.name)
		}
		if want := described(c.role, c.name); j.Describe != want {
			t.Errorf("%s: describe.js says %q, want %q", c.id, j.Describe, want)
		}
	}
	for id := range ariaDiffs {
		if !slices.ContainsFunc(ariaCases, func(c struct{ id, html string }) bool { return c.id == id }) {
			t.Errorf("ariaDiffs lists %s, which is no case", id)
		}
	}
}

// described is describe.js's words for an element, before the container
// it names if any (" in row ...").
func described(role, name string) string {
	if name == "" {
		return role
	}
	q, _ := json.Marshal(name)
	return role + " " + string(q)
}

// ariaAnswer is what the page answers for one element.
type ariaAnswer struct {
	Role, Name, Describe, Container, Label string
}

// ariaOf runs, in Chromium, internal/pagejs's role and nameDeep on every
// element with an id (through open shadow roots), describe.js on it, and
// containers.js on a probe put inside it (the role of the nearest named
// container it gives), and its ariaLabel.
func ariaOf(ctx context.Context, t *testing.T, page string) map[string]ariaAnswer {
	t.Helper()
	describe, err := os.ReadFile("../replay/describe.js")
	if err != nil {
		t.Fatal(err)
	}
	containers, err := os.ReadFile("../replay/containers.js")
	if err != nil {
		t.Fatal(err)
	}
	roles, _ := json.Marshal(dom.ContainerRoles())
	body := "return JSON.stringify(deepAll(document.body, '[id]').map(e => { const p = document.createElement('span'); e.append(p); const c = containers(p); p.remove(); return [e.id, role(e), nameDeep(e), describe(e), c.length ? c[0].role : '', ariaLabel(e)]; }));"
	var decls []string
	for _, d := range pagejs.Needs(body) {
		decls = append(decls, d.Source())
	}
	fn := "() => { " + strings.Join(decls, " ") + " const describe = " + pagejs.Function(string(describe)) +
		"; const containers = " + strings.ReplaceAll(pagejs.Function(string(containers)), "CONTAINER_ROLES", string(roles)) + "; " + body + " }"

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
	out := map[string]ariaAnswer{}
	for _, row := range rows {
		out[row[0]] = ariaAnswer{Role: row[1], Name: row[2], Describe: row[3], Container: row[4], Label: row[5]}
	}
	return out
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
