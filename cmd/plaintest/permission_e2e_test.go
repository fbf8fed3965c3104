package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/pwspec"
)

// permissionPages: /geo asks for the position when "Find me" is clicked
// and shows it, or "Location blocked" when the browser refuses; /notify
// asks to show notifications and says what the browser answered; /camera
// says what navigator.permissions says of the camera (the headless shell
// has no getUserMedia: see docs/limits.md).
const (
	geoPage = `<!doctype html><html><head><title>Where</title></head><body>
<button id="find">Find me</button><p id="where" role="status"></p>
<script>
document.getElementById("find").onclick = () => navigator.geolocation.getCurrentPosition(
  (p) => { document.getElementById("where").textContent = "You are at " + p.coords.latitude.toFixed(2) + ", " + p.coords.longitude.toFixed(2); },
  () => { document.getElementById("where").textContent = "Location blocked"; }, { timeout: 5000 });
</script></body></html>`
	notifyPage = `<!doctype html><html><head><title>News</title></head><body>
<button id="on">Turn on alerts</button><p id="said" role="status"></p>
<script>
document.getElementById("on").onclick = async () => {
  const answer = await Notification.requestPermission();
  document.getElementById("said").textContent = answer === "granted" ? "Alerts are on" : "Alerts blocked";
};
</script></body></html>`
	cameraPage = `<!doctype html><html><head><title>Call</title></head><body>
<button id="cam">Check the camera</button><p id="said" role="status"></p>
<script>
document.getElementById("cam").onclick = async () => {
  const s = await navigator.permissions.query({ name: "camera" });
  document.getElementById("said").textContent = "Camera " + s.state;
};
</script></body></html>`
)

func servePermissionPages(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page := map[string]string{"/geo": geoPage, "/notify": notifyPage, "/camera": cameraPage}[r.URL.Path]
		if page == "" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(page))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// permissionCases: each a page, the sentences of its test, what its
// export and spec hold, and the permissions that, put in its file in
// place of its own, make its replay fail (nil: none at all).
var permissionCases = []struct {
	name, path string
	actions    []string
	file, spec []string
	broken     map[string]any
	// brokenUse is the spec's test.use that makes it fail ("": none).
	brokenUse string
}{
	{"allow location", "/geo", []string{"allow location at 52.52, 13.40", "click Find me", `verify "You are at 52.52, 13.40" is shown`},
		[]string{`"granted": [`, `"geolocation"`, `"latitude": 52.52`, `"longitude": 13.4`},
		[]string{`test.use({`, `permissions: ["geolocation"]`, `geolocation: { latitude: 52.52, longitude: 13.4 }`}, nil, ""},
	{"block location", "/geo", []string{"block location", "click Find me", `verify "Location blocked" is shown`},
		[]string{`"granted": []`, `"denied": [`},
		[]string{`// Denied: geolocation`, `test.use({ permissions: [] });`},
		map[string]any{"granted": []string{"geolocation"}},
		`test.use({ permissions: ["geolocation"], geolocation: { latitude: 1, longitude: 2 } });`},
	{"allow notifications", "/notify", []string{"allow notifications", "click Turn on alerts", `verify "Alerts are on" is shown`},
		[]string{`"notifications"`},
		[]string{`test.use({ permissions: ["notifications"] });`}, nil, ""},
	{"allow the camera", "/camera", []string{"allow the camera", "click Check the camera", `verify "Camera granted" is shown`},
		[]string{`"camera"`},
		[]string{`test.use({ permissions: ["camera"] });`}, nil, ""},
}

