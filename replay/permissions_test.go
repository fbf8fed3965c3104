package replay

import (
	"context"
	"errors"
	"testing"

	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestPermissionsReachTheServers: a scenario's environment.permissions are
// the Needs its browser server is opened with, and a scenario without
// them asks for the browser's default.
func TestPermissionsReachTheServers(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want string
	}{
		{``, "browser default"},
		{`"environment": {"permissions": {"granted": ["geolocation"], "geolocation": {"latitude": 52.52, "longitude": 13.4}}},`, "granted [geolocation] at 52.52, 13.4"},
		{`"environment": {"permissions": {"granted": [], "denied": ["camera"]}},`, "granted []"},
	} {
		var got []Needs
		servers := ServersFunc(func(ctx context.Context, name string, needs Needs) (ToolCaller, error) {
			got = append(got, needs)
			return (&fakeServers{f: &fake{}}).Open(ctx, name, needs)
		})
		src := `{"version": "2.1", "metadata": {"name": "p"}, ` + tt.env + ` "steps": [{"step": 1, "tool": "mcp__playwright__browser_snapshot", "params": {}}]}`
		if _, err := New(servers, nil).Run(context.Background(), "p.json", parse(t, src)); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Grant.String() != tt.want {
			t.Errorf("%s: got needs %+v, want the grant %s", tt.env, got, tt.want)
		}
	}
}

// TestPermissionsRefusedOnAConfigServer: a config's own browser server is
// given no permissions, so a scenario that sets them is refused there
// rather than run on a page never granted them.
func TestPermissionsRefusedOnAConfigServer(t *testing.T) {
	g, err := permit.NewGrant([]string{"notifications"}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	cs := &ConfigServers{Config: &mcpclient.Config{Servers: map[string]mcpclient.ServerConfig{"playwright": {Name: "playwright", Command: "their-browser-mcp"}}}}
	if _, err := cs.Open(context.Background(), "playwright", Needs{Grant: g}); !errors.Is(err, ErrPermissionsUnapplied) {
		t.Fatalf("got %v, want ErrPermissionsUnapplied", err)
	}
}
