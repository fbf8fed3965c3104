package pwspec

// What a check reads that no Playwright matcher reads: the states current,
// required, readonly and invalid, the value of anything but a text box,
// the order of items. The spec reads it in the page as the check does,
// with functions declared at its top (only those it uses), and asserts
// it with expect.poll.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/step"
)

// Helpers the spec declares, in the order they are declared. Each is the
// JavaScript of the check it stands for (step/checks.js, states.js,
// values.js), laid out as Prettier leaves it; a function the page runs
// holds all it needs (Playwright sends only its source).
const (
	helperRead    = "read"
	helperReadAll = "readAll"
)

var helperOrder = []string{"read", "readAll", "shownText", "countShown", "isCurrent", "isRequired", "isReadonly", "isInvalid", "valuesOf", "valueNowOf", "itemTexts"}

const normJS = `  const norm = (s: unknown) =>
    String(s ?? "")
      .replace(/[\u2018\u2019\u00b4\u0060]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
`

var helperJS = map[string]string{
	"read": `// Reads what f returns for the element l finds, for expect.poll: what
// plaintest's check reads and no Playwright matcher does.
const read = (l: Locator, f: (el: any) => unknown) => () => l.evaluate(f);
`,
	"readAll": `// Reads what f returns for all the elements l finds, for expect.poll.
const readAll = (l: Locator, f: (els: any[]) => unknown) => () =>
  l.evaluateAll(f);
`,
	"countShown": `// How many of the elements are shown, as plaintest's checks read it:
// rendered, not transparent, with a box of some size (Playwright's
// toBeVisible takes an element of opacity 0 for visible).
const countShown = (els: any[]) => {
  const opts = { visibilityProperty: true, opacityProperty: true };
  const shown = (el: any) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility(opts) && box.width > 0 && box.height > 0;
  };
  return els.filter(shown).length;
};
`,
	"isCurrent": `// Whether the element is current, as plaintest's state checks read it.
const isCurrent = (el: any) =>
  (el.getAttribute("aria-current") ?? "false") !== "false" ||
  el.getAttribute("aria-selected") === "true" ||
  el.getAttribute("aria-pressed") === "true" ||
  [el, el.parentElement?.tagName === "LI" ? el.parentElement : null].some(
    (e: any) =>
      e !== null &&
      ["active", "selected", "current"].some((k) => e.classList.contains(k)),
  );
`,
	"isRequired": `// Whether the element is required, as plaintest's state checks read it.
const isRequired = (el: any) =>
  el.required === true || el.getAttribute("aria-required") === "true";
`,
	"isReadonly": `// Whether the element is read-only, as plaintest's state checks read it.
const isReadonly = (el: any) =>
  el.readOnly === true || el.getAttribute("aria-readonly") === "true";
`,
	"isInvalid": `// Whether the element is invalid, as plaintest's state checks read it.
const isInvalid = (el: any) =>
  el.getAttribute("aria-invalid") === "true" || el.validity?.valid === false;
`,
	"valuesOf": `// What a person sees as the element's value, as plaintest's value checks
// read it (a slider's value text, number and text; a select's chosen
// labels; a checkbox's state; a field's value; a list box's chosen
// options; else the text it shows), each as the checks compare texts:
// curly quotes straightened, runs of space one space, trimmed, lower case.
const valuesOf = (el: any) => {
` + normJS + `  const shown = (e: any) => e.innerText ?? e.textContent ?? "";
  const types: any = {
    range: "slider",
    number: "spinbutton",
    checkbox: "checkbox",
    radio: "radio",
  };
  const r =
    (el.getAttribute("role") || "").split(" ")[0] ||
    (el.tagName === "INPUT" ? types[el.type] : "");
  const ranges = ["slider", "spinbutton", "progressbar", "meter", "scrollbar"];
  const checks = [
    "checkbox",
    "radio",
    "switch",
    "menuitemcheckbox",
    "menuitemradio",
  ];
  const all = (ls: string[]) =>
    ls.length > 1 ? [ls.join(", "), ...ls] : [ls.join(", ")];
  let vs: unknown[] = [shown(el)];
  if (ranges.includes(r)) {
    const svg =
      el.innerText === undefined
        ? [...el.children].map((c) => c.textContent).filter((t) => t.trim())
        : [];
    const now = el.tagName === "INPUT" ? el.value : shown(el);
    vs = [
      el.getAttribute("aria-valuetext"),
      el.getAttribute("aria-valuenow"),
      now,
      ...new Set(svg),
    ].filter((x) => x !== null && x !== undefined);
  } else if (el.tagName === "SELECT") {
    vs = all([...el.selectedOptions].map((o) => o.label));
  } else if (checks.includes(r)) {
    const on = el.matches("input")
      ? el.checked
      : el.getAttribute("aria-checked") === "true";
    vs = on ? ["checked", "on"] : ["unchecked", "off"];
  } else if (/^(INPUT|TEXTAREA)$/.test(el.tagName)) {
    vs = [el.value];
  } else if (r === "listbox") {
    vs = all(
      [...el.querySelectorAll("[aria-selected=true]")].map((o) => o.innerText),
    );
  }
  return vs.map(norm);
};
`,
	"valueNowOf": `// The number of a slider or spin button, as plaintest's checks read it.
const valueNowOf = (el: any) => [
  String(el.getAttribute("aria-valuenow") ?? el.value ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase(),
];
`,
	"itemTexts": `// The texts of the items in root, one a line, as plaintest's order checks
// read them: the visible list items, options, rows (not header rows),
// tree items, menu items, tabs and articles, each text as the checks
// compare texts.
const itemTexts = (root: any) => {
` + normJS + `  const tags: any = {
    LI: "listitem",
    OPTION: "option",
    TR: "row",
    ARTICLE: "article",
  };
  const roles = [
    "listitem",
    "option",
    "row",
    "treeitem",
    "menuitem",
    "tab",
    "article",
  ];
  const role = (e: any) =>
    (e.getAttribute("role") || "").split(" ")[0] || tags[e.tagName] || "";
  const vis = (e: any) => {
    const opts = { visibilityProperty: true, opacityProperty: true };
    const shown = e.checkVisibility
      ? e.checkVisibility(opts)
      : e.getClientRects().length > 0;
    const r = e.getBoundingClientRect();
    return shown && r.width > 0 && r.height > 0;
  };
  const header = (e: any) =>
    e.closest("thead") || (e.querySelector("th") && !e.querySelector("td"));
  const items = [...root.querySelectorAll("*")].filter(
    (e) =>
      roles.includes(role(e)) && vis(e) && !(role(e) === "row" && header(e)),
  );
  return items.map((e) => norm(e.innerText)).join("\n");
};
`,
}

