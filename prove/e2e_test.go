package prove

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if builtin.srv != nil {
		builtin.srv.Close()
	}
	os.Exit(code)
}

// builtin is the one built-in browser server of the package's tests.
var builtin struct {
	once sync.Once
	srv  *browserserver.Server
	err  error
}

// needBuiltin skips (or, under CI, fails) without the built-in server's
// driver and browser, and returns the package's server.
func needBuiltin(t *testing.T) *browserserver.Server {
	t.Helper()
	testenv.Need(t, nil)
	builtin.once.Do(func() { builtin.srv, builtin.err = browserserver.New(&browserserver.Options{NoActionSnapshots: true}) })
	if builtin.err != nil {
		testenv.Missing(t, "%v", builtin.err)
	}
	return builtin.srv
}

// serve serves each page's HTML at its path.
func serve(t *testing.T, pages map[string]string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		html, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, html)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// checkOf is a compiled check step: its record's call on target, with the
// record beside it.
func checkOf(t *testing.T, rec sandy.Check, target string) sandy.Step {
	t.Helper()
	s, err := commandgen.FromRecord(&rec, target)
	if err != nil {
		t.Fatalf("%+v: %v", rec, err)
	}
	c, err := commandgen.Call(s, target)
	if err != nil {
		t.Fatalf("%+v: %v", rec, err)
	}
	return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Check: &rec, Description: "verify " + fmt.Sprint(c.Args["element"])}
}

// scenarioAt opens path on the server, then takes steps.
func scenarioAt(path string, steps ...sandy.Step) *sandy.Scenario {
	sc := &sandy.Scenario{Version: sandy.Version, Metadata: sandy.Metadata{Name: "prove"}, Variables: map[string]any{"BASE_URL": ""},
		Steps: []sandy.Step{{Step: 1, Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "{{BASE_URL}}" + path}}}}
	for i, s := range steps {
		s.Step = i + 2
		sc.Steps = append(sc.Steps, s)
	}
	return sc
}

// proveRun replays sc on the package's server with a Prover, and returns
// the result with its proofs.
func proveRun(t *testing.T, base string, sc *sandy.Scenario) (*report.RunResult, error) {
	t.Helper()
	return proveOn(t, needBuiltin(t), base, sc)
}

// proveOn is proveRun on the server bs.
func proveOn(t *testing.T, bs *browserserver.Server, base string, sc *sandy.Scenario) (*report.RunResult, error) {
	t.Helper()
	p := New(nil)
	servers := replay.ServersFunc(func(ctx context.Context, _ string, _ replay.Needs) (replay.ToolCaller, error) {
		return bs.Connect(ctx, nil)
	})
	player := replay.New(servers, &replay.Options{Vars: []map[string]string{{"BASE_URL": base}}, AfterStep: p.AfterStep})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	res, err := player.Run(ctx, "prove.json", sc)
	p.Attach([]*report.RunResult{res})
	return res, err
}

// proofs lists each check step's proof in a line: its number, whether it
// is proven, and each mutant's status.
func proofs(res *report.RunResult) string {
	var b strings.Builder
	for _, s := range res.Steps {
		if s.Proof == nil {
			continue
		}
		fmt.Fprintf(&b, "step %d %s: proven %v", s.Step, s.Proof.Reads, s.Proof.Proven())
		for _, m := range s.Proof.Mutants {
			fmt.Fprintf(&b, "; %s %s (%s%s)", m.Name, m.Status, m.Did, m.Message)
		}
		if s.Proof.Unproven != "" {
			fmt.Fprintf(&b, "; unproven: %s", s.Proof.Unproven)
		}
		b.WriteString("\n")
	}
	return b.String()
}

const everyKindPage = `<!doctype html><title>Shop cart</title>
<h1>Your cart</h1>
<p id="status" role="status">Saved</p>
<label><input type="checkbox" id="gift" checked> Gift wrap</label>
<label>Email <input id="email" value="ada@example.com"></label>
<label>Size <select id="size"><option>Small</option><option selected>Large</option></select></label>
<ul id="cart" aria-label="Cart"><li>Milk</li><li>Bread</li><li>Eggs</li></ul>
<div role="dialog" aria-label="Help"><p>Ask us anything</p></div>
<button id="pay" aria-pressed="false">Pay</button>`

