package mcpconfig

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/mcpclient"
)

func TestParseConfig(t *testing.T) {
	t.Setenv("MCPCLIENT_TEST_TOKEN", "tok123")
	tests := []struct {
		name string
		json string
		want map[string]mcpclient.ServerConfig
	}{
		{
			name: "mcpServers stdio (Claude Desktop)",
			json: `{"mcpServers": {"playwright": {"command": "npx", "args": ["@playwright/mcp@latest"], "env": {"DEBUG": "1", "PORT": 8080, "ON": true}}}}`,
			want: map[string]mcpclient.ServerConfig{"playwright": {Name: "playwright", Command: "npx", Args: []string{"@playwright/mcp@latest"},
				Env: map[string]string{"DEBUG": "1", "PORT": "8080", "ON": "true"}}},
		},
		{
			name: "mcpServers url with type and headers",
			json: `{"mcpServers": {"remote": {"url": "https://mcp.example/mcp", "type": "http", "headers": {"Authorization": "Bearer ${MCPCLIENT_TEST_TOKEN}"}},
			                  "legacy": {"url": "http://localhost:8931/sse", "type": "sse"},
			                  "cursor": {"url": "http://localhost:8931/mcp", "headers": {"X": "${env:MCPCLIENT_TEST_TOKEN}"}}}}`,
			want: map[string]mcpclient.ServerConfig{
				"remote": {Name: "remote", URL: "https://mcp.example/mcp", Transport: mcpclient.TransportHTTP, Headers: map[string]string{"Authorization": "Bearer tok123"}},
				"legacy": {Name: "legacy", URL: "http://localhost:8931/sse", Transport: mcpclient.TransportSSE},
				"cursor": {Name: "cursor", URL: "http://localhost:8931/mcp", Headers: map[string]string{"X": "tok123"}},
			},
		},
		{
			name: "servers format (Sandy): command, ws endpoint, socket path",
			json: `{"servers": {"fs": {"command": "mcp-fs", "args": ["/data"], "cwd": "/srv"},
			                   "chrome": {"endpoint": "ws://localhost:9222/mcp"},
			                   "sock": {"endpoint": "/tmp/mcp.sock"},
			                   "sse": {"endpoint": "http://localhost:8931/sse"}}}`,
			want: map[string]mcpclient.ServerConfig{
				"fs":     {Name: "fs", Command: "mcp-fs", Args: []string{"/data"}, Dir: "/srv"},
				"chrome": {Name: "chrome", URL: "ws://localhost:9222/mcp"},
				"sock":   {Name: "sock", URL: "unix:///tmp/mcp.sock"},
				"sse":    {Name: "sse", URL: "http://localhost:8931/sse"},
			},
		},
		{
			name: "both keys merge; disabled entries are skipped",
			json: `{"mcpServers": {"a": {"command": "a"}, "off": {"command": "x", "disabled": true}}, "servers": {"b": {"command": "b"}}}`,
			want: map[string]mcpclient.ServerConfig{"a": {Name: "a", Command: "a"}, "b": {Name: "b", Command: "b"}},
		},
		{
			name: "unknown variables and keys stay as written",
			json: `{"globalShortcut": "Ctrl+Space", "mcpServers": {"a": {"command": "a", "env": {"K": "${NOT_SET_ANYWHERE_42}"}, "autoApprove": []}}}`,
			want: map[string]mcpclient.ServerConfig{"a": {Name: "a", Command: "a", Env: map[string]string{"K": "${NOT_SET_ANYWHERE_42}"}}},
		},
		{
			name: "an empty list of servers",
			json: `{"servers": {}}`,
			want: map[string]mcpclient.ServerConfig{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseConfig([]byte(tt.json), "c.json")
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Path != "c.json" {
				t.Errorf("Path: got %q", cfg.Path)
			}
			if !reflect.DeepEqual(cfg.Servers, tt.want) {
				t.Errorf("servers:\n got %+v\nwant %+v", cfg.Servers, tt.want)
			}
		})
	}
}