// shownTextJS is the helper of a text check compiled on a page with open
// shadow roots (Step.Shadow): the text the element shows as the check reads
// it, with internal/pagejs's deepText (shadow.js, the one source), so a
// slot reads as what is slotted into it, not as its fallback content, and
// normalized as the checks compare texts. It is left as Go writes it, the
// deepText line as the page runs it, under prettier-ignore.
func shownTextJS() string {
	var b strings.Builder
	b.WriteString(`// The text a person sees in the element, as plaintest's text checks read
// it on a page with open shadow roots: the text of those roots in its
// place, and slotted content where its slot shows it (not the slot's
// fallback content, which toContainText reads), compared as the checks
// compare texts.
// prettier-ignore
const shownText = (el: any) => {
`)
	for _, d := range pagejs.Needs("deepText(") {
		b.WriteString("  " + d.Source() + "\n")
	}
	b.WriteString(normJS + "  return norm(deepText(el));\n};\n")
	return b.String()
}

func init() { helperJS["shownText"] = shownTextJS() }

// stateHelpers name the helper of each state no matcher reads.
var stateHelpers = map[string]string{
	step.StateCurrent:  "isCurrent",
	step.StateRequired: "isRequired",
	step.StateReadOnly: "isReadonly",
	step.StateInvalid:  "isInvalid",
}

