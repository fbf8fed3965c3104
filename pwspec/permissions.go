package pwspec

import (
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/sandy"
)

// permissions is the test.use of a scenario's environment.permissions:
// the context starts with exactly the permissions granted (Playwright
// denies every other one once the list is given, an empty one included)
// and, when geolocation is granted, its position; nil when the scenario
// sets none.
func permissions(sc *sandy.Scenario) []doc {
	if sc.Environment == nil || sc.Environment.Permissions == nil {
		return nil
	}
	p := sc.Environment.Permissions
	var names []string
	for _, n := range p.Granted {
		names = append(names, quote(n))
	}
	o := obj{{"permissions", raw("[" + strings.Join(names, ", ") + "]")}}
	if g, err := p.Grant(); err == nil && g.Geolocation() {
		num := func(f float64) raw { return raw(strconv.FormatFloat(f, 'f', -1, 64)) }
		o = append(o, prop{"geolocation", obj{{"latitude", num(g.Latitude)}, {"longitude", num(g.Longitude)}}})
	}
	var out []doc
	if len(p.Denied) > 0 {
		out = append(out, "// Denied: "+oneLine(strings.Join(p.Denied, ", "))+" (every permission not granted is).", hardline)
	}
	return append(out, printExpr(mc(ident("test"), "use", o)), ";", hardline, hardline)
}
