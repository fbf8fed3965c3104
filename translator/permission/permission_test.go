package permission

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/permit"
)

func TestReadPermission(t *testing.T) {
	tests := []struct {
		sentence string
		ok       bool
		want     Permission // Sentence left out
		err      string     // a part of the refusal
	}{
		{sentence: "allow location access", ok: true, want: Permission{Name: "geolocation", Allow: true}},
		{sentence: "Allow location access.", ok: true, want: Permission{Name: "geolocation", Allow: true}},
		{sentence: "allow geolocation", ok: true, want: Permission{Name: "geolocation", Allow: true}},
		{sentence: "grant the page access to my location", ok: true, want: Permission{Name: "geolocation", Allow: true}},
		{sentence: "allow location at 52.52, 13.40", ok: true, want: Permission{Name: "geolocation", Allow: true, At: true, Latitude: 52.52, Longitude: 13.40}},
		{sentence: "allow location access at -33.87 151.21", ok: true, want: Permission{Name: "geolocation", Allow: true, At: true, Latitude: -33.87, Longitude: 151.21}},
		{sentence: "block location", ok: true, want: Permission{Name: "geolocation"}},
		{sentence: "deny location access", ok: true, want: Permission{Name: "geolocation"}},
		{sentence: "allow notifications", ok: true, want: Permission{Name: "notifications", Allow: true}},
		{sentence: "allow the site to send notifications", ok: true, want: Permission{Name: "notifications", Allow: true}},
		{sentence: "block notification permission", ok: true, want: Permission{Name: "notifications"}},
		{sentence: "deny the camera", ok: true, want: Permission{Name: "camera"}},
		{sentence: "allow the page to use the camera", ok: true, want: Permission{Name: "camera", Allow: true}},
		{sentence: "permit webcam access", ok: true, want: Permission{Name: "camera", Allow: true}},
		{sentence: "refuse microphone access", ok: true, want: Permission{Name: "microphone"}},
		{sentence: "allow the mic", ok: true, want: Permission{Name: "microphone", Allow: true}},
		{sentence: "allow clipboard writing", ok: true, want: Permission{Name: "clipboard-write", Allow: true}},
		{sentence: "grant clipboard-write permission", ok: true, want: Permission{Name: "clipboard-write", Allow: true}},
		// Not permission sentences: left to the other forms.
		{sentence: "allow all cookies"},
		{sentence: "click Allow notifications"},
		{sentence: "allow cookies"},
		{sentence: "block the user named Ann"},
		{sentence: "the page shows Location blocked"},
		{sentence: "allowance"},
		// Permission sentences refused.
		{sentence: "allow clipboard reading", ok: true, err: "never clipboard-read"},
		{sentence: "allow clipboard access", ok: true, err: "never clipboard-read"},
		{sentence: "allow clipboard-read", ok: true, err: "clipboard-read"},
		{sentence: "grant midi access", ok: true, err: `names "midi"`},
		{sentence: "allow usb", ok: true, err: "geolocation, notifications, camera, microphone, clipboard-write"},
		{sentence: "allow teleport access", ok: true, err: `names "teleport"`},
		{sentence: "deny location at 1, 2", ok: true, err: "gives a position"},
		{sentence: "allow the camera at 1, 2", ok: true, err: "gives a position"},
		{sentence: "allow location at 91, 2", ok: true, err: "latitude 91"},
		{sentence: "allow location at 1, -181", ok: true, err: "longitude -181"},
	}
	for _, tt := range tests {
		got, ok, err := Read(tt.sentence)
		if ok != tt.ok {
			t.Errorf("%q: got ok %v, want %v", tt.sentence, ok, tt.ok)
			continue
		}
		if tt.err != "" {
			if err == nil || !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), tt.sentence) {
				t.Errorf("%q: got error %v, want one wrapping ErrUnknown that names the sentence and says %q", tt.sentence, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: got error %v", tt.sentence, err)
			continue
		}
		if d := got.Describe(); !strings.Contains(d, "the browser's "+tt.want.Name+" permission") || strings.Contains(d, "granted") != tt.want.Allow {
			t.Errorf("%q: described as %q", tt.sentence, d)
		}
		got.Sentence = ""
		if got != tt.want {
			t.Errorf("%q: got %+v, want %+v", tt.sentence, got, tt.want)
		}
	}
}

// TestPermissionWordsRead reads a sentence with every word of permit.Known,
// allowed and denied.
func TestPermissionWordsRead(t *testing.T) {
	for _, k := range permit.Known {
		for _, w := range k.Words {
			for verb, allow := range map[string]bool{"allow": true, "deny": false} {
				got, ok, err := Read(verb + " " + w)
				if !ok || err != nil || got.Name != k.Name || got.Allow != allow {
					t.Errorf("%q: got %+v, %v, %v; want %s allowed %v", verb+" "+w, got, ok, err, k.Name, allow)
				}
			}
		}
	}
}

// FuzzReadPermission: any sentence is read, refused or passed over
// without panicking; a reading names a known permission, and a position
// only with geolocation allowed, in range.
func FuzzReadPermission(f *testing.F) {
	for _, s := range []string{"allow location access", "allow location at 52.52, 13.40", "deny the camera", "grant midi access", "allow clipboard reading", "allow all cookies", "block location at 1 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok, err := Read(s)
		if !ok {
			if err != nil {
				t.Fatalf("%q: not a permission sentence, yet an error: %v", s, err)
			}
			return
		}
		if err != nil {
			if !errors.Is(err, ErrUnknown) {
				t.Fatalf("%q: got %v, want an error wrapping ErrUnknown", s, err)
			}
			return
		}
		if permit.Check(p.Name) != nil {
			t.Fatalf("%q: read as %q, not a known permission", s, p.Name)
		}
		if p.At && (!p.Allow || p.Name != "geolocation" || permit.CheckPosition(p.Latitude, p.Longitude) != nil) {
			t.Fatalf("%q: got %+v: a position only with location allowed, in range", s, p)
		}
		if !utf8.ValidString(p.Name) {
			t.Fatalf("%q: name %q", s, p.Name)
		}
	})
}
