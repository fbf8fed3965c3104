package prove

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// mutants is each mutant of a step's proof with its status, in order
// ("zero size killed, off screen skipped").
func mutants(s report.StepResult) string {
	var got []string
	if s.Proof != nil {
		for _, m := range s.Proof.Mutants {
			got = append(got, m.Name+" "+m.Status)
		}
	}
	return strings.Join(got, ", ")
}

// wantMutants fails t for each step of res whose mutants are not want's.
func wantMutants(t *testing.T, res *report.RunResult, want map[int]string) {
	t.Helper()
	for _, s := range res.Steps[1:] {
		if got := mutants(s); got != want[s.Step] {
			t.Errorf("step %d (%s): got %s, want %s", s.Step, s.Description, got, want[s.Step])
		}
	}
}

const cellsPage = `<!doctype html><title>Invoices</title>
<table><tr><th id="rh" scope="row">Kowno River</th><td id="cell">Invoice 42</td><td>Paid</td></tr></table>
<p id="line">Total: <span id="sum">$18.00</span> today</p>
<div style="overflow:hidden;height:60px"><a id="pic" href="#"><img alt="Blue mug" style="width:200px;height:120px" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></a></div>
<p id="saved">Saved <span style="position:fixed;left:0;top:0;background:#fff">!</span></p>
<svg width="200" height="60"><g id="chart" role="img" aria-label="Sales chart"><rect width="150" height="50" fill="#36c"></rect></g></svg>`

// TestHidingTakesOrIsSkipped proves checks of a table cell, a row header,
// an inline span, a link around an image, a text whose element holds
// a fixed part and an SVG group: each mutation that hides makes sure it
// took, by the page's geometry (a cell given no width keeps its content's,
// so it is made a block first; a cover goes over the image the link
// shows, not the link's line of text), and one that cannot take on the
// element is skipped with why, never counted: a fixed part stays in the
// window when its element goes off screen, and an SVG group has no CSS
// box to size or place.
func TestHidingTakesOrIsSkipped(t *testing.T) {
	base := serve(t, map[string]string{"/cells": cellsPage})
	res, err := proveRun(t, base, scenarioAt("/cells",
		checkOf(t, sandy.Check{Kind: "text", Element: `cell "Invoice 42"`, Value: "Invoice 42"}, "#cell"),
		checkOf(t, sandy.Check{Kind: "visible", Element: `rowheader "Kowno River"`}, "#rh"),
		checkOf(t, sandy.Check{Kind: "text", Element: `paragraph "Total"`, Value: "$18.00"}, "#line"),
		checkOf(t, sandy.Check{Kind: "visible", Element: `img "Blue mug"`}, "#pic"),
		checkOf(t, sandy.Check{Kind: "text", Element: `paragraph "Saved"`, Value: "Saved"}, "#saved"),
		checkOf(t, sandy.Check{Kind: "visible", Element: `img "Sales chart"`}, "#chart"),
	))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	t.Logf("\n%s", proofs(res))
	text := "text changed killed, display none killed, visibility hidden killed, zero size killed, off screen killed, covered killed, detached killed"
	shown := "display none killed, visibility hidden killed, zero size killed, off screen killed, covered killed, named shown skipped"
	want := map[int]string{
		2: text,
		3: shown,
		4: text,
		5: shown,
		6: "text changed killed, display none killed, visibility hidden killed, zero size killed, off screen skipped, covered killed, detached killed",
		7: "display none killed, visibility hidden killed, zero size skipped, off screen skipped, covered killed, named shown skipped",
	}
	wantMutants(t, res, want)
	for i, el := range map[int]string{5: "p#saved", 6: "g#chart"} {
		for _, m := range res.Steps[i].Proof.Mutants {
			if m.Status == "skipped" && m.Name != "named shown" && !strings.Contains(m.Message, "did not take on "+el+": its box stays") {
				t.Errorf("%s skipped saying %q: want it to say it did not take on %s, and why", m.Name, m.Message, el)
			}
		}
	}
}

const slotsPage = `<!doctype html><title>Slots</title>
<script>
customElements.define('x-panel', class extends HTMLElement { connectedCallback() {
  this.attachShadow({mode: 'open'}).innerHTML = '<section><h2><slot name="title">Untitled</slot></h2><slot></slot></section>'; } });
customElements.define('x-alert', class extends HTMLElement { connectedCallback() {
  this.attachShadow({mode: 'open'}).innerHTML = '<div part="base" role="alert"><div part="icon">i</div> <div part="message"><slot></slot></div> <button>Close</button></div>'; } });
</script>
<x-panel><span slot="title">Newsletter</span><p>Weekly news</p></x-panel>
<x-alert>Your account was deleted</x-alert>`

