package main

import (
	"strings"
	"testing"
)

// TestReplayTraceFlag: --trace takes on, retain-on-failure or off; any
// other value is bad input (exit 2) naming the flag, the value and the
// three it takes, before any server starts.
func TestReplayTraceFlag(t *testing.T) {
	cfg := writeTemp(t, "mcp.json", deadConfig)
	sc := writeTemp(t, "log.json", `{"version":"2.1","metadata":{"name":"l"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`)
	for _, bad := range []string{"always", "on-first-retry", ""} {
		code, out, errOut := runCLI(t, "replay", sc, "--config", cfg, "--report", t.TempDir(), "--trace", bad)
		want := `--trace "` + bad + `": want on, retain-on-failure or off`
		if code != exitInput || !strings.Contains(errOut, want) {
			t.Errorf("--trace %q: exit %d, want 2 saying %q\nstdout:\n%s\nstderr:\n%s", bad, code, want, out, errOut)
		}
	}
	// A scenario that opens no browser server records no trace and
	// passes whatever the mode.
	for _, mode := range []string{"on", "retain-on-failure", "off", "ON"} {
		dir := t.TempDir()
		if code, out, errOut := runCLI(t, "replay", sc, "--config", cfg, "--report", dir, "--trace", mode); code != exitOK {
			t.Errorf("--trace %s: exit %d\nstdout:\n%s\nstderr:\n%s", mode, code, out, errOut)
		}
	}
}