func TestParseConfigTransports(t *testing.T) {
	cfg, err := parseConfig([]byte(`{"servers": {
		"s": {"command": "x"}, "h": {"url": "https://h/mcp"}, "e": {"url": "http://h/sse/"},
		"w": {"url": "wss://h/"}, "u": {"url": "unix:///run/m.sock"}, "t": {"url": "http://h/events", "transport": "sse"}}}`), "c.json")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"s": mcpclient.TransportStdio, "h": mcpclient.TransportHTTP, "e": mcpclient.TransportSSE, "w": mcpclient.TransportWS, "u": mcpclient.TransportUnix, "t": mcpclient.TransportSSE}
	for name, tr := range want {
		if got := cfg.Servers[name].EffectiveTransport(); got != tr {
			t.Errorf("%s: got transport %q, want %q", name, got, tr)
		}
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		json string
		want []string // all must appear in the error
	}{
		{"syntax error has line and column", "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",}\n  }\n}", []string{"c.json:3:26:", "invalid character '}'"}},
		{"wrong type has line, column and path", "{\"mcpServers\": {\"a\": {\"args\": \"--flag\"}}}", []string{"c.json:1:31: mcpServers.a.args: want an array of strings, got a string"}},
		// Columns count characters, as in scenario files (textpos.LineCol).
		{"column in characters, path with a quoted name", "{\"mcpServers\": {\"é b\": {\"args\": 1}}}", []string{`c.json:1:33: mcpServers["é b"].args: want an array of strings, got a number`}},
		{"not an object", `[1, 2]`, []string{"c.json:1:1: want an object, got an array"}},
		{"empty file", "  \n", []string{"c.json", "empty"}},
		{"neither key: unknown format", `{}`, []string{"c.json: unknown config format", `"mcpServers"`, `"servers"`}},
		{"other keys only: unknown format", `{"globalShortcut": "Ctrl+Space", "mcp": {"servers": {}}}`, []string{"c.json: unknown config format"}},
		{"null: unknown format", `null`, []string{"c.json: unknown config format"}},
		{"truncated", `{"mcpServers": {`, []string{"c.json:1:", "unexpected end"}},
		{"neither command nor url", `{"mcpServers": {"a": {"args": ["x"]}}}`, []string{"c.json: mcpServers.a:", `neither "command" nor "url"`}},
		{"both command and url", `{"mcpServers": {"a": {"command": "x", "url": "http://h/"}}}`, []string{"mcpServers.a", "give one"}},
		{"bad scheme", `{"servers": {"a": {"endpoint": "ftp://h/"}}}`, []string{"servers.a", "scheme"}},
		{"unknown transport", `{"servers": {"a": {"url": "http://h/", "type": "carrier-pigeon"}}}`, []string{"servers.a", `unknown transport "carrier-pigeon"`}},
		{"transport does not suit URL", `{"servers": {"a": {"url": "unix:///s.sock", "type": "sse"}}}`, []string{"servers.a", "does not suit"}},
		{"duplicate across keys", `{"mcpServers": {"a": {"command": "x"}}, "servers": {"a": {"command": "y"}}}`, []string{"servers.a", "also under mcpServers"}},
		{"env value of the wrong type", `{"mcpServers": {"a": {"command": "x", "env": {"K": [1]}}}}`, []string{"c.json", `"K"`}},
		{"every bad entry reported", `{"mcpServers": {"a": {}, "b": {"url": "gopher://x"}}}`, []string{"mcpServers.a", "mcpServers.b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseConfig([]byte(tt.json), "c.json")
			if err == nil {
				t.Fatalf("got %+v, want an error", cfg)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// TestConfigErrorsQuoteAnExcerpt: a config file a pull request commits may
// hold values of any length; each error quotes their first characters
// and their size.
func TestConfigErrorsQuoteAnExcerpt(t *testing.T) {
	long := strings.Repeat("z", 1<<20)
	for name, src := range map[string]string{
		"long name":       `{"mcpServers": {"` + long + `": {}}}`,
		"long URL":        `{"servers": {"a": {"endpoint": "ftp://` + long + `"}}}`,
		"unparsable URL":  `{"servers": {"a": {"url": "http://h/%zz` + long + `", "type": "http"}}}`,
		"long transport":  `{"servers": {"a": {"url": "http://h/", "type": "` + long + `"}}}`,
		"long env key":    `{"mcpServers": {"a": {"command": "x", "env": {"` + long + `": [1]}}}}`,
		"long socket URL": `{"servers": {"a": {"url": "unix://` + long + `", "type": "unix"}}}`,
	} {
		_, err := parseConfig([]byte(src), "c.json")
		if err == nil || len(err.Error()) > 1<<10 || !strings.Contains(err.Error(), " bytes)") {
			t.Errorf("%s: got %d bytes: %.300v; want an error under 1 KB with the value's size", name, len(fmt.Sprint(err)), err)
		}
	}
	cfg := &mcpclient.Config{Servers: map[string]mcpclient.ServerConfig{"a": {}}}
	if _, err := cfg.Server(long); err == nil || len(err.Error()) > 1<<10 {
		t.Errorf("Server(1 MB name): %d bytes, want an error under 1 KB", len(fmt.Sprint(err)))
	}
}

// writeConfig writes a config with one stdio server named name at path.
func writeConfig(t *testing.T, path, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"mcpServers": {"`+name+`": {"command": "x"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDiscover(t *testing.T) {
	home, work := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SANDY_CONFIG", "")
	t.Chdir(work)

	claude := filepath.Join(home, ".config", "Claude", "claude_desktop_config.json")
	if runtime.GOOS == "darwin" {
		claude = filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	}
	// Sandy's order, highest first; each test adds the next-higher file.
	candidates := []struct {
		name, path string
		source     Source
	}{
		{"global", filepath.Join(home, ".sandy", "config.json"), SourceHome},
		{"cursor", filepath.Join(home, ".cursor", "mcp.json"), SourceCursor},
		{"claude", claude, SourceClaudeDesktop},
		{"local", filepath.Join(work, ".sandy", "config.json"), SourceWorkDir},
	}

	d, err := Discover(nil)
	if err != nil || d.Config.Path != "" || len(d.Config.Servers) != 0 || d.Source != "" {
		t.Fatalf("nothing there: got %+v, %v; want an empty config", d, err)
	}
	trust := &DiscoverOptions{Trust: true}
	for _, c := range candidates {
		writeConfig(t, c.path, c.name)
		d, err := Discover(trust)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if _, ok := d.Config.Servers[c.name]; !ok || d.Source != c.source {
			t.Errorf("with %s present: got %s from %q (%v), want it to win, from %q", c.name, d.Config.Path, d.Source, d.Config.Servers, c.source)
		}
	}
	// The working directory's own config is in the tested tree: without
	// Trust, the next one wins.
	if d, err := Discover(nil); err != nil || d.Config.Servers["claude"].Name != "claude" || len(d.PassedOver) != 1 || d.PassedOver[0].Source != SourceWorkDir {
		t.Errorf("without Trust: got %+v, %v; want Claude Desktop's, the local one passed over", d, err)
	}

	env := filepath.Join(t.TempDir(), "env.json")
	writeConfig(t, env, "env")
	t.Setenv("SANDY_CONFIG", env)
	if d, err := Discover(nil); err != nil || d.Config.Servers["env"].Name != "env" || d.Source != SourceEnv {
		t.Errorf("SANDY_CONFIG: got %+v, %v; want it to win", d, err)
	}

	explicit := filepath.Join(t.TempDir(), "explicit.json")
	writeConfig(t, explicit, "explicit")
	if d, err := Discover(&DiscoverOptions{Explicit: explicit}); err != nil || d.Config.Servers["explicit"].Name != "explicit" || d.Source != SourceFlag {
		t.Errorf("explicit: got %+v, %v; want it to win", d, err)
	}

	if _, err := Discover(&DiscoverOptions{Explicit: filepath.Join(work, "missing.json")}); err == nil {
		t.Error("explicit missing file: got no error")
	}
	t.Setenv("SANDY_CONFIG", filepath.Join(work, "missing.json"))
	if _, err := Discover(nil); err == nil || !strings.Contains(err.Error(), "SANDY_CONFIG") {
		t.Errorf("SANDY_CONFIG missing file: got %v, want an error naming SANDY_CONFIG", err)
	}

	t.Setenv("SANDY_CONFIG", "")
	bad := filepath.Join(work, ".sandy", "config.json")
	if err := os.WriteFile(bad, []byte("{\"mcpServers\": nope}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Discover(trust); err == nil || !strings.Contains(err.Error(), bad+":1:") {
		t.Errorf("malformed local config: got %v, want an error naming %s with line:col", err, bad)
	}
}

func TestExpand(t *testing.T) {
	t.Setenv("MCPCLIENT_X", "ex")
	tests := map[string]string{
		"plain":                        "plain",
		"${MCPCLIENT_X}":               "ex",
		"a${env:MCPCLIENT_X}b":         "aexb",
		"${NOT_SET_ANYWHERE_42}":       "${NOT_SET_ANYWHERE_42}",
		"$MCPCLIENT_X":                 "$MCPCLIENT_X",
		"${":                           "${",
		"${}":                          "${}",
		"${MCPCLIENT_X}${MCPCLIENT_X}": "exex",
	}
	for in, want := range tests {
		if got := expand(in); got != want {
			t.Errorf("expand(%q): got %q, want %q", in, got, want)
		}
	}
}

func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(`{"mcpServers": {"p": {"command": "node", "args": ["cli.js"], "env": {"A": "1", "N": 2}}}}`))
	f.Add([]byte(`{"mcpServers": {"r": {"url": "https://h/mcp?token=x", "type": "http", "headers": {"A": "${HOME}"}}}}`))
	f.Add([]byte(`{"servers": {"w": {"endpoint": "ws://h/"}, "u": {"endpoint": "/tmp/s.sock"}, "s": {"endpoint": "http://h/sse"}}}`))
	f.Add([]byte(`{"servers": {"": {"command": "x"}}}`))
	f.Add([]byte("{\n \"mcpServers\": {\"a\": {\"command\": 1}}\n}"))
	f.Add([]byte(`{"mcpServers": {"a": {"url": "unix://", "transport": "unix"}}}`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := parseConfig(data, "f.json")
		if err != nil {
			if !strings.Contains(err.Error(), "f.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for name, sc := range cfg.Servers {
			if sc.Name != name || name == "" {
				t.Fatalf("server %q has Name %q", name, sc.Name)
			}
			if err := sc.Validate(); err != nil {
				t.Fatalf("server %q accepted but invalid: %v", name, err)
			}
			switch sc.EffectiveTransport() {
			case mcpclient.TransportStdio:
				if sc.Command == "" {
					t.Fatalf("stdio server %q without a command", name)
				}
			case mcpclient.TransportHTTP, mcpclient.TransportSSE, mcpclient.TransportWS, mcpclient.TransportUnix:
				if sc.URL == "" {
					t.Fatalf("server %q without a URL", name)
				}
			default:
				t.Fatalf("server %q: transport %q", name, sc.EffectiveTransport())
			}
		}
	})
}

// Claude Desktop keeps other settings in its config file: one with no MCP
// servers is passed over by discovery, while the same file named
// explicitly is refused, as Sandy refuses it.
func TestDiscoverPassesOverClaudeDesktopSettings(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("APPDATA layout")
	}
	home, work := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SANDY_CONFIG", "")
	t.Chdir(work)
	claude := filepath.Join(home, ".config", "Claude", "claude_desktop_config.json")
	if runtime.GOOS == "darwin" {
		claude = filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	}
	if err := os.MkdirAll(filepath.Dir(claude), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(claude, []byte(`{"preferences": {"theme": "dark"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	writeConfig(t, filepath.Join(home, ".cursor", "mcp.json"), "cursor")
	d, err := Discover(nil)
	if err != nil || d.Config.Servers["cursor"].Name != "cursor" {
		t.Errorf("got %+v, %v; want Claude Desktop's settings passed over and Cursor's config used", d, err)
	}
	if _, err := Discover(&DiscoverOptions{Explicit: claude}); !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), claude) {
		t.Errorf("explicit: got %v, want unknown config format naming the file", err)
	}
}

// TestLoadBounded: a config file over MaxSize is refused,
// naming it, without being read whole.
func TestLoadBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.json")
	big := `{"mcpServers": {"a": {"command": "x", "args": ["` + strings.Repeat("z", MaxSize) + `"]}}}`
	if err := os.WriteFile(path, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "over 10 MB") {
		t.Errorf("Load of %d bytes: got %v, want a refusal naming the file and the bound", len(big), err)
	}
}
