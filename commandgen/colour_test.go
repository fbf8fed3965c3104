package commandgen

import (
	"encoding/json"
	"os/exec"
	"slices"
	"testing"

	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/internal/testenv"
)

// colourNode runs colours.js's declarations named in names, then body,
// in node, and gives what body prints.
func colourNode(t *testing.T, body string, names ...string) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(t, "node: %v", err)
	}
	var prog string
	for _, n := range names {
		src, ok := pagejs.Lookup(pagejs.MustConsts(coloursJS), n)
		if !ok {
			t.Fatalf("colours.js has no %s", n)
		}
		prog += "const " + n + " = " + src + ";\n"
	}
	out, err := exec.Command(node, "-e", prog+body).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, prog+body)
	}
	return out
}

// TestColourFamily: colours.js's colourFamily names a computed colour as
// a person names it, dark and light shades and the edges between hues
// too; a colour of alpha 0 is transparent (the check looks behind it).
func TestColourFamily(t *testing.T) {
	cases := []struct{ css, want string }{
		{"rgb(255, 0, 0)", "red"},
		{"rgb(220, 53, 69)", "red"},   // Bootstrap's danger
		{"rgb(139, 0, 0)", "red"},     // dark red is red
		{"rgb(100, 0, 0)", "red"},     // darker still
		{"rgb(240, 128, 128)", "red"}, // light coral
		{"rgb(255, 192, 203)", "pink"},
		{"rgb(236, 72, 153)", "pink"},
		{"rgb(255, 20, 147)", "pink"}, // deep pink
		{"rgb(255, 165, 0)", "orange"},
		{"rgb(253, 126, 20)", "orange"}, // Bootstrap's orange
		{"rgb(255, 69, 0)", "orange"},   // orange red
		{"rgb(139, 69, 19)", "brown"},   // saddle brown
		{"rgb(210, 180, 140)", "brown"}, // tan
		{"rgb(255, 193, 7)", "yellow"},  // Bootstrap's warning
		{"rgb(255, 255, 0)", "yellow"},
		{"rgb(0, 128, 0)", "green"},
		{"rgb(25, 135, 84)", "green"}, // Bootstrap's success
		{"rgb(0, 100, 0)", "green"},   // dark green
		{"rgb(144, 238, 144)", "green"},
		{"rgb(0, 0, 255)", "blue"},
		{"rgb(13, 110, 253)", "blue"}, // Bootstrap's primary
		{"rgb(0, 0, 139)", "blue"},    // dark blue
		{"rgb(0, 255, 255)", "blue"},  // cyan
		{"rgb(173, 216, 230)", "blue"},
		{"rgb(128, 0, 128)", "purple"},
		{"rgb(238, 130, 238)", "purple"}, // violet
		{"rgb(102, 16, 242)", "purple"},  // Bootstrap's indigo
		{"rgb(128, 128, 128)", "grey"},   // #808080
		{"rgb(108, 117, 125)", "grey"},   // Bootstrap's secondary
		{"rgb(211, 211, 211)", "grey"},
		{"rgb(0, 0, 0)", "black"},
		{"rgb(33, 37, 41)", "black"}, // Bootstrap's body text
		{"rgb(30, 0, 0)", "black"},
		{"rgb(255, 255, 255)", "white"},
		{"rgb(248, 249, 250)", "white"}, // Bootstrap's light
		{"rgb(255, 245, 245)", "white"},
		{"rgba(255, 0, 0, 0.5)", "red"},
		{"rgba(0, 0, 0, 0)", "transparent"},
		{"rgba(255, 0, 0, 0)", "transparent"},
		{"rgb(255 0 0 / 0)", "transparent"},
		{"rgb(0 128 0 / 50%)", "green"},
	}
	var css []string
	for _, c := range cases {
		css = append(css, c.css)
	}
	in, _ := json.Marshal(css)
	out := colourNode(t, "console.log(JSON.stringify("+string(in)+".map(s => colourFamily(rgbaOf(s)))));", "rgbaOf", "colourFamily")
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node answered %s (%v)", out, err)
	}
	for i, c := range cases {
		if got[i] != c.want {
			t.Errorf("colourFamily(%s) = %s, want %s", c.css, got[i], c.want)
		}
	}
}

// TestColourSwatches: each family a check may ask for has a swatch (the
// colour plaintest prove paints to break a check) of that family, and
// no other family has one.
func TestColourSwatches(t *testing.T) {
	fams, _ := json.Marshal(colourFamilies)
	out := colourNode(t, "console.log(JSON.stringify("+string(fams)+".map(f => colourSwatch(f) && colourFamily(rgbaOf(colourSwatch(f))))));", "rgbaOf", "colourFamily", "colourSwatch")
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node answered %s (%v)", out, err)
	}
	if !slices.Equal(got, colourFamilies) {
		t.Errorf("the swatches' families are %q, want %q", got, colourFamilies)
	}
}
