package browserserver

import (
	"context"
	"testing"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// scrollPage is a long page that counts its scroll events.
const scrollPage = `<!doctype html><title>Long</title>
<div style="height:5000px">top</div><p>bottom</p>
<script>window.scrolls = 0; addEventListener('scroll', () => window.scrolls++);</script>`

// TestScrollIsOneStep: through either server, "press End" scrolls to the
// bottom in one step and the page sees one scroll event (the browsers run
// with --disable-smooth-scrolling, defaults.ChromiumArgs), not an
// animation's worth whose timing a page's scroll handler could depend on.
// Without the switch, each server reports a dozen events.
func TestScrollIsOneStep(t *testing.T) {
	pwc, err := mcpclient.Playwright(mcpclient.BundledOptions(0, 0))
	testenv.Need(t, err)
	site := pages(t, map[string]string{"/": scrollPage})
	pw, err := mcpclient.Connect(context.Background(), pwc, nil)
	if err != nil {
		testenv.Missing(t, "@playwright/mcp: %v", err)
	}
	defer pw.Close()
	for _, sv := range []struct {
		name string
		s    *mcpclient.Session
	}{{"builtin", session(t, newServer(t, nil))}, {"playwright-mcp", pw}} {
		t.Run(sv.name, func(t *testing.T) {
			testkit.Call(t, sv.s, mcpclient.ToolNavigate, map[string]any{"url": site})
			if r := testkit.Call(t, sv.s, mcpclient.ToolPressKey, map[string]any{"key": "End"}); r.IsError {
				t.Fatalf("press End: %s", r.Text)
			}
			// Asked two frames later (a scroll event fires with the next
			// frame, not at once): an animation of about 150 ms would
			// still be running, short of the bottom, having fired an event
			// a frame.
			r := testkit.Call(t, sv.s, mcpclient.ToolEvaluate, map[string]any{"function": `async () => {
				await new Promise(f => requestAnimationFrame(() => requestAnimationFrame(f)));
				return window.scrolls + ' scroll event(s), ' + (scrollY + innerHeight >= document.documentElement.scrollHeight - 1 ? 'at the bottom' : 'at ' + scrollY); }`})
			if want := `"1 scroll event(s), at the bottom"`; r.Value != want { // a JSON string
				t.Errorf("after press End the page says %s, want %s", r.Value, want)
			}
		})
	}
}
