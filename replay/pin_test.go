package replay

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/sandy"
)

// Schemas of browser_click: @playwright/mcp's since 0.0.71 (target) and
// before (ref).
const (
	clickTarget = `{"type":"object","properties":{"element":{"type":"string"},"target":{"type":"string"},"doubleClick":{"type":"boolean"}},"required":["target"],"additionalProperties":false}`
	clickRef    = `{"type":"object","properties":{"element":{"type":"string"},"ref":{"type":"string"}},"required":["element","ref"],"additionalProperties":false}`
	navSchema   = `{"type":"object","properties":{"url":{"type":"string"}},"required":["url"],"additionalProperties":false}`
)

// browserWith is a fake browser server with these schemas of
// browser_click, recording its calls.
func browserWith(click string) *mcptest.Server {
	s := mcptest.NewServer("fake-browser")
	s.HandleSchema(mcpclient.ToolNavigate, navSchema, func(mcptest.Call) mcptest.Result { return mcptest.Text("ok") })
	s.HandleSchema(mcpclient.ToolClick, click, func(c mcptest.Call) mcptest.Result { return mcptest.Text("clicked " + toJSON(c.Args)) })
	return s
}

// fingerprintOf is the fingerprint of navigate and click with a schema.
func fingerprintOf(t *testing.T, click string) string {
	t.Helper()
	s, err := browserWith(click).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tools, err := s.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return mcpclient.Fingerprint(mcpclient.Schemas(tools), []string{mcpclient.ToolNavigate, mcpclient.ToolClick})
}

func pinned(t *testing.T, fingerprint, clickParams string) *sandy.Scenario {
	t.Helper()
	return parse(t, `{"version":"2.1","metadata":{"name":"pinned"},
		"environment":{"mcp":"playwright","server":"Playwright","server_version":"0.0.60","tools_fingerprint":"`+fingerprint+`"},
		"steps":[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://x/"}},
		{"step":2,"tool":"mcp__playwright__browser_click","params":`+clickParams+`}]}`)
}

func runOn(t *testing.T, srv *mcptest.Server, sc *sandy.Scenario) (bool, error) {
	t.Helper()
	servers := ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return srv.Connect(ctx) })
	res, err := New(servers, nil).Run(context.Background(), "pinned.json", sc)
	return res != nil && res.Success, err
}

// TestPinMigratesTarget: a scenario compiled when the argument was ref
// replays on a server that calls it target, and the other way round.
func TestPinMigratesTarget(t *testing.T) {
	for _, c := range []struct {
		from, to string // the schema compiled with, the one replayed on
		params   string
		want     string
	}{
		{clickRef, clickTarget, `{"element":"OK","ref":"#ok"}`, `"target":"#ok"`},
		{clickTarget, clickRef, `{"element":"OK","target":"#ok"}`, `"ref":"#ok"`},
	} {
		srv := browserWith(c.to)
		ok, err := runOn(t, srv, pinned(t, fingerprintOf(t, c.from), c.params))
		if err != nil || !ok {
			t.Fatalf("replay: ok %v, err %v", ok, err)
		}
		calls := srv.CallsTo(mcpclient.ToolClick)
		if len(calls) != 1 || !strings.Contains(toJSON(calls[0].Args), c.want) {
			t.Errorf("click was sent %v, want %s", calls, c.want)
		}
	}
}

// TestPinRefusesUnknownDifference: an argument the server does not know,
// on a server whose tools differ from the compile's, refuses the run
// before step 1 with the step, the argument and both servers named.
func TestPinRefusesUnknownDifference(t *testing.T) {
	srv := browserWith(clickTarget)
	_, err := runOn(t, srv, pinned(t, fingerprintOf(t, clickRef), `{"element":"OK","ref":"#ok","frobnicate":1}`))
	if !errors.Is(err, sandy.ErrInvalid) {
		t.Fatalf("err %v, want a refusal wrapping sandy.ErrInvalid", err)
	}
	for _, want := range []string{"steps[1].params.frobnicate: no such argument (browser_click takes doubleClick, element, target)", "compiled with Playwright 0.0.60", `the server "playwright" here is fake-browser`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	if calls := srv.Calls(); len(calls) != 0 {
		t.Errorf("steps ran before the refusal: %v", calls)
	}
	// The same scenario on the server it was compiled for runs as written.
	srv = browserWith(clickTarget)
	if ok, err := runOn(t, srv, pinned(t, fingerprintOf(t, clickTarget), `{"element":"OK","target":"#ok","frobnicate":1}`)); err != nil || !ok {
		t.Errorf("same fingerprint: ok %v, err %v", ok, err)
	}
}
