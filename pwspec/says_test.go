package pwspec

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/internal/testenv"
)

// TestSaysAgrees: the three readers of "a text says these words" agree on
// the same table: the check compile runs and replay replays
// (commandgen/checks.js's says), the spec's helper (helpers.ts's says) and the
// name replay sends in a target (locator.NameWords). Each is run by node.
func TestSaysAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(t, "node: %v", err)
	}
	checks, err := os.ReadFile("../commandgen/checks.js")
	if err != nil {
		t.Fatal(err)
	}
	decls, err := pagejs.Consts(string(checks))
	if err != nil {
		t.Fatal(err)
	}
	var check string
	for _, n := range []string{"norm", "says"} {
		src, ok := pagejs.Lookup(decls, n)
		if !ok {
			t.Fatalf("commandgen/checks.js has no %s", n)
		}
		check += "const " + n + "Check = " + strings.ReplaceAll(src, "says(", "saysCheck(") + ";\n"
	}
	check = strings.ReplaceAll(check, "norm(", "normCheck(")
	sections, _ := splitHelpers(helpersTS)
	spec := strings.Replace(sections["says"], "(text: string)", "(text)", 1)
	if spec == sections["says"] {
		t.Fatal("helpers.ts's says is not declared as (text: string) =>")
	}
	cases := []struct {
		want, text string
		says       bool
	}{
		{"Paid", "Paid", true},
		{"Paid", "paid ✓", true},
		{"Paid", "Order paid.", true},
		{"Paid", "Unpaid", false},
		{"Paid", "Paidless", false},
		{"Add to cart", "Add  to cart for Blue Mug", true},
		{"1 item", "11 items", false},
		{"1 item", "Cart: 1 item", true},
		{"Saved", "Not saved", false},
		{"Saved", "Wasn't saved", false},
		{"Saved", "Saved", true},
		{"Not now", "Not now", true},
		{"(1) Pay…", "(1) Pay…", true},
		{"Café", "Cafés", false},
		{"Café", "Le café", true},
		{"Don't save", "Don’t  save", true},
		{`Say "hi"`, "Say “hi” now", true},
		{"It's >> here", "It's >> here", true},
	}
	var table []any
	for _, c := range cases {
		table = append(table, []any{c.want, c.text, strings.TrimSuffix(strings.TrimPrefix(locator.NameWords(c.want), "/"), "/iu")})
	}
	b, _ := json.Marshal(table)
	prog := check + spec + `
const out = [];
for (const [want, text, name] of ` + string(b) + `) {
  const bare = /['"\x60>]/;
  if (bare.test(says(want).source) || bare.test(name)) throw new Error("a quote or > in the expression of " + want + ": " + says(want).source + " " + name);
  out.push([saysCheck(normCheck(text), normCheck(want)), says(want).test(text), new RegExp(name, "iu").test(text)]);
}
console.log(JSON.stringify(out));
`
	cmd := exec.Command(node, "-e", prog)
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, prog)
	}
	var res [][3]bool
	if err := json.Unmarshal(got, &res); err != nil || len(res) != len(cases) {
		t.Fatalf("node answered %s (%v)", got, err)
	}
	for i, c := range cases {
		for j, who := range []string{"commandgen/checks.js says", "helpers.ts says", "locator.NameWords"} {
			if res[i][j] != c.says {
				t.Errorf("%s: %q says %q: %v, want %v", who, c.text, c.want, res[i][j], c.says)
			}
		}
	}
}
