package replay

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// stubHealer answers every request with healing and keeps the requests.
type stubHealer struct {
	mu      sync.Mutex
	healing Healing
	got     []HealRequest
}

func (h *stubHealer) Heal(_ context.Context, _ ToolCaller, req HealRequest) (*Healing, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.got = append(h.got, req)
	hl := h.healing
	return &hl, nil
}

// healPage is a fake browser whose compiled targets match nothing, whose
// healed target (healed) does, and whose element there sits in the
// containers given (containers.js's answer). It keeps what each click was
// sent.
func healPage(t *testing.T, healed string, containers string) (*mcptest.Server, ToolCaller) {
	t.Helper()
	srv := mcptest.NewServer("playwright")
	srv.Handle(mcpclient.ToolNavigate, func(c mcptest.Call) mcptest.Result { return mcptest.Navigated(c.Args["url"].(string)) })
	srv.Handle(mcpclient.ToolClick, func(c mcptest.Call) mcptest.Result {
		target := c.Args["target"].(string)
		if strings.HasPrefix(target, healed+" >> internal:and=") {
			return mcptest.Playwright{Code: "await page.click()"}.Result()
		}
		return mcptest.NoMatch(target)
	})
	srv.Handle(mcpclient.ToolEvaluate, func(c mcptest.Call) mcptest.Result {
		target, _ := c.Args["target"].(string)
		switch {
		case c.Args["function"] == containersFn && target == healed:
			return mcptest.Playwright{Value: containers}.Result()
		case c.Args["function"] == containersFn:
			t.Errorf("containers of %s, want of the healed target", target)
		}
		return mcptest.NoMatch(target)
	})
	s, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return srv, s
}

// The scenario of the heal tests: a Delete button in a customer's row,
// its target holding a variable and a secret, its description a variable.
const healScenario = `{"version": "2.1", "metadata": {"name": "people", "target_url": "https://people.example/admin"},
  "variables": {"BASE_URL": "", "WHO": "Ada Lovelace", "API_TOKEN": ""},
  "steps": [
    {"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "{{BASE_URL}}/people?t={{API_TOKEN}}"}},
    {"step": 2, "tool": "mcp__playwright__browser_click", "description": "click Delete for {{WHO}}",
     "params": {"element": "button \"Delete\" in row \"{{WHO}}\"", "target": "internal:testid=[data-testid=\"del-{{API_TOKEN}}\"s]"}}
  ]}`

