package permission

// "allow location access", "allow location at 52.52, 13.40", "deny the
// camera", "block notifications": what the browser answers a page's
// permission request. Such a sentence acts on no element: it sets the
// browser context the test runs in (permit.Grant), from the start of the
// test wherever it stands, and is read from its words alone, before any
// page is open.

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/permit"
)

// Permission is one permission sentence read: the permission it names
// (one of permit.Known), whether it allows or denies it, and for
// "allow location at LAT, LON" the position.
type Permission struct {
	Sentence string
	Name     string
	Allow    bool
	// At is true when the sentence gives a position.
	At                  bool
	Latitude, Longitude float64
}

// Describe says what p does, for the compile's progress: "the browser's
// geolocation permission, granted at 52.52, 13.4 for the whole test".
func (p Permission) Describe() string {
	s := "the browser's " + p.Name + " permission, denied"
	if p.Allow {
		s = "the browser's " + p.Name + " permission, granted"
	}
	if p.At {
		s += " at " + strconv.FormatFloat(p.Latitude, 'f', -1, 64) + ", " + strconv.FormatFloat(p.Longitude, 'f', -1, 64)
	}
	return s + " for the whole test"
}

// ErrUnknown is wrapped by the refusal of a sentence that allows or
// denies a permission no test may grant, or in a form that cannot hold.
var ErrUnknown = errors.New("cannot allow or deny this permission")

var (
	permissionVerbs = map[string]bool{"allow": true, "grant": true, "permit": true, "deny": false, "block": false, "refuse": false}
	// rePermission is the form: VERB [the page|site|browser] [to use]
	// [access to] THING [access|permission|permissions] [at LAT, LON].
	rePermission = regexp.MustCompile(`^(allow|grant|permit|deny|block|refuse)\s+` +
		`(?:(?:the\s+)?(?:page|site|browser|website|app)\s+)?` +
		`(?:to\s+(?:use|show|send)\s+)?` +
		`(?:(access|permission)\s+(?:to|for)\s+)?` +
		`(.+?)` +
		`(?:\s+(access|permissions?|requests?|prompts?))?` +
		`(?:\s+at\s+(?:latitude\s+)?(-?\d{1,3}(?:\.\d+)?)\s*(?:,\s*|\s+)(?:longitude\s+)?(-?\d{1,3}(?:\.\d+)?))?$`)
	// otherPermissions are the names of permissions the browser knows
	// that no test may grant: a sentence naming one is refused, never
	// read as a click.
	otherPermissions = []string{"clipboard-read", "clipboard reading", "clipboard read", "reading the clipboard", "clipboard",
		"midi", "midi-sysex", "background-sync", "payment-handler", "storage-access", "accelerometer", "gyroscope",
		"magnetometer", "ambient-light-sensor", "accessibility-events", "local-network-access", "usb", "bluetooth",
		"screen wake lock", "persistent storage", "idle detection"}
)

// Read reads sentence as a permission sentence. ok is false when
// it is not one ("allow all cookies" names no permission, and is left to
// the other forms: a click on a banner's button). err (wrapping
// ErrUnknown) refuses a sentence that is one but names a permission no
// test may grant ("allow clipboard reading", "grant midi access") or gives
// a position where none applies ("deny location at 1, 2").
func Read(sentence string) (p Permission, ok bool, err error) {
	text := strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(strings.TrimSpace(sentence), ".!")), " "))
	m := rePermission.FindStringSubmatch(text)
	if m == nil {
		return Permission{}, false, nil
	}
	verb, thing, said := m[1], strings.TrimPrefix(m[3], "the "), m[2] != "" || m[4] != ""
	p = Permission{Sentence: sentence, Allow: permissionVerbs[verb]}
	for _, k := range permit.Known {
		for _, w := range k.Words {
			if thing == strings.TrimPrefix(w, "the ") {
				p.Name = k.Name
			}
		}
	}
	if p.Name == "" {
		for _, o := range otherPermissions {
			if thing == o {
				said = true
			}
		}
		if !said {
			return Permission{}, false, nil
		}
		why := fmt.Sprintf("the permissions a test may %s are %s", verb, permit.Names())
		if strings.Contains(thing, "clipboard") {
			why = "a test may allow or deny clipboard-write (\"allow clipboard writing\"), never clipboard-read: " + permit.Refused["clipboard-read"]
		}
		return Permission{}, true, fmt.Errorf("%w: %q names %q: %s", ErrUnknown, sentence, thing, why)
	}
	if m[5] != "" {
		if !p.Allow || p.Name != "geolocation" {
			return Permission{}, true, fmt.Errorf("%w: %q gives a position, which only \"allow location at LAT, LON\" takes", ErrUnknown, sentence)
		}
		p.At = true
		p.Latitude, _ = strconv.ParseFloat(m[5], 64)
		p.Longitude, _ = strconv.ParseFloat(m[6], 64)
		if err := permit.CheckPosition(p.Latitude, p.Longitude); err != nil {
			return Permission{}, true, fmt.Errorf("%w: %q: %v", ErrUnknown, sentence, err)
		}
	}
	return p, true, nil
}
