package browserserver

import (
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestFrameTargets: an element of a frame gets Playwright's locator with
// the frame entered (contentFrame(), as @playwright/mcp writes it), and a
// target entering a frame, in the selector syntax or as code, finds it.
func TestFrameTargets(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": `<h1>Checkout</h1><iframe title="Payment" src="/inner"></iframe>`, "/inner": `<button>Pay</button>`})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	time.Sleep(200 * time.Millisecond) // the frame loads after the page
	ref := refOf(t, testkit.Call(t, sess, mcpclient.ToolSnapshot, map[string]any{}).Snapshot, "button", "Pay")
	res := testkit.Call(t, sess, mcpclient.ToolGenLocator, map[string]any{"target": ref})
	if want := ".contentFrame().getByRole('button', { name: 'Pay' })"; res.IsError || !strings.HasSuffix(strings.TrimSpace(res.Value), want) {
		t.Errorf("locator of %s: %q (%s), want …%s", ref, res.Value, res.Error, want)
	}
	for _, target := range []string{
		`iframe[title="Payment"] >> internal:control=enter-frame >> internal:role=button[name="Pay"i]`,
		`locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })`,
		`frameLocator('iframe').getByRole('button')`,
	} {
		got := testkit.Call(t, sess, mcpclient.ToolEvaluate, map[string]any{"target": target, "function": "(el) => el.textContent"})
		if got.IsError || got.Value != `"Pay"` {
			t.Errorf("%s finds %s (%s), want the frame's Pay button", target, got.Value, got.Error)
		}
	}
}
