package step

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testenv"
)

// TestRefinding: only a check scoped to an element is wrapped, once; its
// error reads as a target that matches nothing, which compile and replay
// call again.
func TestRefinding(t *testing.T) {
	chk, err := assertCall(Step{Kind: AssertText, Element: `row "db-2"`, Value: "down"}, "internal:role=row", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	got := Refinding(chk)
	fn := got.Args["function"].(string)
	if fn == chk.Args["function"] || !strings.Contains(fn, chk.Args["function"].(string)) || got.Args["target"] != chk.Args["target"] {
		t.Fatalf("not wrapped: %v", got.Args)
	}
	if again := Refinding(got); again.Args["function"] != fn {
		t.Error("wrapped twice")
	}
	if chk.Args["function"] == fn {
		t.Error("the compiled call was changed")
	}
	page, _ := assertCall(Step{Kind: AssertText, Value: "down"}, "", time.Second)
	click := ToolCall{Tool: ToolClick, Args: map[string]any{"target": "x"}}
	for _, c := range []ToolCall{page, click, {Tool: ToolEvaluate, Args: map[string]any{"target": "x", "function": "async (el) => { return 1 }"}}} {
		if Refinding(c).Args["function"] != c.Args["function"] {
			t.Errorf("%v was wrapped", c)
		}
	}
	if !strings.Contains(refindWords, "does not match any elements") { // mcpclient's textNoMatch
		t.Error("the wrap's error does not read as a target matching nothing")
	}
}

// TestRefindingJS runs the wrap in node on a stand-in element: a replaced
// element whose check fails stops at once (no full timeout); one whose
// check holds there, or that stays, keeps the check's own verdict.
func TestRefindingJS(t *testing.T) {
	node, err := exec.LookPath("node")
	testenv.Need(t, err)
	mk := func(s Step) string {
		c, err := assertCall(s, "x", 3*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return Refinding(c).Args["function"].(string)
	}
	text := mk(Step{Kind: AssertText, Element: "row", Value: "down"})
	gone := mk(Step{Kind: AssertGone, Element: "row", Value: "healthy"})
	script := `
const text = ` + text + `, gone = ` + gone + `;
const el = (t, c) => ({ innerText: t, textContent: t, isConnected: c });
(async () => {
  const out = [];
  const start = Date.now();
  try { await text(el('healthy', false)); out.push('passed'); } catch (e) { out.push(e.message + ' after ' + (Date.now() - start < 2000 ? 'less' : 'more')); }
  out.push(await gone(el('down', false)));
  const late = el('healthy', true); setTimeout(() => { late.innerText = 'down'; }, 300);
  out.push(await text(late));
  console.log(out.join('\n'));
})();`
	out, err := exec.Command(node, "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want := refindWords + " after less\nok\nok\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
