package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// TestPermissionsUse: a scenario's environment.permissions start the spec's
// context as they start replay's: test.use with exactly the names granted
// (an empty list denying every one) and the position when geolocation is.
func TestPermissionsUse(t *testing.T) {
	tests := []struct {
		name  string
		perms *sandy.Permissions
		want  string
	}{
		{"none", nil, ""},
		{"geolocation", &sandy.Permissions{Granted: []string{"geolocation"}, Geolocation: &sandy.Position{Latitude: 52.52, Longitude: 13.4}},
			"test.use({\n  permissions: [\"geolocation\"],\n  geolocation: { latitude: 52.52, longitude: 13.4 },\n});\n\ntest("},
		{"default position", &sandy.Permissions{Granted: []string{"notifications", "geolocation"}},
			"test.use({\n  permissions: [\"notifications\", \"geolocation\"],\n  geolocation: { latitude: 51.4779, longitude: -0.0015 },\n});\n\ntest("},
		{"denied", &sandy.Permissions{Granted: []string{}, Denied: []string{"camera", "geolocation"}},
			"// Denied: camera, geolocation (every permission not granted is).\ntest.use({ permissions: [] });\n\ntest("},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "p"}, Environment: &sandy.Environment{Permissions: tt.perms},
				Steps: []sandy.Step{{Step: 1, Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "https://example.com/"}, Description: "open"}}}
			out, err := Generate(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := string(out)
			if tt.want == "" {
				if strings.Contains(got, "test.use") {
					t.Fatalf("got a test.use with no permissions:\n%s", got)
				}
				return
			}
			if !strings.Contains(got, tt.want) {
				t.Fatalf("got\n%s\nwant it to hold\n%s", got, tt.want)
			}
		})
	}
}
