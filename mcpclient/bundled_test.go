package mcpclient

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestBundledOptions: the arguments replay and compile start the bundled
// server with, exactly, after the ones every Playwright config has.
func TestBundledOptions(t *testing.T) {
	dir := t.TempDir()
	fakeCLI(t, dir)
	t.Setenv(EnvPlaywrightMCP, dir)
	tests := []struct {
		timeout, nav time.Duration
		want         []string
	}{
		{0, 0, []string{"--timeout-settle", "100", "--timeout-action", "5000", "--timeout-navigation", "30000", "--snapshot-mode", "none"}},
		{2 * time.Second, 9 * time.Second, []string{"--timeout-settle", "100", "--timeout-action", "2000", "--timeout-navigation", "9000", "--snapshot-mode", "none"}},
	}
	for _, tt := range tests {
		o := BundledOptions(tt.timeout, tt.nav)
		o.ExecutablePath = fakeExe(t, filepath.Join(dir, "chrome"))
		sc, err := Playwright(o)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.Index(sc.Args, "absolute") // the end of the common arguments
		if got := sc.Args[i+1:]; !slices.Equal(got, tt.want) {
			t.Errorf("BundledOptions(%v, %v): args after the common ones %q, want %q", tt.timeout, tt.nav, got, tt.want)
		}
	}
}
