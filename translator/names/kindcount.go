package names

// Counts of things by their kind ("the header has 2 links").

import (
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// KindCount reads a count of things named by their kind ("links",
// "buttons", "check boxes": a kind noun of dom.Nouns, whole, plural or
// singular) in the part of the page subject names ("the header", "the
// navigation", "the Blue Mug card", "the Text Alignment group"; "" or
// "the page": the whole page,
// part nil). ok is false when noun is no kind noun whole ("Cart link" is
// a link of that name, not a count) or subject names no element; err is
// a part named by its kind that is not on the page, or several.
func KindCount(req translator.Request, subject, noun string) (part *dom.Node, roles []string, ok bool, err error) {
	roles = kindRoles(noun)
	if roles == nil {
		return nil, nil, false, nil
	}
	part, ok, err = CountPart(req, subject)
	return part, roles, ok, err
}

// CountPart is the part of the page a count's subject names: a part by
// its name ("the Pizza Crust group"), the one of a kind ("the header"),
// an element ("Projects"); nil for the whole page ("" or "the page").
// ok is false when subject names none of them; err is a part named by
// its kind that is not on the page, or several.
func CountPart(req translator.Request, subject string) (part *dom.Node, ok bool, err error) {
	words := strings.ToLower(StripArticle(strings.TrimSpace(subject)))
	if words == "" || words == "page" || words == "whole page" {
		return nil, true, nil
	}
	if n, named, err := NamedContainer(req.Page, subject); named || err != nil {
		return n, named && err == nil, err
	}
	if n, sole, err := SoleOfKind(req.Page, subject, nil); sole || err != nil {
		return n, sole && err == nil, err
	}
	n, err := Element(req, subject, ForChecks(nil), "element")
	if err != nil || n == nil {
		return nil, false, nil
	}
	return n, true, nil
}

// kindRoles are the roles of the kind noun, plural or singular, of
// dom.Nouns that noun is whole; nil for none (a word of any kind, "box"
// or "icon", counts nothing).
func kindRoles(noun string) []string {
	for _, stem := range singulars(strings.ToLower(strings.Join(strings.Fields(noun), " "))) {
		for _, n := range dom.Nouns {
			if stem == n.Word && len(n.Kind) > 0 && !n.AnyKind {
				return n.Kind
			}
		}
	}
	return nil
}

// ItemRoles reads a count's item noun ("items", "rows", "open tasks":
// the last word counts): the roles of ItemNouns it names.
func ItemRoles(noun string) ([]string, bool) {
	w := strings.ToLower(strings.TrimSpace(noun))
	if i := strings.LastIndexByte(w, ' '); i > 0 {
		if rs, ok := ItemRoles(w[i+1:]); ok {
			return rs, true
		}
	}
	for _, stem := range singulars(w) {
		if rs, ok := ItemNouns[stem]; ok {
			return rs, true
		}
	}
	return nil, false
}

// singulars are the words a noun may be the plural of ("entries": entry,
// entri, entrie), and the noun itself, last.
func singulars(w string) []string {
	var out []string
	if stem, ok := strings.CutSuffix(w, "ies"); ok {
		out = append(out, stem+"y")
	}
	if stem, ok := strings.CutSuffix(w, "es"); ok {
		out = append(out, stem)
	}
	if stem, ok := strings.CutSuffix(w, "s"); ok {
		out = append(out, stem)
	}
	return append(out, w)
}
