package mcpclient

import (
	"testing"

	"github.com/plaintest/plaintest/internal/permit"
)

// TestPlaywrightMCPConfigGrant: the bundled server's config file starts its
// context with exactly the grant's permissions (an empty list denying
// every one) and its position, and leaves the browser's default alone
// when there is no grant; the kept servers' key tells grants apart.
func TestPlaywrightMCPConfigGrant(t *testing.T) {
	geo, err := permit.NewGrant([]string{"notifications", "geolocation"}, 52.52, 13.4)
	if err != nil {
		t.Fatal(err)
	}
	none, _ := permit.NewGrant(nil, 0, 0)
	tests := []struct {
		name  string
		grant permit.Grant
		want  string
	}{
		{"default", permit.Grant{}, `{"browser":{"launchOptions":{"args":["--disable-smooth-scrolling","--use-fake-device-for-media-stream"]}}}`},
		{"geolocation", geo, `{"browser":{"contextOptions":{"geolocation":{"latitude":52.52,"longitude":13.4},"permissions":["geolocation","notifications"]},"launchOptions":{"args":["--disable-smooth-scrolling","--use-fake-device-for-media-stream"]}}}`},
		{"none granted", none, `{"browser":{"contextOptions":{"permissions":[]},"launchOptions":{"args":["--disable-smooth-scrolling","--use-fake-device-for-media-stream"]}}}`},
	}
	for _, tt := range tests {
		if got := string(playwrightMCPConfig(tt.grant)); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
	a := ServerConfig{Name: "playwright", keepable: true, grant: geo}
	b := ServerConfig{Name: "playwright", keepable: true, grant: none}
	release := KeepPlaywright()
	defer release()
	if a.keepKey(Options{}) == b.keepKey(Options{}) {
		t.Error("two grants share a kept server's key")
	}
}
