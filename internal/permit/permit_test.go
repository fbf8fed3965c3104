package permit

import (
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, p := range Known {
		if err := Check(p.Name); err != nil {
			t.Errorf("%s: got %v, want it taken", p.Name, err)
		}
	}
	for name, want := range map[string]string{"clipboard-read": "read the clipboard", "midi": "allowed: geolocation", "": "allowed:", "Geolocation": "allowed:"} {
		err := Check(name)
		if !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want ErrUnknown saying %q", name, err, want)
		}
	}
}

func TestNewGrant(t *testing.T) {
	tests := []struct {
		names    []string
		lat, lon float64
		want     string // String, or the error's words
	}{
		{nil, 0, 0, "granted []"},
		{[]string{"notifications", "geolocation", "notifications"}, 52.52, 13.4, "granted [geolocation,notifications] at 52.52, 13.4"},
		{[]string{"camera"}, 99, 0, "granted [camera]"}, // no position without geolocation
		{[]string{"geolocation"}, 99, 0, "latitude 99"},
		{[]string{"geolocation"}, 0, 181, "longitude 181"},
		{[]string{"clipboard-read"}, 0, 0, "clipboard"},
	}
	for _, tt := range tests {
		g, err := NewGrant(tt.names, tt.lat, tt.lon)
		got := g.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%v at %v, %v: got %q, want %q", tt.names, tt.lat, tt.lon, got, tt.want)
		}
	}
	if (Grant{}).String() != "browser default" || (Grant{}).Set {
		t.Error("the zero Grant is not the browser's default")
	}
	a, _ := NewGrant([]string{"camera", "geolocation"}, 1, 2)
	b, _ := NewGrant([]string{"geolocation", "camera"}, 1, 2)
	if a != b {
		t.Errorf("got %v and %v, want one grant whatever the order", a, b)
	}
}