// helpers returns the declarations of the helpers the spec uses.
func (g *gen) helpers() []doc {
	var out []doc
	for _, h := range helperOrder {
		if !g.uses[h] {
			continue
		}
		for _, l := range strings.Split(strings.TrimSuffix(helperJS[h], "\n"), "\n") {
			out = append(out, l, hardline)
		}
	}
	return out
}

// poll is `await expect.poll(read(l, helper)).matcher(args)`, readAll
// for a helper of all the elements l finds.
func (g *gen) poll(l expr, helper, matcher string, negated bool, wait string, args ...expr) []doc {
	reader := helperRead
	if helper == "countShown" {
		reader = helperReadAll
	}
	g.uses[reader] = true
	g.uses[helper] = true
	var o []expr
	if wait != "" {
		o = append(o, obj{{"timeout", raw(wait)}})
	}
	if negated {
		matcher = "not." + matcher
	}
	return []doc{await(mc(c(m(ident("expect"), "poll"), append([]expr{c(ident(reader), l, ident(helper))}, o...)...), matcher, args...))}
}

// normPattern is the regular expression that a text the check normalized
// (checks.js's norm) matches as match says, want being normalized as the
// check normalizes it.
func normPattern(want, match string) string {
	w := dom.JSRegexEscape(normText(want))
	switch match {
	case step.MatchContains:
		return "/" + w + "/"
	case step.MatchStarts:
		return "/^" + w + "/"
	case step.MatchEnds:
		return "/" + w + "$/"
	}
	// bare(v) === want: the full stop or other punctuation ending v aside.
	return "/^" + dom.JSRegexEscape(strings.TrimRight(normText(want), " .!?;:,")) + `[\s.!?;:,]*$/`
}

// orderPattern is the regular expression that itemTexts' lines match when
// the order check of s holds.
func orderPattern(s step.Step) (string, error) {
	if len(s.Values) == 0 {
		return "", fmt.Errorf("an order check of no items")
	}
	w := dom.JSRegexEscape(normText(s.Values[0]))
	switch {
	case s.Match == step.MatchFirst:
		return "/^.*" + w + "/", nil
	case s.Match == step.MatchLast:
		return "/" + w + ".*$/", nil
	case strings.HasPrefix(s.Match, step.MatchNth):
		n, err := strconv.Atoi(strings.TrimPrefix(s.Match, step.MatchNth))
		if err != nil || n < 1 {
			return "", fmt.Errorf("an order check of item %q", s.Match)
		}
		if n == 1 {
			return "/^.*" + w + "/", nil
		}
		return fmt.Sprintf(`/^(?:.*\n){%d}.*%s/`, n-1, w), nil
	}
	var parts []string
	for _, v := range s.Values {
		parts = append(parts, dom.JSRegexEscape(normText(v)))
	}
	// Each in a later item than the one before.
	return "/" + strings.Join(parts, `.*\n(?:.*\n)*?.*`) + "/", nil
}

var quoteFold = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u00b4", "'", "`", "'", "\u201c", `"`, "\u201d", `"`)

// normText is s as checks.js's norm makes it.
func normText(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(quoteFold.Replace(s)), " "))
}

// loosePattern is the source of a regular expression that matches s in a
// text as a check compares it: any run of space for a space, a curly
// quote for a straight one (and back), case aside (with the i flag).
func loosePattern(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0':
			space = true
			continue
		case space:
			b.WriteString(`\s+`)
		}
		space = false
		switch quoteFold.Replace(string(r)) {
		case "'":
			b.WriteString("['\u2018\u2019\u00b4`]")
		case `"`:
			b.WriteString("[\"\u201c\u201d]")
		default:
			b.WriteString(dom.JSRegexEscape(string(r)))
		}
	}
	return b.String()
}

// hasQuote reports whether s holds a quote a check straightens.
func hasQuote(s string) bool { return strings.ContainsAny(s, "'\"\u2018\u2019\u00b4`\u201c\u201d") }