func runHeal(t *testing.T, h Healer, s ToolCaller) *report.RunResult {
	t.Helper()
	sc, err := sandy.Parse([]byte(healScenario), "people.json")
	if err != nil {
		t.Fatal(err)
	}
	vars := []map[string]string{{"BASE_URL": "http://127.0.0.1:4000", "API_TOKEN": "tok-s3cr3t-42"}}
	p := New(ServersFunc(func(context.Context, string, Needs) (ToolCaller, error) { return keepOpen{s}, nil }),
		&Options{Vars: vars, Healer: h, Timeout: 300 * time.Millisecond, Poll: 50 * time.Millisecond})
	res, err := p.Run(context.Background(), "people.json", sc)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A healed element is held to the container its description names: the
// same row's customer, in whatever role it has now; the heal request
// carries the scenario's origins and its variables and secrets apart; the
// record writes targets as the file does, the secret as {{NAME}}.
func TestHealHoldsTheContainer(t *testing.T) {
	healed := `internal:testid=[data-testid="card-tok-s3cr3t-42"s] >> internal:role=button[name="Delete"i]`
	h := &stubHealer{healing: Healing{Role: "button", Name: "Delete", Element: `button "Delete" in article "Ada Lovelace"`, Target: healed, By: "rules or test-model"}}
	srv, s := healPage(t, healed, `[{"role":"article","names":["Ada Lovelace","Ada Lovelace"]},{"role":"list","names":["People"]}]`)
	res := runHeal(t, h, s)
	if len(res.Heals) != 1 || res.FailedStep != 0 {
		t.Fatalf("heals %+v, failed step %d (%s): want step 2 healed", res.Heals, res.FailedStep, res.Error)
	}
	req := h.got[0]
	if req.Action != "click Delete for {{WHO}}" || req.Identity.String() != `button "Delete" in row "Ada Lovelace"` {
		t.Errorf("request action %q, identity %s", req.Action, req.Identity)
	}
	if strings.Join(req.Origins, " ") != "http://127.0.0.1:4000 https://people.example" {
		t.Errorf("origins %v, want BASE_URL's (from --var) and target_url's", req.Origins)
	}
	if req.Variables["WHO"] != "Ada Lovelace" || req.Secrets["API_TOKEN"] != "tok-s3cr3t-42" || req.Variables["API_TOKEN"] != "" || req.Secrets["WHO"] != "" {
		t.Errorf("variables %v, secrets %v: want WHO a variable and API_TOKEN a secret", req.Variables, req.Secrets)
	}
	clicks := srv.CallsTo(mcpclient.ToolClick)
	sent := clicks[len(clicks)-1].Args["target"].(string)
	for _, want := range []string{`internal:role=article[name=\"Ada Lovelace\"i]`, `[name=/^\\s*Delete\\s*$/i]`} {
		if !strings.Contains(sent, want) {
			t.Errorf("healed click sent %s\nwant it narrowed with %s", sent, want)
		}
	}
	got := res.Heals[0]
	if got.OldTarget != `internal:testid=[data-testid="del-{{API_TOKEN}}"s]` ||
		got.NewTarget != `internal:testid=[data-testid="card-{{API_TOKEN}}"s] >> internal:role=button[name="Delete"i]` ||
		got.NewElement != `button "Delete" in article "{{WHO}}"` || got.Element != `button "Delete" in row "{{WHO}}"` {
		t.Errorf("heal %+v: want the targets and elements as the file writes them", got)
	}
	b, _ := json.Marshal(res)
	if strings.Contains(string(b), "tok-s3cr3t-42") {
		t.Errorf("the result holds the secret value:\n%s", b)
	}
}

// The same button in another customer's card is not a heal.
func TestHealRefusesAnotherContainer(t *testing.T) {
	healed := `internal:testid=[data-testid="card-grace"s] >> internal:role=button[name="Delete"i]`
	h := &stubHealer{healing: Healing{Role: "button", Name: "Delete", Element: `button "Delete"`, Target: healed}}
	srv, s := healPage(t, healed, `[{"role":"article","names":["Grace Hopper"]}]`)
	res := runHeal(t, h, s)
	if len(res.Heals) != 0 || res.FailedStep != 2 || !strings.Contains(res.Error, `not in row "Ada Lovelace" (it is in article "Grace Hopper")`) {
		t.Errorf("heals %+v, failed step %d: %s\nwant step 2 not healed, naming both containers", res.Heals, res.FailedStep, res.Error)
	}
	for _, c := range srv.CallsTo(mcpclient.ToolClick) {
		if strings.HasPrefix(c.Args["target"].(string), healed) {
			t.Errorf("the other card's button was clicked: %s", c.Args["target"])
		}
	}
}

// A name that only starts with the compiled one is another control.
func TestHealRefusesALongerName(t *testing.T) {
	healed := `internal:role=button[name="Delete all"i]`
	h := &stubHealer{healing: Healing{Role: "button", Name: "Delete all", Element: `button "Delete all"`, Target: healed}}
	_, s := healPage(t, healed, `[]`)
	res := runHeal(t, h, s)
	if len(res.Heals) != 0 || !strings.Contains(res.Error, "not the same role and name") {
		t.Errorf("heals %+v: %s\nwant not healed", res.Heals, res.Error)
	}
}

// A healed target that holds a secret in a form no {{NAME}} can stand for
// is not healed: the proposal would write the secret.
func TestHealRefusesAnEscapedSecret(t *testing.T) {
	healed := `internal:text="tok%2Ds3cr3t%2D42"i`
	h := &stubHealer{healing: Healing{Role: "button", Name: "Delete", Element: `button "Delete" in row "Ada Lovelace"`, Target: healed}}
	_, s := healPage(t, healed, `[{"role":"row","names":["Ada Lovelace"]}]`)
	res := runHeal(t, h, s)
	if len(res.Heals) != 0 || !strings.Contains(res.Error, "holds a secret value") || strings.Contains(res.Error, "s3cr3t") {
		t.Errorf("heals %+v: %s\nwant not healed, the secret unnamed", res.Heals, res.Error)
	}
}

// containers.js runs with the project's container roles in place.
func TestContainersFn(t *testing.T) {
	if strings.Contains(containersFn, "CONTAINER_ROLES") || !strings.Contains(containersFn, `new Set(["alertdialog","article",`) {
		t.Errorf("containers.js was not given the roles:\n%s", containersFn)
	}
}

// containersOf reads whatever a page answers without panicking, and a list
// it reads keeps its order.
func FuzzContainersOf(f *testing.F) {
	for _, s := range []string{`[{"role":"row","names":["Ada"]}]`, `"[{\"role\":\"row\",\"names\":[]}]"`, `[]`, `null`, `"x"`, `{`, `[{"names":"x"}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs, ok := containersOf(&mcpclient.Result{Value: s})
		if !ok {
			return
		}
		var again []container
		if json.Unmarshal([]byte(s), &again) == nil && len(again) != len(cs) {
			t.Errorf("%q read as %d containers, the JSON holds %d", s, len(cs), len(again))
		}
	})
}
