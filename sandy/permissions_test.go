package sandy

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/permit"
)

// TestPermissionsValidate: a scenario file grants no permission beyond
// permit.Known, clipboard-read least of all, whatever else it says.
func TestPermissionsValidate(t *testing.T) {
	tests := []struct {
		name, env string
		problems  []string // each a part of one problem; none: valid
	}{
		{"granted", `{"permissions": {"granted": ["geolocation", "notifications"], "geolocation": {"latitude": 52.52, "longitude": 13.4}}}`, nil},
		{"denied only", `{"permissions": {"granted": [], "denied": ["camera"]}}`, nil},
		{"clipboard-read", `{"permissions": {"granted": ["clipboard-read"]}}`,
			[]string{`environment.permissions.granted[0]: "clipboard-read" is not a permission a scenario may grant or deny: it would let the page read the clipboard`}},
		{"unknown", `{"permissions": {"granted": ["geolocation", "midi"], "denied": ["usb"]}}`,
			[]string{`environment.permissions.granted[1]: "midi" is not`, `environment.permissions.denied[0]: "usb" is not`}},
		{"both", `{"permissions": {"granted": ["camera"], "denied": ["camera"]}}`, []string{`denied[0]: "camera" is granted too`}},
		{"position", `{"permissions": {"granted": ["geolocation"], "geolocation": {"latitude": 100, "longitude": 0}}}`, []string{"environment.permissions.geolocation: latitude 100"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := `{"version": "2.1", "metadata": {"name": "p"}, "environment": ` + tt.env + `, "steps": [{"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "https://example.com/"}}]}`
			_, err := Parse([]byte(data), "p.json")
			if len(tt.problems) == 0 {
				if err != nil {
					t.Fatalf("got %v, want no problem", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("got no problem, want %q", tt.problems)
			}
			for _, p := range tt.problems {
				if !strings.Contains(err.Error(), p) {
					t.Errorf("got %v, want it to say %q", err, p)
				}
			}
		})
	}
}

func TestPermissionsGrant(t *testing.T) {
	var none *Permissions
	if g, err := none.Grant(); err != nil || g.Set {
		t.Fatalf("nil: got %v, %v; want the browser's default", g, err)
	}
	g, err := (&Permissions{Granted: []string{"notifications", "geolocation"}}).Grant()
	if err != nil || !g.Set || strings.Join(g.Names(), ",") != "geolocation,notifications" || g.Latitude != permit.DefaultLatitude || g.Longitude != permit.DefaultLongitude {
		t.Fatalf("got %v, %v; want geolocation and notifications at the default position", g, err)
	}
	g, err = (&Permissions{Granted: []string{}, Denied: []string{"camera"}}).Grant()
	if err != nil || !g.Set || len(g.Names()) != 0 {
		t.Fatalf("got %v, %v; want nothing granted, set", g, err)
	}
	if _, err := (&Permissions{Granted: []string{"clipboard-read"}}).Grant(); err == nil {
		t.Fatal("clipboard-read: got a grant, want a refusal")
	}
}
