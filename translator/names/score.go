package names

import (
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator/lexicon"
)

// Match scores, highest first.
const (
	ScoreExact   = 95 // same words, ignoring case, punctuation and spaces
	ScoreMatch   = 70 // the phrase is a whole-word part of the name
	scoreNothing = 0
)

// label is what a node is called for matching: its name, else its text.
func Label(n *dom.Node) string {
	if n.Name != "" {
		return n.Name
	}
	if n.Value == "" && contentNamed[n.Role] {
		// An option or item Playwright leaves unnamed (it holds a button)
		// is known by its text, as a person reads it.
		return strings.TrimSpace(n.TextContent())
	}
	return n.Value
}

// contentNamed are the roles whose unnamed elements go by their text.
var contentNamed = Roles("option", "treeitem", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "gridcell", "cell", "rowheader", "columnheader")

// score rates how well name fits the words a person used.
func Score(name, words string) int {
	n, w := dom.Normalize(name), dom.Normalize(words)
	switch {
	case n == "" || w == "":
		return scoreNothing
	case n == w:
		return 100
	case strings.ReplaceAll(n, " ", "") == strings.ReplaceAll(w, " ", ""):
		return ScoreExact
	case strings.HasPrefix(n+" ", w+" "):
		return 80
	case strings.Contains(" "+n+" ", " "+w+" "):
		return ScoreMatch
	}
	if mayCount(w) {
		// "4 stars" for the radio "four stars", and the other way: only
		// words that hold a number can (score runs for every element a
		// phrase is ranked against).
		if dn, dw := numerals(n), numerals(w); dn != n || dw != w {
			return Score(dn, dw)
		}
	}
	return scoreNothing
}

// mayCount reports whether s (normalized) holds a digit or a number word.
func mayCount(s string) bool {
	for rest := s; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if _, ok := lexicon.Numbers[w]; ok && !notNumerals[w] || strings.ContainsAny(w, "0123456789") {
			return true
		}
	}
	return false
}

// numerals is s (normalized) with its number words (lexicon.Numbers,
// less the articles and "no") as digits.
func numerals(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		if n, ok := lexicon.Numbers[w]; ok && !notNumerals[w] {
			ws[i] = strconv.Itoa(n)
		}
	}
	return strings.Join(ws, " ")
}

// notNumerals are the words of lexicon.Numbers a name uses as words.
var notNumerals = map[string]bool{"no": true, "none": true, "a": true, "an": true, "single": true}

// rank returns the nodes with the best score for words, and that score.
func Rank(nodes []*dom.Node, words string) ([]*dom.Node, int) {
	top := ScoreMatch - 1
	var best []*dom.Node
	for _, n := range nodes {
		s := Score(Label(n), words)
		if n.Placeholder != "" {
			if p := Score(n.Placeholder, words) - 5; p > s {
				s = p
			}
		}
		for _, w := range dom.KindWords(n.Kind) {
			// "the PIN box" for a password field the page read names
			// "password" (dom.FieldKinds, dom.Icons).
			if k := Score(w, words) - 5; k > s {
				s = k
			}
		}
		switch {
		case s > top:
			top, best = s, []*dom.Node{n}
		case s == top:
			best = append(best, n)
		}
	}
	if best == nil {
		return nil, scoreNothing
	}
	return innermost(best), top
}

// innermost drops candidates that contain another candidate: an article
// named "Notebook" and its heading "Notebook" are one thing, and the heading
// is the precise one.
func innermost(nodes []*dom.Node) []*dom.Node {
	if len(nodes) < 2 {
		return nodes
	}
	var out []*dom.Node
	for _, n := range nodes {
		contains := false
		for _, m := range nodes {
			if m != n && isAncestor(n, m) {
				contains = true
				break
			}
		}
		if !contains {
			out = append(out, n)
		}
	}
	return out
}

func isAncestor(a, n *dom.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p == a {
			return true
		}
	}
	return false
}

// preferRole breaks a tie between elements of different roles by the order a
// verb lists them in ("click Log in" on a page with a "Log in" link in the
// header and a "Log in" button in the form means the button). Elements of the
// same role stay tied: that is a real ambiguity.
func preferRole(nodes []*dom.Node, order []string) []*dom.Node {
	if len(nodes) < 2 {
		return nodes
	}
	for _, role := range order {
		var out []*dom.Node
		for _, n := range nodes {
			if n.Role == role {
				out = append(out, n)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nodes
}

// similarity is the Dice coefficient of the letter bigrams of a and b.
func similarity(a, b string) float64 {
	bg := func(s string) map[string]int {
		s = strings.ReplaceAll(dom.Normalize(s), " ", "")
		m := map[string]int{}
		r := []rune(s)
		for i := 0; i+1 < len(r); i++ {
			m[string(r[i:i+2])]++
		}
		return m
	}
	x, y := bg(a), bg(b)
	total, common := 0, 0
	for k, v := range x {
		total += v
		if w := y[k]; w > 0 {
			common += min(v, w)
		}
	}
	for _, v := range y {
		total += v
	}
	if total == 0 {
		return 0
	}
	return 2 * float64(common) / float64(total)
}
