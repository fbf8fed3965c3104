package sandyexport

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestExportPermissions: what a test's permission sentences asked is the
// scenario's environment.permissions, with the position written out when
// geolocation is granted and granted kept as a list when empty (every
// permission denied); a test with none leaves the browser's default.
func TestExportPermissions(t *testing.T) {
	tests := []struct {
		name  string
		perms *step.Permissions
		want  string
	}{
		{"none", nil, ""},
		{"allowed", &step.Permissions{Granted: []string{"geolocation"}, Denied: []string{}, Latitude: 52.52, Longitude: 13.4},
			`"permissions":{"granted":["geolocation"],"geolocation":{"latitude":52.52,"longitude":13.4}}`},
		{"denied", &step.Permissions{Granted: []string{}, Denied: []string{"camera"}}, `"permissions":{"granted":[],"denied":["camera"]}`},
	}
	for _, tt := range tests {
		res := result("success").Compiled()
		res.Permissions = tt.perms
		data, err := Export(res, nil).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		compact := strings.Join(strings.Fields(string(data)), "")
		if tt.want == "" {
			if strings.Contains(compact, `"permissions"`) {
				t.Errorf("%s: got %s, want no permissions", tt.name, data)
			}
			continue
		}
		if !strings.Contains(compact, tt.want) {
			t.Errorf("%s: got %s, want it to hold %s", tt.name, data, tt.want)
		}
		if _, err := sandy.Parse(data, "p.json"); err != nil {
			t.Errorf("%s: the export does not validate: %v", tt.name, err)
		}
	}
}