// TestPermissionsBothServers: a test that allows or denies a permission
// compiles through each browser server, its export replays through the
// other, and its spec sets the context's permissions. The same file with
// its permissions taken out (allowed) or turned into a grant (denied)
// fails its check: the page answered as the permission said, not as the
// browser does anyway. A file granting clipboard-read is refused before
// any browser opens, and a sentence naming a permission no test may grant
// stops the compile naming it.
func TestPermissionsBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := servePermissionPages(t)
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	specs := t.TempDir() // the built-in server's compile's specs
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		for _, tc := range permissionCases {
			dir := t.TempDir()
			out := filepath.Join(dir, "p.json")
			args := []string{"compile", "--url", base + tc.path, "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--format", "playwright", "--translator", "rules"}
			for _, a := range tc.actions {
				args = append(args, "--step", a)
			}
			code, stdout, stderr := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("%s: compile through %s: exit %d\n%s\n%s", tc.name, server, code, stdout, stderr)
			}
			if want := "[1/3] " + tc.actions[0] + " → the browser's "; !strings.Contains(stdout, want) {
				t.Errorf("%s: the compile's progress lacks %q:\n%s", tc.name, want, stdout)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.file {
				if !strings.Contains(string(raw), want) {
					t.Errorf("%s: the export lacks %s:\n%s", tc.name, want, raw)
				}
			}
			specFile := strings.TrimSuffix(out, ".json") + ".spec.ts"
			spec, err := os.ReadFile(specFile)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.spec {
				if !strings.Contains(string(spec), want) {
					t.Errorf("%s: the spec lacks %s:\n%s", tc.name, want, spec)
				}
			}
			if server == "builtin" {
				if err := os.WriteFile(filepath.Join(specs, strings.ReplaceAll(tc.name, " ", "-")+".spec.ts"), spec, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			os.Remove(specFile)

			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			if code != 0 {
				t.Fatalf("%s: replay through %s: exit %d\n%s\n%s", tc.name, other[server], code, stdout, stderr)
			}

			broken := filepath.Join(t.TempDir(), "broken.json")
			writeWithPermissions(t, raw, broken, tc.broken)
			code, stdout, stderr = runLong(t, "replay", broken, "--mcp", other[server], "--report", t.TempDir(), "--timeout", "2s")
			if code != 1 || !strings.Contains(stdout+stderr, "expected text") {
				t.Errorf("%s: replay through %s with the permissions %v: exit %d, want 1 and its check failing\n%s\n%s", tc.name, other[server], tc.broken, code, stdout, stderr)
			}
		}
	})
	if t.Failed() {
		return
	}
	t.Run("specs", func(t *testing.T) {
		modules := nodeModules(t)
		if err := testkit.PlaywrightTest(t).Prettier(specs); err != nil {
			t.Errorf("the specs are not as Prettier leaves them: %v", err)
		}
		// The config written beside them, whose Chromium switches grew
		// past a line (the fake media devices).
		config := t.TempDir()
		if err := os.WriteFile(filepath.Join(config, pwspec.ConfigFile), pwspec.Config(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := testkit.PlaywrightTest(t).Prettier(config); err != nil {
			t.Errorf("the config is not as Prettier leaves it: %v", err)
		}
		if out, ok := runSpecs(t, modules, specs, base); !ok || !strings.Contains(out, fmt.Sprintf("%d passed", len(permissionCases))) {
			t.Fatalf("the exported specs do not pass:\n%s", out)
		}
		// Each spec with its permissions taken out, or the denied one
		// granted, fails its check.
		broken := t.TempDir()
		use := regexp.MustCompile(`(?s)test\.use\(\{.*?\}\);\n`)
		for _, tc := range permissionCases {
			name := strings.ReplaceAll(tc.name, " ", "-") + ".spec.ts"
			data, err := os.ReadFile(filepath.Join(specs, name))
			if err != nil {
				t.Fatal(err)
			}
			cut := use.ReplaceAllLiteralString(string(data), tc.brokenUse)
			if cut == string(data) {
				t.Fatalf("%s: no test.use to take out:\n%s", name, data)
			}
			if err := os.WriteFile(filepath.Join(broken, name), []byte(cut), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		out, failed := runFailingSpecs(t, broken, base)
		for _, tc := range permissionCases {
			if name := strings.ReplaceAll(tc.name, " ", "-"); !failed[name] {
				t.Errorf("%s: the spec without its permissions passes:\n%s", name, out)
			}
		}
	})
	t.Run("refusals", func(t *testing.T) {
		code, stdout, stderr := runCLI(t, "compile", "--url", base+"/geo", "-o", filepath.Join(t.TempDir(), "x.json"), "--translator", "rules",
			"--step", "click Find me", "--step", "allow clipboard reading")
		if want := `action 2: cannot allow or deny this permission: "allow clipboard reading"`; code != 2 || !strings.Contains(stdout+stderr, want) {
			t.Errorf("clipboard reading: exit %d, want 2 and %q\n%s\n%s", code, want, stdout, stderr)
		}
		code, stdout, stderr = runCLI(t, "compile", "--url", base+"/geo", "-o", filepath.Join(t.TempDir(), "x.json"), "--translator", "rules",
			"--step", "allow location access", "--step", "block location")
		if want := `action 2: "block location": action 1 already allows geolocation`; code != 2 || !strings.Contains(stdout+stderr, want) {
			t.Errorf("allowed and blocked: exit %d, want 2 and %q\n%s\n%s", code, want, stdout, stderr)
		}
		cfg := filepath.Join(t.TempDir(), "mcp.json")
		if err := os.WriteFile(cfg, []byte(`{"mcpServers": {"theirs": {"command": "their-browser-mcp"}}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr = runCLI(t, "compile", "--url", base+"/geo", "-o", filepath.Join(t.TempDir(), "x.json"), "--translator", "rules",
			"--config", cfg, "--mcp", "theirs", "--step", "allow notifications", "--step", "click Find me")
		if want := `--mcp theirs: the test allows or denies browser permissions (granted [notifications])`; code != 2 || !strings.Contains(stdout+stderr, want) {
			t.Errorf("a config's server: exit %d, want 2 and %q\n%s\n%s", code, want, stdout, stderr)
		}
		file := filepath.Join(t.TempDir(), "read.json")
		sc := `{"version": "2.1", "metadata": {"name": "read"}, "environment": {"permissions": {"granted": ["clipboard-read"]}},
"steps": [{"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "` + base + `/geo"}}]}`
		if err := os.WriteFile(file, []byte(sc), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr = runCLI(t, "replay", file, "--report", t.TempDir())
		if want := `environment.permissions.granted[0]: "clipboard-read" is not a permission a scenario may grant`; code != 2 || !strings.Contains(stdout+stderr, want) {
			t.Errorf("a file granting clipboard-read: exit %d, want 2 and %q\n%s\n%s", code, want, stdout, stderr)
		}
	})
}

// writeWithPermissions writes the scenario raw to path with its
// environment.permissions replaced by perms (taken out when nil).
func writeWithPermissions(t *testing.T, raw []byte, path string, perms map[string]any) {
	t.Helper()
	var sc map[string]any
	if err := json.Unmarshal(raw, &sc); err != nil {
		t.Fatal(err)
	}
	env := sc["environment"].(map[string]any)
	if perms == nil {
		delete(env, "permissions")
	} else {
		env["permissions"] = perms
	}
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
