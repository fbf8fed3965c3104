package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/heal"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// copyDemo copies the compiled demo scenario called name into a folder of
// the test's own (heals are written beside it) and returns its path.
func copyDemo(t *testing.T, name string) string {
	t.Helper()
	src, _ := compiledDemo(t, name)
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), name+".json")
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// healTimeout is the step timeout of the replays that heal or refuse to:
// the wait for the old target is spent first, and the healed action then
// gets as long; 2 s was once too short under make test's load, for a healed
// click and for an ordinary click before the step that must not heal, and
// 5 s for the login click before the heal on a fresh clone's CI run (the
// machine busy on both cores): 10 s, as the other replays here.
const healTimeout = "10s"

// The products move from article cards to a list, with other test ids: the
// compiled scenarios fail; with --heal they are HEALED (exit 4), proposals
// are written beside them and the scenarios are untouched; the proposals
// replay green with no heal; --heal=accept replaces the scenario.
func TestHealRelistedShop(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	file := copyDemo(t, "mug")
	before, _ := os.ReadFile(file)
	relisted := serveShop(t, &demoshop.Options{Relist: true})
	base := []string{"replay", file, "--var", "PASSWORD=demo123", "--var", "BASE_URL=" + relisted, "--timeout", healTimeout, "--report", t.TempDir()}

	if code, stdout, stderr := runCLI(t, base...); code != exitFailed {
		t.Fatalf("without --heal: exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr := runCLI(t, append(base, "--heal", "--json")...)
	if code != exitHealed {
		t.Fatalf("--heal: exit %d, want 4\n%s\n%s", code, stdout, stderr)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res["healed"] != 1.0 || res["success"] != false {
		t.Errorf("healed %v, success %v: want 1 healed scenario, not a success", res["healed"], res["success"])
	}
	heals := res["scenarios"].([]any)[0].(map[string]any)["heals"].([]any)
	h := heals[0].(map[string]any)
	if !strings.Contains(h["old_target"].(string), "product-blue-mug") || strings.Contains(h["new_target"].(string), "product-blue-mug") ||
		!strings.Contains(h["element"].(string), `button "Add to cart"`) {
		t.Errorf("heal %v: want the card's test id replaced for the same button", h)
	}
	if !strings.Contains(stderr, "HEALED") || !strings.Contains(stderr, "old target") || !strings.Contains(stderr, "new target") {
		t.Errorf("console:\n%s\nwant HEALED with the old and new targets", stderr)
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Errorf("the scenario was changed without --heal=accept")
	}
	healed := strings.TrimSuffix(file, ".json") + ".healed.json"
	diff, err := os.ReadFile(strings.TrimSuffix(file, ".json") + ".healed.diff")
	if err != nil || !strings.Contains(string(diff), "-") || !strings.Contains(string(diff), "product-blue-mug") {
		t.Errorf("diff %q (%v): want a unified diff removing the old target", diff, err)
	}
	// The proposal replays green on the new site, with no heal.
	if code, stdout, stderr := runCLI(t, "replay", healed, "--var", "PASSWORD=demo123", "--var", "BASE_URL="+relisted, "--report", t.TempDir()); code != exitOK {
		t.Fatalf("replay of the proposal: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Accepted, the scenario itself is replaced and passes.
	if code, stdout, stderr := runCLI(t, append(base, "--heal=accept")...); code != exitHealed {
		t.Fatalf("--heal=accept: exit %d, want 4\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runCLI(t, base...); code != exitOK {
		t.Fatalf("replay after --heal=accept: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// oddLayout lays a compiled scenario out as no tool of plaintest would:
// keys plaintest does not know (metadata.tags, top-level and step x_…
// extensions, a step's own timeout, text outside ASCII), tabs and CRLF.
func oddLayout(t *testing.T, b []byte) []byte {
	t.Helper()
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatal(err)
	}
	s := c.String()
	s = strings.Replace(s, `{`, `{"x_ci":{"shard":2,"note":"café"},`, 1)
	s = strings.Replace(s, `"metadata":{`, `"metadata":{"tags":["smoke","checkout"],`, 1)
	s = strings.ReplaceAll(s, `{"step":`, `{"timeout":10,"x_owner":"qa","step":`)
	var out bytes.Buffer
	if err := json.Indent(&out, []byte(s), "", "\t"); err != nil {
		t.Fatal(err)
	}
	return bytes.ReplaceAll(out.Bytes(), []byte("\n"), []byte("\r\n"))
}

// jsonString is s as plaintest's heal writes it into a file that is not
// all ASCII: JSON, no HTML escaping.
func jsonString(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// --heal=accept on a scenario laid out by hand, with keys plaintest does
// not know, changes the healed target and element values and no other
// byte; the diff shows the two healed lines only.
func TestHealKeepsTheFile(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	file := copyDemo(t, "mug")
	b, _ := os.ReadFile(file)
	before := oddLayout(t, b)
	if err := os.WriteFile(file, before, 0o644); err != nil {
		t.Fatal(err)
	}
	relisted := serveShop(t, &demoshop.Options{Relist: true})
	code, stdout, stderr := runCLI(t, "replay", file, "--var", "PASSWORD=demo123", "--var", "BASE_URL="+relisted,
		"--timeout", healTimeout, "--report", t.TempDir(), "--heal=accept", "--json")
	if code != exitHealed {
		t.Fatalf("--heal=accept: exit %d, want 4\n%s\n%s", code, stdout, stderr)
	}
	var res struct {
		Scenarios []struct{ Heals []rpt.Heal }
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Scenarios) != 1 || len(res.Scenarios[0].Heals) != 1 {
		t.Fatalf("--json: %v, want one heal\n%s", err, stdout)
	}
	h := res.Scenarios[0].Heals[0]
	want := string(before)
	for _, kv := range [][2]string{{h.OldTarget, h.NewTarget}, {oldElementOf(t, before, h.Step), h.NewElement}} {
		old := jsonString(t, kv[0])
		if strings.Count(want, old) != 1 {
			t.Fatalf("the file does not write %s once:\n%s", old, want)
		}
		want = strings.Replace(want, old, jsonString(t, kv[1]), 1)
	}
	after, _ := os.ReadFile(file)
	if string(after) != want {
		t.Errorf("accepted file =\n%s\nwant the original with only the target and element replaced:\n%s", after, want)
	}
	diff, _ := os.ReadFile(strings.TrimSuffix(file, ".json") + ".healed.diff")
	changed := 0
	for _, l := range strings.Split(string(diff), "\n") {
		if (strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+")) && !strings.HasPrefix(l, "---") && !strings.HasPrefix(l, "+++") {
			changed++
		}
	}
	if changed != 4 {
		t.Errorf("diff changes %d lines, want the target and element lines (4):\n%s", changed, diff)
	}
	if _, err := sandy.Load(file); err != nil {
		t.Errorf("the accepted file does not validate: %v", err)
	}
}

// oldElementOf is the element param of the step numbered step in data.
func oldElementOf(t *testing.T, data []byte, step int) string {
	t.Helper()
	sc, err := sandy.Parse(data, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range sc.Steps {
		if st.Step == step {
			e, _ := st.Params["element"].(string)
			return e
		}
	}
	t.Fatalf("no step %d", step)
	return ""
}

// What must not heal: a button renamed to another action, a changed price
// (a check), and a real regression (the item never reaches the cart) fail
// with or without --heal.
func TestHealRefuses(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	tests := []struct {
		name, scenario string
		opts           demoshop.Options
		want           string // in the output of the run with --heal
	}{
		{"a renamed action", "remove", demoshop.Options{RemoveLabel: "Archive"}, "not healed"},
		{"a changed price", "lines", demoshop.Options{Mutant: "price-drift"}, "$24.00"},
		{"an item that never reaches the cart", "mug", demoshop.Options{Relist: true, Mutant: "add-noop"}, "1 item"},
	}
	var names []string
	for _, tt := range tests {
		names = append(names, tt.name)
	}
	together(t, names, len(tests), func(t *testing.T, i int) {
		tt := tests[i]
		file := copyDemo(t, tt.scenario)
		site := serveShop(t, &tt.opts)
		for _, heal := range []bool{false, true} {
			args := []string{"replay", file, "--var", "PASSWORD=demo123", "--var", "BASE_URL=" + site, "--timeout", healTimeout, "--report", t.TempDir()}
			if heal {
				args = append(args, "--heal")
			}
			code, stdout, stderr := runCLI(t, args...)
			if code != exitFailed || (heal && !strings.Contains(stdout+stderr, tt.want)) {
				t.Errorf("--heal %v: exit %d, want 1 mentioning %q\n%s\n%s", heal, code, tt.want, stdout, stderr)
			}
			if _, err := os.Stat(strings.TrimSuffix(file, ".json") + ".healed.json"); err == nil {
				t.Errorf("--heal %v: a failed run proposed a healed scenario", heal)
			}
		}
	})
}

// A locator that now names a different control (two buttons' test ids
// swapped) fails its identity check, naming both elements, and never
// clicks: the page shows nothing added.
func TestIdentityCheckSwappedTestIDs(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	sc := `{"version": "2.1", "metadata": {"name": "add by test id"}, "variables": {"BASE_URL": ""},
	  "steps": [
	    {"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "{{BASE_URL}}/products"}},
	    {"step": 2, "tool": "mcp__playwright__browser_click", "description": "click Add to cart for Blue Mug",
	     "params": {"element": "button \"Add to cart\" in article \"Blue Mug\"", "target": "internal:testid=[data-testid=\"add-blue-mug\"s]"}}
	  ]}`
	file := filepath.Join(t.TempDir(), "by-id.json")
	if err := os.WriteFile(file, []byte(sc), 0o644); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{"blue-mug": "add-blue-mug", "red-mug": "add-red-mug"}
	swapped := map[string]string{"blue-mug": "add-red-mug", "red-mug": "add-blue-mug"}
	if code, stdout, stderr := runCLI(t, "replay", file, "--var", "BASE_URL="+serveShop(t, &demoshop.Options{ButtonIDs: ids}), "--report", t.TempDir()); code != exitOK {
		t.Fatalf("ids in place: exit %d\n%s\n%s", code, stdout, stderr)
	}
	report := t.TempDir()
	code, stdout, stderr := runCLI(t, "replay", file, "--var", "BASE_URL="+serveShop(t, &demoshop.Options{ButtonIDs: swapped}), "--report", report, "--timeout", "2s")
	want := `target is now button "Add to cart" in article "Red Mug", compiled as button "Add to cart" in article "Blue Mug"`
	if code != exitFailed || !strings.Contains(stdout, want) {
		t.Fatalf("ids swapped: exit %d, want 1 saying %s\n%s\n%s", code, want, stdout, stderr)
	}
	snaps, _ := filepath.Glob(filepath.Join(report, "*.snapshot.md"))
	if len(snaps) != 1 {
		t.Fatalf("evidence %v, want the page snapshot", snaps)
	}
	page, _ := os.ReadFile(snaps[0])
	if strings.Contains(string(page), "added to cart") || !strings.Contains(string(page), "Blue Mug") {
		t.Errorf("the page after the failure shows an item added; the click happened:\n%s", page)
	}
}

// refAfter is the ref of the first line of page matching button after the
// line that mentions near (the Add to cart button of one product).
func refAfter(page, near, button string) string {
	i := strings.Index(page, near)
	if i < 0 {
		return ""
	}
	m := regexp.MustCompile(regexp.QuoteMeta(button) + ` \[(?:ref=)?([a-z0-9]+)\]`).FindStringSubmatch(page[i:])
	if m == nil {
		return ""
	}
	return m[1]
}

// withModelStep rewrites the compiled mug scenario at file: its Add to
// cart step says what it does in words the rules cannot read, so that a
// heal asks the model, and its target holds a variable.
func withModelStep(t *testing.T, file string) {
	t.Helper()
	b, _ := os.ReadFile(file)
	s := strings.Replace(string(b), `"description": "click Add to cart for Blue Mug"`, `"description": "get me one of those Blue Mugs"`, 1)
	s = strings.Replace(s, `product-blue-mug`, `product-{{PRODUCT}}`, 1)
	s = strings.Replace(s, `"PASSWORD": ""`, `"PASSWORD": "", "PRODUCT": "blue-mug"`, 1)
	if s == string(b) || strings.Count(s, "{{PRODUCT}}") != 1 || !strings.Contains(s, "Blue Mugs") {
		t.Fatalf("the mug scenario is not as this test expects:\n%s", b)
	}
	if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// replay --heal with a model set up (OPENAI_BASE_URL at the fake server):
// the model reads the step the rules cannot, within the scenario's
// BASE_URL; the run is HEALED (exit 4) and the proposal keeps the
// target's {{PRODUCT}}. No secret value reaches the model or a file. A
// model that picks the same button in another product's card heals
// nothing.
func TestHealWithModel(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	relisted := serveShop(t, &demoshop.Options{Relist: true})
	pick := "Blue Mug"
	m := newModelServer(t, 2000, []string{"demo123"}, func(r *openaitest.Request) openaitest.Reply {
		if !strings.Contains(r.Action(), "Blue Mugs") {
			t.Errorf("the model was asked %q", r.Action())
		}
		return answer(openaitest.Call("click", refAfter(r.Page(), pick, `button "Add to cart"`), ""))
	})
	file := copyDemo(t, "mug")
	withModelStep(t, file)
	args := []string{"replay", file, "--var", "PASSWORD=demo123", "--var", "BASE_URL=" + relisted, "--timeout", healTimeout,
		"--report", t.TempDir(), "--heal", "--json", "--no-cache", "--model-timeout", "20s"}

	code, stdout, stderr := runCLIEnv(t, modelEnv(m), args...)
	if code != exitHealed {
		t.Fatalf("--heal with a model: exit %d, want 4\n%s\n%s", code, stdout, stderr)
	}
	if len(m.Requests()) == 0 {
		t.Fatalf("the model was never asked")
	}
	var res struct {
		Scenarios []struct{ Heals []rpt.Heal }
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Scenarios) != 1 || len(res.Scenarios[0].Heals) != 1 {
		t.Fatalf("--json: %v, want one heal\n%s", err, stdout)
	}
	h := res.Scenarios[0].Heals[0]
	if h.Found != "rules or test-model" || !strings.Contains(h.OldTarget, "product-{{PRODUCT}}") || !strings.Contains(h.NewTarget, "{{PRODUCT}}") ||
		strings.Contains(h.NewTarget, "blue-mug") || !strings.Contains(h.NewElement, `button "Add to cart"`) {
		t.Errorf("heal %+v: want the model's, the targets with {{PRODUCT}}", h)
	}
	healed, _ := heal.Paths(file)
	proposal, err := os.ReadFile(healed)
	if err != nil {
		t.Fatalf("no proposal: %v\n%s", err, stderr)
	}
	if !strings.Contains(string(proposal), h.NewTarget[:20]) || strings.Contains(string(proposal), "demo123") {
		t.Errorf("proposal:\n%s\nwant the new target, no secret value", proposal)
	}
	if strings.Contains(stdout+stderr, "demo123") {
		t.Errorf("the output holds the secret value:\n%s\n%s", stdout, stderr)
	}
	// The proposal replays green on the new site with no heal and no model.
	if code, stdout, stderr := runCLI(t, "replay", healed, "--var", "PASSWORD=demo123", "--var", "BASE_URL="+relisted, "--report", t.TempDir()); code != exitOK {
		t.Fatalf("replay of the proposal: exit %d\n%s\n%s", code, stdout, stderr)
	}

	// The same button in another product's card is not a heal.
	pick = "Red Mug"
	file = copyDemo(t, "mug")
	withModelStep(t, file)
	args[1] = file
	code, stdout, stderr = runCLIEnv(t, modelEnv(m), args...)
	if code != exitFailed || !strings.Contains(stdout+stderr, `which is not in article "Blue Mug"`) {
		t.Errorf("a model picking Red Mug's button: exit %d, want 1 naming the container\n%s\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(strings.TrimSuffix(file, ".json") + ".healed.json"); err == nil {
		t.Errorf("a heal into another card was proposed")
	}
}

// --heal with a model set up in the environment builds a healer (it
// exited 2, "no origin to navigate in", before any scenario ran); a model
// server URL that is not one is bad input.
func TestHealerWithModelEnv(t *testing.T) {
	m := modelFlags{budget: 2000, timeout: time.Second, origins: listFlag{"https://sso.example"}}
	h, err := m.healer(time.Second, testGetenv(map[string]string{envBaseURL: "http://127.0.0.1:9/v1", envModel: "m"}))
	if err != nil {
		t.Fatalf("healer: %v", err)
	}
	if r, ok := h.(*heal.Rereader); !ok || r.Model == nil || r.Model.Model != "m" || len(r.Model.Origins) != 1 {
		t.Errorf("healer %#v, want a Rereader with the model and --allow-origin", h)
	}
	if h, err := m.healer(time.Second, testGetenv(nil)); err != nil || h.(*heal.Rereader).Model != nil {
		t.Errorf("no model set up: %v, %v; want the rules alone", h, err)
	}
	_, err = m.healer(time.Second, testGetenv(map[string]string{envBaseURL: "ftp://models"}))
	if exitCodeOf(err) != exitInput {
		t.Errorf("a bad model server URL: %v (exit %d), want bad input", err, exitCodeOf(err))
	}
}
