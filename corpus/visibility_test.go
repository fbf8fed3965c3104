package corpus

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/spectest"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// visibilityCases are pages of one button, Target, that a person sees or
// does not: whether it is shown is decided twice, by the Sandy check
// (internal/pagejs/aria.js's vis) and by the exported spec's (pwspec/helpers.ts's
// countShown), two copies of one rule in two languages.
var visibilityCases = []struct {
	name, html string
	shown      bool
}{
	{"plain", `<button id="t">Target</button>`, true},
	{"below-the-fold", `<div style="height:3000px"></div><button id="t">Target</button>`, true},
	{"scrolled-away-in-a-box", `<div style="overflow:auto;height:40px"><div style="height:200px"></div><button id="t">Target</button></div>`, true},
	{"scrolled-away-in-a-right-to-left-box", `<div dir="rtl" style="overflow:auto;width:200px"><div style="width:2000px;text-align:left"><button id="t">Target</button></div></div>`, true},
	{"fixed-beside-its-scrolling-box", `<div style="overflow:auto;width:200px;height:40px"><button id="t" style="position:fixed;left:400px;top:300px">Target</button></div>`, true},
	{"under-a-see-through-layer", `<button id="t">Target</button><div style="position:fixed;inset:0;background:rgba(0,0,0,0.3)"></div>`, true},
	{"display-none", `<button id="t" style="display:none">Target</button>`, false},
	{"hidden-parent", `<div hidden><button id="t">Target</button></div>`, false},
	{"closed-details", `<details><summary>More</summary><button id="t">Target</button></details>`, false},
	{"visibility-hidden", `<button id="t" style="visibility:hidden">Target</button>`, false},
	{"opacity-zero", `<button id="t" style="opacity:0">Target</button>`, false},
	{"zero-size", `<button id="t" style="width:0;height:0;padding:0;border:0;overflow:hidden">Target</button>`, false},
	{"left-of-the-page", `<button id="t" style="position:absolute;left:-9999px">Target</button>`, false},
	{"left-of-a-scrolling-box", `<div style="overflow:auto;height:40px"><button id="t" style="position:relative;left:-9999px">Target</button></div>`, false},
	{"fixed-off-screen-in-a-scrolling-box", `<div style="position:fixed;inset:0;overflow-y:auto"><div style="margin:20px"><button id="t" style="position:fixed;left:-9999px;top:-9999px">Target</button></div></div>`, false},
	{"fixed-off-screen-in-a-transformed-dialog", `<div style="position:fixed;inset:0;overflow-y:auto"><div style="position:absolute;top:20px;left:50%;transform:translateX(-50%)"><p>Discard?</p><button id="t" style="position:fixed;left:-9999px;top:-9999px">Target</button></div></div>`, false},
	{"visually-hidden", `<button id="t" style="position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden">Target</button>`, false},
	{"clip-path", `<button id="t" style="position:absolute;clip-path:inset(50%)">Target</button>`, false},
	{"clipped-by-its-box", `<div style="overflow:hidden;height:20px"><div style="height:100px"></div><button id="t">Target</button></div>`, false},
	{"covered-by-a-banner", `<button id="t">Target</button><div style="position:fixed;inset:0;background:white"></div>`, false},
}