// TestEveryKindIsKilled proves a check of each kind, on a page where each
// holds: every mutation of each is killed.
func TestEveryKindIsKilled(t *testing.T) {
	base := serve(t, map[string]string{"/cart": everyKindPage})
	sc := scenarioAt("/cart",
		checkOf(t, sandy.Check{Kind: "text", Element: "the status", Value: "Saved"}, "#status"),
		checkOf(t, sandy.Check{Kind: "text", Value: "Your cart"}, ""),
		checkOf(t, sandy.Check{Kind: "gone", Value: "Payment failed"}, ""),
		checkOf(t, sandy.Check{Kind: "gone", Element: `list "Cart"`, Value: "Butter"}, "#cart"),
		checkOf(t, sandy.Check{Kind: "state", Element: `checkbox "Gift wrap"`, Value: "checked"}, "#gift"),
		checkOf(t, sandy.Check{Kind: "state", Element: `button "Pay"`, Value: "pressed", Negated: true}, "#pay"),
		checkOf(t, sandy.Check{Kind: "state", Element: `textbox "Email"`, Value: "disabled", Negated: true}, "#email"),
		checkOf(t, sandy.Check{Kind: "value", Element: `textbox "Email"`, Value: "ada@example.com", Match: "equals"}, "#email"),
		checkOf(t, sandy.Check{Kind: "value", Element: `combobox "Size"`, Value: "Large", Match: "equals"}, "#size"),
		checkOf(t, sandy.Check{Kind: "count", Element: `list "Cart"`, Value: "3", Values: []string{"listitem"}}, "#cart"),
		checkOf(t, sandy.Check{Kind: "url", Value: "/cart", Match: "contains"}, ""),
		checkOf(t, sandy.Check{Kind: "title", Value: "Shop cart", Match: "equals"}, ""),
		checkOf(t, sandy.Check{Kind: "order", Element: `list "Cart"`, Values: []string{"Milk", "Eggs"}, Match: "sequence"}, "#cart"),
		checkOf(t, sandy.Check{Kind: "order", Element: `list "Cart"`, Values: []string{"Milk"}, Match: "first"}, "#cart"),
		checkOf(t, sandy.Check{Kind: "visible", Element: `dialog "Help"`, Value: "Help", Values: []string{"dialog"}}, ""),
		checkOf(t, sandy.Check{Kind: "visible", Element: `dialog "Warning"`, Value: "Warning", Values: []string{"dialog"}, Negated: true}, ""),
		checkOf(t, sandy.Check{Kind: "visible", Element: `button "Pay"`}, "#pay"),
	)
	res, err := proveRun(t, base, sc)
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	got := proofs(res)
	t.Logf("\n%s", got)
	for _, s := range res.Steps[1:] {
		if s.Proof == nil || !s.Proof.Proven() {
			t.Errorf("step %d is not proven", s.Step)
		}
	}
	if sc := report.ScoreOf(res); sc.Checks != len(res.Steps)-1 || !sc.Held() || sc.Percent != 100 {
		t.Errorf("score %+v: want every check proven, 100%%", sc)
	}
}

// TestTamperedCheckIsVacuous proves a check whose function was changed to
// return 'ok' whatever the page: it runs as written on each broken page,
// and passes on each but the one that takes its target away.
func TestTamperedCheckIsVacuous(t *testing.T) {
	base := serve(t, map[string]string{"/cart": everyKindPage})
	tampered := checkOf(t, sandy.Check{Kind: "text", Element: "the status", Value: "Saved"}, "#status")
	tampered.Params["function"] = "async (el) => 'ok'"
	res, err := proveRun(t, base, scenarioAt("/cart", tampered))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q", err, res.Success, res.Error)
	}
	p := res.Steps[1].Proof
	if p == nil || p.Proven() || !p.AsWritten || len(p.Survived()) != len(p.Mutants)-1 || len(p.Mutants) == 0 {
		t.Fatalf("proof %s: want every mutant but detached survived, the check run as written", proofs(res))
	}
}

// TestHiddenBelowTheFold proves a check of a text far down a long page:
// covered, it is scrolled into view first, and the page's scroll comes
// back with the undo.
func TestHiddenBelowTheFold(t *testing.T) {
	page := `<!doctype html><title>Long</title><div style="height:3000px">Top</div><p id="end">The end</p>`
	base := serve(t, map[string]string{"/long": page})
	res, err := proveRun(t, base, scenarioAt("/long",
		checkOf(t, sandy.Check{Kind: "text", Value: "The end"}, ""),
		sandy.Step{Tool: "mcp__playwright__browser_evaluate", Params: map[string]any{"function": "() => { if (scrollY !== 0) throw new Error('scrolled to ' + scrollY); return 'top'; }"}}))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	if p := res.Steps[1].Proof; p == nil || !p.Proven() {
		t.Errorf("not proven:\n%s", proofs(res))
	}
}

