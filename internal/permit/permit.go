// Package permit is the one list of the browser permissions a test may
// grant or deny ("allow location access", "deny the camera"), and the grant
// a browser context is started with.
//
// It takes in permission names, as a scenario file or a sentence gives
// them, and gives out Grant: the names granted (every other permission is
// then denied, the page's request refused at once) and the position the
// browser reports when geolocation is granted. Only the names of Known may
// be granted: each lets a page do no more than show a prompt a person
// could answer. clipboard-read is not among them, so that no scenario
// file, which may come from a pull request, can let a page read the
// clipboard of the machine that replays it.
package permit

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Permission is one permission a test may grant or deny: Name as
// Playwright's grantPermissions takes it, and the words a sentence names
// it by.
type Permission struct {
	Name  string
	Words []string
}

// Known are the permissions a test may grant or deny, in the order
// messages list them.
var Known = []Permission{
	{"geolocation", []string{"location", "geolocation", "geo location", "location access", "geolocation access", "my location", "the location"}},
	{"notifications", []string{"notifications", "notification", "push notifications", "desktop notifications", "the notifications"}},
	{"camera", []string{"camera", "the camera", "camera access", "webcam", "the webcam"}},
	{"microphone", []string{"microphone", "the microphone", "microphone access", "mic", "the mic"}},
	{"clipboard-write", []string{"clipboard-write", "clipboard writing", "clipboard write", "writing to the clipboard", "clipboard writes", "copying to the clipboard"}},
}

// Refused are permission names a test may not grant, each with why: they
// reach beyond the page.
var Refused = map[string]string{
	"clipboard-read": "it would let the page read the clipboard of the machine that runs the test",
}

// Default position: the Royal Observatory, Greenwich, reported when a test
// allows location access without saying where.
const (
	DefaultLatitude  = 51.4779
	DefaultLongitude = -0.0015
)

// ErrUnknown is wrapped when a name is not one of Known.
var ErrUnknown = errors.New("not a permission a test may grant")

// Names are Known's names, comma separated, for messages.
func Names() string {
	var out []string
	for _, p := range Known {
		out = append(out, p.Name)
	}
	return strings.Join(out, ", ")
}

// Check returns nil when name is one of Known, else an error wrapping
// ErrUnknown that lists them (and says why when the name is Refused).
func Check(name string) error {
	if slices.ContainsFunc(Known, func(p Permission) bool { return p.Name == name }) {
		return nil
	}
	if why, ok := Refused[name]; ok {
		return fmt.Errorf("%q is %w: %s (allowed: %s)", name, ErrUnknown, why, Names())
	}
	return fmt.Errorf("%q is %w (allowed: %s)", name, ErrUnknown, Names())
}

// CheckPosition returns an error when latitude or longitude is out of range.
func CheckPosition(latitude, longitude float64) error {
	if math.IsNaN(latitude) || latitude < -90 || latitude > 90 {
		return fmt.Errorf("latitude %v is not between -90 and 90", latitude)
	}
	if math.IsNaN(longitude) || longitude < -180 || longitude > 180 {
		return fmt.Errorf("longitude %v is not between -180 and 180", longitude)
	}
	return nil
}

// Grant is what a browser context starts with. The zero Grant is the
// browser's own default (nothing granted, each request answered as the
// browser answers an unanswered prompt); a Grant with Set grants exactly
// its names and denies every other permission. It is comparable, so that
// servers started for it can be kept by it.
type Grant struct {
	Set bool
	// names are the names granted, sorted, comma separated.
	names string
	// Latitude and Longitude are the position reported to the page, when
	// geolocation is granted.
	Latitude, Longitude float64
}

// NewGrant returns the Grant of names (each one of Known) at the position
// latitude, longitude (used when names has geolocation). It refuses an
// unknown name or a position out of range.
func NewGrant(names []string, latitude, longitude float64) (Grant, error) {
	g := Grant{Set: true}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	for _, n := range sorted {
		if err := Check(n); err != nil {
			return Grant{}, err
		}
	}
	g.names = strings.Join(sorted, ",")
	if g.Geolocation() {
		if err := CheckPosition(latitude, longitude); err != nil {
			return Grant{}, err
		}
		g.Latitude, g.Longitude = latitude, longitude
	}
	return g, nil
}

// Names are the permissions granted, sorted; empty when none is.
func (g Grant) Names() []string {
	if g.names == "" {
		return []string{}
	}
	return strings.Split(g.names, ",")
}

// Geolocation reports whether g grants geolocation, and so a position.
func (g Grant) Geolocation() bool { return slices.Contains(g.Names(), "geolocation") }

// String is g as a test name or a message shows it.
func (g Grant) String() string {
	if !g.Set {
		return "browser default"
	}
	s := "granted [" + g.names + "]"
	if g.Geolocation() {
		s += " at " + strconv.FormatFloat(g.Latitude, 'f', -1, 64) + ", " + strconv.FormatFloat(g.Longitude, 'f', -1, 64)
	}
	return s
}