// TestVisibilityAgrees: on every visibility case, the check that the
// button is shown (by its target) and the check that it is not (by role
// and name), and the checks that its text is shown or gone (in the
// button, by its target, and in the page), hold or fail as a person sees it, both as Sandy checks
// replayed through the built-in server and as the exported specs under
// npx playwright test: the two copies of the rule agree.
func TestVisibilityAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("the checks run in a real browser")
	}
	testkit.PlaywrightTest(t)
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/vis/")
		for _, c := range visibilityCases {
			if c.name == name {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprintf(w, "<!doctype html><title>%s</title><body>%s</body>", c.name, c.html)
				return
			}
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	// A second for a check that must fail; one that holds returns at once.
	o := &commandgen.CallOptions{CheckTimeout: time.Second}
	// The specs that must hold wait as TestCorpusSpecs's do (an eighth of
	// passingSpecTimeout: a loaded machine), those that must fail the
	// config's own expect timeout; each folder has its npx playwright test.
	dirs := map[bool]string{true: t.TempDir(), false: t.TempDir()}
	var names []string
	holds := map[string]bool{}
	exports := map[string]*sandy.Scenario{}
	for _, c := range visibilityCases {
		nav := step.Step{Kind: step.Navigate, Value: "{{BASE_URL}}/vis/" + c.name, Action: "open the " + c.name + " page"}
		for _, f := range []struct {
			form   string
			check  step.Step
			target string
			holds  bool
		}{
			{"shown", step.Step{Kind: step.AssertVisible, Role: "button", Element: `button "Target"`, Action: "verify the Target button is shown"}, "#t", c.shown},
			{"not-shown", step.Step{Kind: step.AssertVisible, Negated: true, Values: []string{"button"}, Value: "Target", Action: "verify the Target button is not shown"}, "", !c.shown},
			// Text checks read the text where a person sees it: anchored
			// by the element's id, a hidden element's text is not shown.
			{"text-in", step.Step{Kind: step.AssertText, Role: "button", Element: `button "Target"`, Value: "Target", Action: "verify the Target button shows Target"}, "#t", c.shown},
			{"text", step.Step{Kind: step.AssertText, Value: "Target", Action: "verify the page shows Target"}, "", c.shown},
			{"gone-in", step.Step{Kind: step.AssertGone, Role: "button", Element: `button "Target"`, Value: "Target", Action: "verify the Target button no longer shows Target"}, "#t", !c.shown},
			{"gone", step.Step{Kind: step.AssertGone, Value: "Target", Action: "verify Target is gone"}, "", !c.shown},
		} {
			name := c.name + "-" + f.form
			sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: name}, Variables: map[string]any{"BASE_URL": srv.URL}}
			for i, s := range []step.Step{nav, f.check} {
				target := ""
				if i == 1 {
					target = f.target
				}
				call, err := o.Call(s, target)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				sc.Steps = append(sc.Steps, sandy.Step{Step: i + 1, Tool: "mcp__playwright__" + call.Tool, Params: call.Args, Description: s.Action, Check: commandgen.Record(s)})
			}
			spec, err := pwspec.Generate(sc, &pwspec.Options{Intents: []step.Step{nav, f.check}})
			if err == nil && !f.holds {
				// Marked to fail, so that its failure keeps its worker and
				// browser; whether it failed is read all the same.
				spec, err = spectest.ExpectFailure(spec)
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := os.WriteFile(filepath.Join(dirs[f.holds], name+".spec.ts"), spec, 0o644); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
			holds[name] = f.holds
			exports[name] = sc
		}
	}
	if err := spectest.WriteConfig(dirs[true], pwspec.Config(), passingSpecTimeout/8); err != nil {
		t.Fatal(err)
	}
	writeSpecConfig(t, dirs[false])
	specOut, specFailed := make(chan string, 1), make(chan map[string]bool, 1)
	go func() {
		out, failed := runSpecTest(t, dirs[true], srv.URL, workers)
		out2, failed2 := runSpecTest(t, dirs[false], srv.URL, workers)
		if failed == nil {
			failed = map[string]bool{}
		}
		maps.Copy(failed, failed2)
		specOut <- out + out2
		specFailed <- failed
	}()
	replayed := make([]error, len(names))
	passed := make([]bool, len(names))
	each(len(names), func(i int) {
		r, err := replayOne(context.Background(), srv.URL, exports[names[i]])
		replayed[i], passed[i] = err, err == nil && r.Success
	})
	out, failed := <-specOut, <-specFailed
	bad := false
	for i, name := range names {
		word := map[bool]string{true: "holds", false: "fails"}
		if replayed[i] != nil {
			t.Errorf("%s: the Sandy replay did not run: %v", name, replayed[i])
			continue
		}
		if passed[i] != holds[name] {
			t.Errorf("%s: the Sandy check %s, want it to %s", name, word[passed[i]], strings.TrimSuffix(word[holds[name]], "s"))
		}
		if !failed[name] != holds[name] {
			t.Errorf("%s: the spec's check %s, want it to %s", name, word[!failed[name]], strings.TrimSuffix(word[holds[name]], "s"))
			bad = true
		}
	}
	if bad {
		t.Logf("npx playwright test:\n%s", out)
	}
}