// TestVerifyToolsWithoutRecords proves a scenario of @playwright/mcp's
// browser_verify_* tools, which carry no record: what each claims is read
// from its params. They see an element as Playwright does: one off the
// page or covered by another is visible to them, so those mutations
// survive.
func TestVerifyToolsWithoutRecords(t *testing.T) {
	base := serve(t, map[string]string{"/cart": everyKindPage})
	verify := func(tool string, params map[string]any) sandy.Step {
		return sandy.Step{Tool: "mcp__playwright__" + tool, Params: params}
	}
	sc := scenarioAt("/cart",
		verify("browser_verify_text_visible", map[string]any{"text": "Saved"}),
		verify("browser_verify_element_visible", map[string]any{"role": "button", "accessibleName": "Pay"}),
		verify("browser_verify_value", map[string]any{"type": "checkbox", "element": "Gift wrap", "target": "#gift", "value": "true"}),
		verify("browser_verify_value", map[string]any{"type": "textbox", "element": "Email", "target": "#email", "value": "ada@example.com"}),
	)
	// Its verifications wait for what they verify up to the server's
	// action timeout: a killed one costs that.
	needBuiltin(t)
	bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true, ActionTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer bs.Close()
	res, err := proveOn(t, bs, base, sc)
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	want := map[int]string{
		2: "text changed killed, display none killed, visibility hidden killed, zero size killed, off screen survived, covered survived, detached killed",
		3: "display none killed, visibility hidden killed, zero size killed, off screen survived, covered survived, named shown skipped",
		4: "state flipped killed",
		5: "value changed killed",
	}
	for _, s := range res.Steps[1:] {
		var got []string
		if s.Proof != nil {
			for _, m := range s.Proof.Mutants {
				got = append(got, m.Name+" "+m.Status)
			}
		}
		if g := strings.Join(got, ", "); g != want[s.Step] {
			t.Errorf("step %d (%s): got %s, want %s", s.Step, s.Tool, g, want[s.Step])
		}
		if s.Proof != nil && (s.Proof.From != strings.TrimPrefix(s.Tool, "mcp__playwright__") || !s.Proof.AsWritten) {
			t.Errorf("step %d: from %q, as written %v: want the tool, as written", s.Step, s.Proof.From, s.Proof.AsWritten)
		}
	}
}

const shadowAndFramePage = `<!doctype html><title>Parts</title>
<script>customElements.define('x-card', class extends HTMLElement { connectedCallback() {
  this.attachShadow({mode: 'open'}).innerHTML = '<h2>Blue Mug</h2><p>$12.00</p><ul><li>Small</li><li>Large</li></ul>'; } });</script>
<x-card id="card"></x-card>
<p>Twice: Free shipping</p><p>And again: Free shipping</p>
<iframe name="f" srcdoc="<p id=inner role=status>Paid</p>"></iframe>`

// TestShadowFrameAndTwice proves checks that read through an open shadow
// root, one of an element in a frame, and a text the page shows twice:
// every mutation is killed, the element that shows the text in the
// shadow tree zero-sized, off screen or covered too (commandgen's
// showsDeep).
func TestShadowFrameAndTwice(t *testing.T) {
	base := serve(t, map[string]string{"/parts": shadowAndFramePage})
	res, err := proveRun(t, base, scenarioAt("/parts",
		checkOf(t, sandy.Check{Kind: "text", Element: "the card", Value: "$12.00", Shadow: true}, "#card"),
		checkOf(t, sandy.Check{Kind: "count", Element: "the card", Value: "2", Values: []string{"listitem"}, Shadow: true}, "#card"),
		checkOf(t, sandy.Check{Kind: "text", Value: "Free shipping"}, ""),
		checkOf(t, sandy.Check{Kind: "text", Element: "the status", Value: "Paid"}, `iframe[name="f"] >> internal:control=enter-frame >> #inner`),
	))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	t.Logf("\n%s", proofs(res))
	for _, s := range res.Steps[1:] {
		var survived []string
		if s.Proof != nil {
			for _, m := range s.Proof.Survived() {
				survived = append(survived, m.Name)
			}
		}
		if s.Proof == nil || len(s.Proof.Killed()) == 0 || len(survived) > 0 {
			t.Errorf("step %d: survived %q, want none", s.Step, survived)
		}
	}
}

