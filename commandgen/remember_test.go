package commandgen

import (
	"github.com/plaintest/plaintest/step"
	"strings"
	"testing"
)

func TestRememberCall(t *testing.T) {
	s := step.Step{Kind: step.Remember, Ref: "#o", Role: "status", Element: `status "Order number"`, Value: "ORDER"}
	c, err := Call(s, "#o")
	if err != nil {
		t.Fatal(err)
	}
	fn := c.Args["function"].(string)
	for _, want := range []string{`const name = "ORDER";`, `const norm = s =>`, `throw new Error("status \"Order number\"" + ' is empty: there is no value to remember as ' + name + ' (waited 5s)')`} {
		if !strings.Contains(fn, want) {
			t.Errorf("function lacks %q:\n%s", want, fn)
		}
	}
	if name, ok := RememberName(c); !ok || name != "ORDER" {
		t.Errorf("RememberName = %q, %v; want ORDER, true", name, ok)
	}
	if _, ok := RememberName(EnabledWait("#o", "x", 0)); ok {
		t.Error("RememberName read an enabled wait")
	}
	for _, bad := range []string{"", "order", "Order", "1ST", "ORDER-NO", "ORDER.value"} {
		s.Value = bad
		if _, err := Call(s, "#o"); err == nil || !strings.Contains(err.Error(), "capital letters") {
			t.Errorf("Call with name %q: got %v, want a refusal naming the rule", bad, err)
		}
	}
	if _, err := Call(step.Step{Kind: step.Remember, Value: "ORDER"}, ""); err == nil {
		t.Error("a remember step with no target got a call")
	}
	if step.Remember.IsCheck() {
		t.Error("remember is a check")
	}
}