// TestSlottedText proves text checks through open shadow roots whose
// text is slotted in from the page, as a Lit panel's title and a
// Shoelace alert's message are: text changed changes the slotted text a
// person sees, not the slot's fallback content nor the space between the
// shadow tree's tags, and says so only when the text the check reads no
// longer says it; the part of the shadow tree that shows the slotted
// text hidden any way, the check fails (commandgen's showsDeep: before
// it, such a check asked only that its own element be visible).
func TestSlottedText(t *testing.T) {
	base := serve(t, map[string]string{"/slots": slotsPage})
	res, err := proveRun(t, base, scenarioAt("/slots",
		checkOf(t, sandy.Check{Kind: "text", Element: `heading "Newsletter"`, Value: "Newsletter", Shadow: true}, "x-panel >> h2"),
		checkOf(t, sandy.Check{Kind: "text", Element: "alert", Value: "Your account was deleted", Shadow: true}, "x-alert >> [role=alert]"),
	))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	t.Logf("\n%s", proofs(res))
	for _, s := range res.Steps[1:] {
		var survived []string
		for _, m := range s.Proof.Mutants {
			if m.Name == "text changed" && (m.Status != "killed" || !strings.HasPrefix(m.Did, "changed ") || !strings.HasSuffix(m.Did, " in 1 text")) {
				t.Errorf("step %d: text changed %s (%s): want it killed, one text changed", s.Step, m.Status, m.Did)
			}
			if m.Status != "killed" {
				survived = append(survived, m.Name+" "+m.Status)
			}
		}
		if len(survived) > 0 {
			t.Errorf("step %d: %s, want every mutant killed", s.Step, strings.Join(survived, ", "))
		}
	}
}

// TestCoveredScrollsOnlyWhenItMust proves a text already in the window
// on a long page that counts its scroll events, as a page that loads more
// as it is scrolled does: covered puts its cover where the text is,
// without scrolling the page.
func TestCoveredScrollsOnlyWhenItMust(t *testing.T) {
	page := `<!doctype html><title>Feed</title><div style="height:500px"></div><p id="news">Ten new stories</p><div style="height:3000px"></div>
<script>window.scrolls = 0; addEventListener('scroll', () => window.scrolls++);</script>`
	base := serve(t, map[string]string{"/feed": page})
	res, err := proveRun(t, base, scenarioAt("/feed",
		checkOf(t, sandy.Check{Kind: "text", Value: "Ten new stories"}, ""),
		sandy.Step{Tool: "mcp__playwright__browser_evaluate", Params: map[string]any{"function": "() => { if (window.scrolls) throw new Error('scrolled ' + window.scrolls + ' times'); return 'still'; }"}}))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	if p := res.Steps[1].Proof; p == nil || !p.Proven() {
		t.Errorf("not proven:\n%s", proofs(res))
	}
}

// dialogPages are dialogs as the APG examples draw them (a box moved to
// the middle by a transform, in a fixed backdrop that scrolls) and as
// <dialog> shows one (in the top layer).
var dialogPages = map[string]string{
	"/apg": `<!doctype html><title>Address</title>
<style>.backdrop { position: fixed; inset: 0; overflow-y: auto; background: rgba(0, 0, 0, 0.3) }
[role=dialog] { position: absolute; top: 2rem; left: 50vw; transform: translateX(-50%); background: #fff; padding: 1em }</style>
<main><h1>Checkout</h1></main>
<div class="backdrop"><div role="dialog" id="added" aria-label="Address Added"><p id="msg">The address was added.</p><button>OK</button></div></div>`,
	"/native": `<!doctype html><title>Discard</title>
<dialog id="confirm" aria-label="Discard notes"><p id="ask">Discard all of your notes?</p><button>Discard</button></dialog>
<script>document.getElementById('confirm').showModal();</script>`,
}

// TestOffScreenInDialogs proves checks of a dialog and of its text, as
// the APG examples draw them and as <dialog> shows them: off screen
// takes each off the page (the backdrop scrolls, but nothing before the
// start of what it scrolls can be scrolled to; the dialog's transform
// holds its fixed text as a box it moves), and the checks fail there.
func TestOffScreenInDialogs(t *testing.T) {
	base := serve(t, dialogPages)
	shown := "display none killed, visibility hidden killed, zero size killed, off screen killed, covered killed, named shown skipped"
	text := "text changed killed, display none killed, visibility hidden killed, zero size killed, off screen killed, covered killed, detached killed"
	for path, checks := range map[string][]sandy.Step{
		"/apg": {
			checkOf(t, sandy.Check{Kind: "visible", Element: `dialog "Address Added"`}, "#added"),
			checkOf(t, sandy.Check{Kind: "visible", Element: `dialog "Address Added"`, Value: "Address Added", Values: []string{"alertdialog", "dialog"}}, ""),
			checkOf(t, sandy.Check{Kind: "text", Element: `paragraph "The address was added."`, Value: "The address was added."}, "#msg"),
		},
		"/native": {
			checkOf(t, sandy.Check{Kind: "visible", Element: `dialog "Discard notes"`}, "#confirm"),
			checkOf(t, sandy.Check{Kind: "text", Element: `paragraph "Discard all of your notes?"`, Value: "Discard all of your notes?"}, "#ask"),
		},
	} {
		res, err := proveRun(t, base, scenarioAt(path, checks...))
		if err != nil || !res.Success {
			t.Fatalf("%s: err %v, success %v, error %q\n%s", path, err, res.Success, res.Error, proofs(res))
		}
		t.Logf("%s:\n%s", path, proofs(res))
		want := map[int]string{}
		for _, s := range res.Steps[1:] {
			want[s.Step] = shown
			if s.Proof != nil && strings.Contains(s.Proof.Reads, "showing") {
				want[s.Step] = text
			}
		}
		wantMutants(t, res, want)
	}
}
