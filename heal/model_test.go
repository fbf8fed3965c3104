package heal

import (
	"context"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/translator/llm"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// peoplePage is a table of customers, each with a Delete button; a secret
// value stands in Ada's row. Rows are unnamed, as Playwright 1.64 writes
// a row named by its own cells.
const peoplePage = `- heading "People" [level=1] [ref=e1]
- table [ref=e2]:
  - rowgroup [ref=e3]:
    - row [ref=e4]:
      - cell "Ada Lovelace" [ref=e5]
      - cell "hunter2x" [ref=e6]
      - cell "Delete" [ref=e7]:
        - button "Delete" [ref=e8]
    - row [ref=e9]:
      - cell "Grace Hopper" [ref=e10]
      - cell "ok" [ref=e11]
      - cell "Delete" [ref=e12]:
        - button "Delete" [ref=e13]
`

// peopleBrowser is a browser showing peoplePage, whose locator generator
// names each Delete button by its row's test id.
func peopleBrowser(t *testing.T) replay.ToolCaller {
	t.Helper()
	srv := mcptest.NewServer("playwright")
	srv.Handle(mcpclient.ToolSnapshot, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{PageURL: "http://people.test/admin", PageTitle: "People", Snapshot: peoplePage}.Result()
	})
	srv.Handle(mcpclient.ToolGenLocator, func(c mcptest.Call) mcptest.Result {
		switch c.Args["target"] {
		case "e8":
			return mcptest.Playwright{Value: "getByTestId('person-ada').getByRole('button', { name: 'Delete' })"}.Result()
		case "e13":
			return mcptest.Playwright{Value: "getByTestId('person-grace').getByRole('button', { name: 'Delete' })"}.Result()
		}
		return mcptest.Failure("no locator")
	})
	srv.Handle(mcpclient.ToolEvaluate, func(mcptest.Call) mcptest.Result { return mcptest.Playwright{Value: "true"}.Result() })
	s, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func peopleRequest(origins ...string) replay.HealRequest {
	id, _ := locator.ParseIdentity(`button "Delete" in row "Ada Lovelace"`)
	return replay.HealRequest{Action: "get rid of {{WHO}}, whose password is {{PASSWORD}}", Tool: mcpclient.ToolClick, Identity: id,
		Target: `internal:testid=[data-testid="del-ada"s]`, Origins: origins,
		Variables: map[string]string{"WHO": "Ada Lovelace"}, Secrets: map[string]string{"PASSWORD": "hunter2x"}}
}

// With a model set up, an action the rules cannot read goes to the model,
// built for the scenario's origins (and --allow-origin's), its variables
// and secrets: no secret value reaches it, and its one step is the heal.
func TestRereaderAsksTheModel(t *testing.T) {
	srv := openaitest.New(t, func(r *openaitest.Request) openaitest.Reply {
		return openaitest.Reply{Arguments: openaitest.Call("click", "e8", "")}
	})
	h, err := NewModelRereader(llm.Options{BaseURL: srv.URL, APIKey: "k", Model: "test-model", Origins: []string{"https://sso.example"}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.Heal(context.Background(), peopleBrowser(t), peopleRequest("http://people.test"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Role != "button" || got.Name != "Delete" || got.Element != `button "Delete" in row "Ada Lovelace"` ||
		got.Target != `internal:testid=[data-testid="person-ada"s] >> internal:role=button[name="Delete"i]` || got.By != "rules or test-model" {
		t.Errorf("healing %+v", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d model requests, want 1", len(reqs))
	}
	body := string(reqs[0].Body)
	if strings.Contains(body, "hunter2x") {
		t.Errorf("the model was sent the secret value:\n%s", body)
	}
	for _, want := range []string{"{{PASSWORD}}", "Ada Lovelace", "http://people.test", "https://sso.example"} {
		if !strings.Contains(body, want) {
			t.Errorf("the model's request lacks %q:\n%s", want, body)
		}
	}
	// A scenario with the same origins and values shares the model; one
	// with others gets its own.
	if _, err := h.Heal(context.Background(), peopleBrowser(t), peopleRequest("http://people.test")); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Heal(context.Background(), peopleBrowser(t), peopleRequest("http://staging.people.test")); err != nil {
		t.Fatal(err)
	}
	if len(h.llms) != 2 {
		t.Errorf("%d models built for 2 sets of origins", len(h.llms))
	}
}

// With no origin at all (no BASE_URL, target_url or --allow-origin) the
// model is not asked, and the error says why.
func TestRereaderNoOrigin(t *testing.T) {
	srv := openaitest.New(t, func(r *openaitest.Request) openaitest.Reply {
		return openaitest.Reply{Arguments: openaitest.Call("click", "e8", "")}
	})
	h, err := NewModelRereader(llm.Options{BaseURL: srv.URL, Model: "test-model"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.Heal(context.Background(), peopleBrowser(t), peopleRequest())
	if err == nil || !strings.Contains(err.Error(), "the model was not asked") {
		t.Errorf("err = %v, want one saying the model was not asked", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d model requests, want none", n)
	}
}

// Options that could never work are refused when the rereader is made.
func TestNewModelRereaderRefuses(t *testing.T) {
	for _, o := range []llm.Options{{BaseURL: "ftp://models"}, {Origins: []string{"not an origin"}}} {
		if _, err := NewModelRereader(o, 0); err == nil {
			t.Errorf("NewModelRereader(%+v) = nil error", o)
		}
	}
}

// A step a phrase wrote reads its action without the sentence it came
// from ("(from: …)"), which is no part of what to click.
func TestRereaderReadsTheActionOfAPhrase(t *testing.T) {
	req := peopleRequest()
	req.Action = "click Delete for {{WHO}} (from: I remove {{WHO}} from the people)"
	got, err := (&Rereader{}).Heal(context.Background(), peopleBrowser(t), req)
	if err != nil {
		t.Fatal(err)
	}
	if got.Element != `button "Delete" in row "Ada Lovelace"` || got.By != "rules" {
		t.Errorf("healing %+v", got)
	}
}
