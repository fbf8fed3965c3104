package commandgen

import (
	"slices"
	"testing"

	"github.com/plaintest/plaintest/dom"
)

// TestKeyCells: the row of a remembered cell is found by the cell the
// sentence names it by, then by its row header, then by the others: not
// by a figure that comes first in the row and changes with each load.
func TestKeyCells(t *testing.T) {
	cells := []*dom.Node{{Role: "cell", Name: "386 MB"}, {Role: "cell", Name: "2.1%"}, {Role: "cell", Name: "nginx"}, {Role: "rowheader", Name: "7"}}
	names := func(ns []*dom.Node) []string {
		var out []string
		for _, n := range ns {
			out = append(out, n.Name)
		}
		return out
	}
	for _, tt := range []struct {
		sentence string
		want     []string
	}{
		{"remember the CPU in the nginx row as CPU", []string{"nginx", "7", "386 MB", "2.1%"}},
		{"remember the CPU of NGINX as CPU", []string{"nginx", "7", "386 MB", "2.1%"}},
		{"remember the CPU in the nginx-proxy row as CPU", []string{"7", "386 MB", "2.1%", "nginx"}},
		{"remember the CPU in the 7 row as CPU", []string{"7", "386 MB", "2.1%", "nginx"}},
	} {
		if got := names(keyCells(cells, tt.sentence)); !slices.Equal(got, tt.want) {
			t.Errorf("keyCells(%q): got %v, want %v", tt.sentence, got, tt.want)
		}
	}
}
