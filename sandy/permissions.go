package sandy

import (
	"fmt"
	"slices"

	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/internal/printable"
)

// Permissions is environment.permissions, plaintest's addition (a Sandy
// player ignores it): the browser permissions the scenario's browser
// context starts with. Granted are granted and every other permission is
// denied (Denied lists those the test denied by name, for people reading
// the file); Geolocation is the position reported when geolocation is
// granted. Validate holds every name to permit.Known, so that a scenario
// file cannot grant more than a test may.
type Permissions struct {
	Granted     []string  `json:"granted"`
	Denied      []string  `json:"denied,omitempty"`
	Geolocation *Position `json:"geolocation,omitempty"`
}

// Position is a point on Earth, in degrees.
type Position struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// Grant is the browser context's grant for p: the zero Grant (the
// browser's default) for nil. Geolocation granted with no position
// reports permit's default one.
func (p *Permissions) Grant() (permit.Grant, error) {
	if p == nil {
		return permit.Grant{}, nil
	}
	lat, lon := permit.DefaultLatitude, permit.DefaultLongitude
	if p.Geolocation != nil {
		lat, lon = p.Geolocation.Latitude, p.Geolocation.Longitude
	}
	return permit.NewGrant(p.Granted, lat, lon)
}

// permissions validates environment.permissions.
func (v *validator) permissions() {
	env := v.s.Environment
	if env == nil || env.Permissions == nil {
		return
	}
	p := env.Permissions
	for _, list := range []struct {
		key   string
		names []string
	}{{"granted", p.Granted}, {"denied", p.Denied}} {
		for i, name := range list.names {
			path := fmt.Sprintf("environment.permissions.%s[%d]", list.key, i)
			if err := permit.Check(name); err != nil {
				v.add(path, "%s is not a permission a scenario may grant or deny: %s", printable.Quote(name), permitWhy(name))
			} else if list.key == "denied" && slices.Contains(p.Granted, name) {
				v.add(path, "%s is granted too: a permission is granted or denied", printable.Quote(name))
			}
		}
	}
	if g := p.Geolocation; g != nil {
		if err := permit.CheckPosition(g.Latitude, g.Longitude); err != nil {
			v.add("environment.permissions.geolocation", "%v", err)
		}
	}
}

// permitWhy says which names may be granted, and why name may not.
func permitWhy(name string) string {
	if why, ok := permit.Refused[name]; ok {
		return why + " (allowed: " + permit.Names() + ")"
	}
	return "allowed: " + permit.Names()
}
