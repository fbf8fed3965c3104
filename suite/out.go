package suite

import (
	"path"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/sandy"
)

// Names gives each test of a suite its scenario's path below the output
// folder, slash-separated, mirroring the source tree: a test file's only
// test is its name with .json for its ending (shop/login.yaml →
// shop/login.json); a file of several tests (a feature file) is a folder
// of them, each its name's slug (shop/cart.feature → shop/cart/add-a-mug.json).
// Two tests given one path get -2, -3 … after it, in the order met.
type Names struct {
	used map[string]bool
}

// Name is the path of the scenario of the test named name, of the file
// whose path below its folder is rel, which holds many tests or one.
func (n *Names) Name(rel, name string, many bool) string {
	if n.used == nil {
		n.used = map[string]bool{}
	}
	stem := strings.TrimSuffix(rel, path.Ext(rel))
	if many {
		stem = path.Join(stem, slug(name))
	}
	p := stem + ".json"
	for i := 2; n.used[strings.ToLower(p)]; i++ {
		p = stem + "-" + strconv.Itoa(i) + ".json"
	}
	n.used[strings.ToLower(p)] = true
	return p
}

// maxSlug bounds a test's file name from its name (its words kept whole).
const maxSlug = 80

// slug is name as a file name: its words (letters and digits), lower case,
// joined by "-", up to maxSlug characters, so that an Outline row's name
// is told from the next one's by its values at its end; sandy.Slug's
// "scenario" for a name of no words.
func slug(name string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if b.Len() > 0 && b.Len()+1+len(w) > maxSlug {
			break
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(w[:min(len(w), maxSlug)])
	}
	if b.Len() == 0 {
		return sandy.Slug(name)
	}
	return b.String()
}
