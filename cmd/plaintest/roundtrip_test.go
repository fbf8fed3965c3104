package main

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"
)

var roundTripRuns = flag.Int("roundtrip.runs", 2, "how many times in a row the compiled demo scenarios are replayed")

// demoScenarios are the scenarios compiled against the demo shop: every form
// control, scoped buttons, a late element and assertions both ways.
var demoScenarios = []struct {
	name, path, text string
	args             []string
}{
	{"mug", "", mugText, []string{"--secret", "PASSWORD=demo123"}},
	{"checkout", "/products", "click Add to cart for Green Tea then open the cart then click Proceed to checkout then type Ada Lovelace into Full name " +
		"then fill Email with ada@example.com then select Japan from Country then choose Express from Shipping then type ring twice into Delivery notes " +
		"then check I agree to the terms then click Place order then verify Thank you for your order", nil},
	{"offer", "/products", "click Claim discount then verify Discount claimed", nil},
	{"remove", "/products", "click Add to cart for Red Mug then click Add to cart for Notebook then go to the cart then click Remove for Red Mug " +
		"then verify the cart shows 1 item then I should not see Red Mug", nil},
	{"bad-login", "/login", "type demo into Username then type nope into Password then press Enter then verify Invalid username or password", nil},
}

// TestCompiledScenariosReplayGreen compiles every demo scenario and replays
// them all, -roundtrip.runs times in a row (20 for the figure in the README).
func TestCompiledScenariosReplayGreen(t *testing.T) {
	requireBrowser(t)
	base := serveShop(t, nil)
	dir := t.TempDir()
	for _, s := range demoScenarios {
		args := append([]string{"compile", s.text, "--url", base + s.path, "-o", filepath.Join(dir, s.name+".json"), "--evidence", t.TempDir()}, s.args...)
		if code, stdout, stderr := runCLI(t, args...); code != 0 {
			t.Fatalf("compile %s: exit %d\n%s\n%s", s.name, code, stdout, stderr)
		}
	}
	for i := 1; i <= *roundTripRuns; i++ {
		code, stdout, stderr := runCLI(t, "replay", dir, "--var", "PASSWORD=demo123", "--parallel", "2", "--report", t.TempDir())
		if code != 0 {
			t.Fatalf("run %d of %d: exit %d\n%s\n%s", i, *roundTripRuns, code, stdout, stderr)
		}
		if want := "5 passed, 0 failed"; !strings.Contains(stdout, want) {
			t.Fatalf("run %d: summary lacks %q:\n%s", i, want, stdout)
		}
	}
}
