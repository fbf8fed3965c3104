package pwspec

// What a check reads that no Playwright matcher reads: the states current,
// required, readonly and invalid, the value of anything but a text box,
// the order of items. The spec reads it in the page as the check does,
// with functions declared at its top (only those it uses), and asserts
// it with expect.poll.

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/step"
)

// Helpers the spec declares, in the order they are declared. Each is the
// JavaScript of the check it stands for (commandgen/checks.js, states.js,
// values.js), laid out as Prettier leaves it; a function the page runs
// holds all it needs (Playwright sends only its source).
const (
	helperRead     = "read"
	helperReadAll  = "readAll"
	helperReadWith = "readWith"
)

var helperOrder = []string{"says", "order", "navigated", "read", "readAll", "readWith", "showsText", "countShown", "isCurrent", "isRequired", "isReadonly", "isInvalid", "valuesOf", "valueNowOf", "itemTexts", "coloursOf"}

// helpersTS holds the helpers a spec declares (helpers.ts), in the order
// they are declared.
//
//go:embed helpers.ts
var helpersTS string

// helperJS is each helper's declaration, with its comment, by name; normJS
// is the norm function the value helpers hold. A helper missing from
// helpers.ts is a build mistake TestHelpersFile catches.
var helperJS, normJS = splitHelpers(helpersTS)

// splitHelpers cuts src, laid out as helpers.ts says, into its sections
// by name (each ending in one newline), the norm section put in place of
// each line "  //# norm" of the others, the vis section in place of each
// "  //# vis".
func splitHelpers(src string) (map[string]string, string) {
	sections := map[string]string{}
	var name string
	var b strings.Builder
	flush := func() {
		if name != "" {
			sections[name] = strings.TrimRight(b.String(), "\n") + "\n"
		}
		b.Reset()
	}
	for _, l := range strings.Split(src, "\n") {
		if n, ok := strings.CutPrefix(l, "//# "); ok {
			flush()
			name = n
			continue
		}
		b.WriteString(l + "\n")
	}
	flush()
	norm, vis := sections["norm"], sections["vis"]
	delete(sections, "norm")
	delete(sections, "vis")
	for k, v := range sections {
		sections[k] = strings.ReplaceAll(strings.ReplaceAll(v, "  //# norm\n", norm), "  //# vis\n", vis)
	}
	return sections, norm
}

// showsTextJS is the helper of a text check compiled on a page with open
// shadow roots (Step.Shadow): whether the element shows the text (normed)
// where a person sees it, as the check reads it, with the check's own
// showsDeep and the helpers it calls (commandgen/checks.js and
// internal/pagejs's shadow.js, the one source), so a slot reads as what is
// slotted into it, not as its fallback content, and text in a part a
// person cannot see is not shown. It is left as Go writes it, each
// declaration as the page runs it, under prettier-ignore.
func showsTextJS() string {
	var b strings.Builder
	b.WriteString(`// Whether the element shows the text where a person sees it, as
// plaintest's text checks read it on a page with open shadow roots: the
// text of those roots in its place, slotted content where its slot shows
// it (not the slot's fallback content, which toContainText reads), in an
// element a person sees.
// prettier-ignore
const showsText = (el: any, w: string) => {
`)
	for _, d := range commandgen.CheckHelperDecls("showsDeep(") {
		b.WriteString("  " + d + "\n")
	}
	b.WriteString("  return showsDeep(el, w);\n};\n")
	return b.String()
}

func init() { helperJS["showsText"] = showsTextJS() }

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

// pollWith is `await expect.poll(readWith(l, helper, arg)).matcher(args)`.
func (g *gen) pollWith(l expr, helper, arg, matcher string, negated bool, wait string, args ...expr) []doc {
	g.uses[helperReadWith] = true
	g.uses["navigated"] = true
	g.uses[helper] = true
	var o []expr
	if wait != "" {
		o = append(o, obj{{"timeout", raw(wait)}})
	}
	if negated {
		matcher = "not." + matcher
	}
	return []doc{await(mc(c(m(ident("expect"), "poll"), append([]expr{c(ident(helperReadWith), l, ident(helper), str(arg))}, o...)...), matcher, args...))}
}

// poll is `await expect.poll(read(l, helper)).matcher(args)`, readAll
// for a helper of all the elements l finds.
func (g *gen) poll(l expr, helper, matcher string, negated bool, wait string, args ...expr) []doc {
	reader := helperRead
	if helper == "countShown" {
		reader = helperReadAll
	}
	g.uses[reader] = true
	g.uses["navigated"] = true
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
	w := locator.JSRegexEscape(commandgen.NormText(want))
	switch match {
	case step.MatchContains:
		return "/" + w + "/"
	case step.MatchStarts:
		return "/^" + w + "/"
	case step.MatchEnds:
		return "/" + w + "$/"
	}
	// bare(v) === want: the full stop or other punctuation ending v aside.
	return "/^" + locator.JSRegexEscape(strings.TrimRight(commandgen.NormText(want), " .!?;:,")) + `[\s.!?;:,]*$/`
}

// orderItems is the call of the order helper (helpers.ts) whose regular
// expression itemTexts' lines match when the order check s holds.
func (g *gen) orderItems(s step.Step) (expr, error) {
	if len(s.Values) == 0 {
		return nil, fmt.Errorf("an order check of no items")
	}
	at, values := "0", s.Values
	switch {
	case s.Match == step.MatchFirst:
		at, values = "1", s.Values[:1]
	case s.Match == step.MatchLast:
		at, values = "-1", s.Values[:1]
	case strings.HasPrefix(s.Match, step.MatchNth):
		n, err := strconv.Atoi(strings.TrimPrefix(s.Match, step.MatchNth))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("an order check of item %q", s.Match)
		}
		at, values = strconv.Itoa(n), s.Values[:1]
	}
	args := []expr{raw(at)}
	for _, v := range values {
		t, err := g.text(v)
		if err != nil {
			return nil, err
		}
		args = append(args, t)
	}
	g.uses["says"], g.uses["order"] = true, true
	return c(ident("order"), args...), nil
}

var quoteFold = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u00b4", "'", "`", "'", "\u201c", `"`, "\u201d", `"`)

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
			b.WriteString(locator.JSRegexEscape(string(r)))
		}
	}
	return b.String()
}

// hasQuote reports whether s holds a quote a check straightens.
func hasQuote(s string) bool { return strings.ContainsAny(s, "'\"\u2018\u2019\u00b4`\u201c\u201d") }
