package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarioLimits: validate and replay refuse a file over the size
// limit unread and a value over a limit with its path, before any server
// starts (exit 2).
func TestScenarioLimits(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(23 << 20); err != nil { // the 23 MB, sparse
		t.Fatal(err)
	}
	f.Close()
	long := filepath.Join(dir, "long.json")
	body := `{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"m"}},{"step":2,"tool":"sandy__log","params":{"message":"` + strings.Repeat("a", 2<<20) + `"}}]}`
	if err := os.WriteFile(long, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"validate", "replay"} {
		code, stdout, stderr := runCLI(t, cmd, huge)
		if out := stdout + stderr; code != exitInput || !strings.Contains(out, huge+": the file is 23.0 MB, over the limit of 10.0 MB for a scenario file") {
			t.Errorf("%s huge.json: exit %d\n%s", cmd, code, out)
		}
		code, stdout, stderr = runCLI(t, cmd, long)
		if out := stdout + stderr; code != exitInput || !strings.Contains(out, long+":1:") || !strings.Contains(out, "steps[1].params.message: a string of 2.0 MB, over the limit of 1.0 MB") || len(out) > 4000 {
			t.Errorf("%s long.json: exit %d\n%.4000s", cmd, code, out)
		}
	}
}

// TestReplayLinkOut: replay DIR refuses a scenario that is a symbolic
// link out of DIR, naming the link, before it reads it.
func TestReplayLinkOut(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite")
	if err := os.MkdirAll(suite, 0o755); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(secret, []byte("TOPSECRET-LINE\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(suite, "leak.json")
	if err := os.Symlink(secret, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	code, stdout, stderr := runCLI(t, "replay", suite)
	out := stdout + stderr
	if code != exitInput || !strings.Contains(out, link+": a symbolic link to "+secret+", outside "+suite+": refused") {
		t.Errorf("replay DIR: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "TOPSECRET") {
		t.Errorf("the linked file's text was shown:\n%s", out)
	}
}

// A folder's heal proposals and partial scenarios are passed over, and
// listed, by validate and replay alike (they shared a folder with the
// scenarios and failed the run).
func TestFolderPassesOverProposals(t *testing.T) {
	dir := t.TempDir()
	good := `{"version":"2.1","metadata":{"name":"ok"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`
	for name, content := range map[string]string{
		"ok.json":             good,
		"ok.json.healed.json": good,
		"mug.partial.json":    `{"version":"2.1","metadata":{"name":"p","status":"partial","status_detail":"stopped"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, cmd := range []string{"validate", "replay"} {
		code, stdout, stderr := runCLI(t, cmd, dir)
		if code != 0 || !strings.Contains(stderr, "passed over 2 files") || !strings.Contains(stderr, "mug.partial.json") || !strings.Contains(stderr, "ok.json.healed.json") {
			t.Errorf("%s DIR: exit %d, want 0 listing the two files passed over\n%s\n%s", cmd, code, stdout, stderr)
		}
	}
}
