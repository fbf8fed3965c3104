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
		stem = path.Join(stem, sandy.Slug(name))
	}
	p := stem + ".json"
	for i := 2; n.used[strings.ToLower(p)]; i++ {
		p = stem + "-" + strconv.Itoa(i) + ".json"
	}
	n.used[strings.ToLower(p)] = true
	return p
}