const statesPage = `<!doctype html><title>States</title>
<details id="more"><summary id="sum">More</summary><p>Hidden part</p></details>
<button id="menu" aria-expanded="true">Menu</button>
<div role="tablist"><button role="tab" id="t1" aria-selected="true">One</button><button role="tab" id="t2" aria-selected="false">Two</button></div>
<nav><a id="home" href="#" aria-current="page">Home</a> <ul><li class="active"><a id="shop" href="#">Shop</a></li></ul></nav>
<input id="name" aria-label="Name" required>
<input id="code" aria-label="Code" readonly value="X1">
<input id="mail" aria-label="Mail" type="email" value="not an email">
<table><thead><tr><th id="col" aria-sort="ascending">Price</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>
<input type="checkbox" id="all" aria-label="All">
<script>document.getElementById('all').indeterminate = true; document.getElementById('name').focus();</script>
<input id="empty" aria-label="Note" value="">
<input id="vol" type="range" min="0" max="10" value="3" aria-label="Volume">
<div role="listbox" id="lb" aria-label="Fruit"><div role="option" aria-selected="true">Apple</div><div role="option" aria-selected="false">Pear</div></div>
<ol id="steps" aria-label="Steps"><li>Wash</li><li>Cut</li><li>Cook</li></ol>
<ul id="none" aria-label="None"></ul>`

// TestStatesAndValuesAreKilled proves a check of each state and of each
// kind of value, and the places an order check reads.
func TestStatesAndValuesAreKilled(t *testing.T) {
	base := serve(t, map[string]string{"/states": statesPage})
	state := func(target, value string, negated bool) sandy.Step {
		return checkOf(t, sandy.Check{Kind: "state", Element: target, Value: value, Negated: negated}, target)
	}
	sc := scenarioAt("/states",
		state("#sum", "expanded", true),
		state("#menu", "expanded", false),
		state("#t1", "selected", false),
		state("#t2", "selected", true),
		state("#home", "current", false),
		state("#shop", "current", false),
		state("#name", "required", false),
		state("#name", "focused", false),
		state("#code", "readonly", false),
		state("#mail", "invalid", false),
		state("#col", "sorted ascending", false),
		state("#all", "mixed", false),
		state("#code", "disabled", true),
		checkOf(t, sandy.Check{Kind: "value", Element: "#empty", Value: "", Match: "equals"}, "#empty"),
		checkOf(t, sandy.Check{Kind: "value", Element: "#vol", Value: "3", Match: "now"}, "#vol"),
		checkOf(t, sandy.Check{Kind: "value", Element: "#lb", Value: "Apple", Match: "equals"}, "#lb"),
		checkOf(t, sandy.Check{Kind: "value", Element: "#code", Value: "Y2", Negated: true}, "#code"),
		checkOf(t, sandy.Check{Kind: "order", Element: "#steps", Values: []string{"Cook"}, Match: "last"}, "#steps"),
		checkOf(t, sandy.Check{Kind: "order", Element: "#steps", Values: []string{"Cut"}, Match: "nth:2"}, "#steps"),
		checkOf(t, sandy.Check{Kind: "count", Element: "#none", Value: "0", Values: []string{"listitem"}}, "#none"),
		checkOf(t, sandy.Check{Kind: "title", Value: "Cart", Match: "equals", Negated: true}, ""),
		checkOf(t, sandy.Check{Kind: "url", Value: "/admin", Match: "contains", Negated: true}, ""),
	)
	res, err := proveRun(t, base, sc)
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	for _, s := range res.Steps[1:] {
		if s.Proof == nil || !s.Proof.Proven() {
			t.Errorf("step %d is not proven:\n%s", s.Step, proofs(res))
		}
	}
}

// TestCoveredWhereTheWindowShowsIt proves a check of a text the page shows
// at its top and far below: no window shows both, and an element out of
// the window counts as shown to a check (a person scrolls to it), so
// covered is skipped rather than survived; the other mutations kill it.
func TestCoveredWhereTheWindowShowsIt(t *testing.T) {
	page := `<!doctype html><title>Far</title><p>Free shipping</p><div style="height:3000px"></div><p>Free shipping</p>`
	base := serve(t, map[string]string{"/far": page})
	res, err := proveRun(t, base, scenarioAt("/far", checkOf(t, sandy.Check{Kind: "text", Value: "Free shipping"}, "")))
	if err != nil || !res.Success {
		t.Fatalf("err %v, success %v, error %q\n%s", err, res.Success, res.Error, proofs(res))
	}
	p := res.Steps[1].Proof
	if p == nil || !p.Proven() || len(p.Killed()) != 6 || p.Mutants[5].Name != "covered" || p.Mutants[5].Status != report.MutantSkipped {
		t.Errorf("want covered skipped, the rest killed:\n%s", proofs(res))
	}
}
