package permission

import (
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/step"
)

func TestPermissions(t *testing.T) {
	tests := []struct {
		name    string
		actions []string
		want    *step.Permissions
		err     string // a part of the refusal, naming the action
	}{
		{"none", []string{"click Find me"}, nil, ""},
		{"allow with the default position", []string{"allow location access", "click Find me"},
			&step.Permissions{Granted: []string{"geolocation"}, Denied: []string{}, Latitude: permit.DefaultLatitude, Longitude: permit.DefaultLongitude}, ""},
		{"allow at a position", []string{"click Find me", "allow location at 52.52, 13.40"},
			&step.Permissions{Granted: []string{"geolocation"}, Denied: []string{}, Latitude: 52.52, Longitude: 13.40}, ""},
		{"deny alone", []string{"deny the camera"}, &step.Permissions{Granted: []string{}, Denied: []string{"camera"}}, ""},
		{"both", []string{"allow notifications", "block location", "allow notifications"},
			&step.Permissions{Granted: []string{"notifications"}, Denied: []string{"geolocation"}}, ""},
		{"allowed and denied", []string{"allow location access", "click Find me", "block location"}, nil, `action 3: "block location": action 1 already allows geolocation`},
		{"two positions", []string{"allow location at 1, 2", "allow location at 3, 4"}, nil, "action 2: \"allow location at 3, 4\": action 1 gives another position"},
		{"unknown", []string{"click Find me", "grant midi access"}, nil, `action 2: cannot allow or deny this permission: "grant midi access"`},
		{"clipboard read", []string{"allow clipboard reading"}, nil, "never clipboard-read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := List(tt.actions)
			_, err := Grant(tt.actions)
			if tt.err != "" {
				if len(problems) != 1 || !strings.Contains(problems[0], tt.err) {
					t.Fatalf("got %q, want one problem saying %q", problems, tt.err)
				}
				if !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Grant: got %v, want an error wrapping ErrUnknown saying %q", err, tt.err)
				}
				return
			}
			if len(problems) > 0 || err != nil {
				t.Fatalf("got %q, %v", problems, err)
			}
			if (got == nil) != (tt.want == nil) || got != nil && (strings.Join(got.Granted, ",") != strings.Join(tt.want.Granted, ",") ||
				strings.Join(got.Denied, ",") != strings.Join(tt.want.Denied, ",") || got.Latitude != tt.want.Latitude || got.Longitude != tt.want.Longitude) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			g, err := Grant(tt.actions)
			if err != nil || g.Set != (tt.want != nil) {
				t.Fatalf("Grant: got %v, %v", g, err)
			}
		})
	}
}
