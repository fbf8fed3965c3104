package mcpclient

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/permit"
)

// addGuard starts sc's @playwright/mcp with plaintest's navigation guard:
// guard.cjs, written to a folder private to this session, loaded with
// --init-page on every page the server opens, told its rule and where to
// log refusals through the environment. The same folder holds the
// server's config file (--config), which gives its Chromium the switches
// of defaults.ChromiumArgs (the command line has no flag for them).
func (s *Session) addGuard(sc *ServerConfig) error {
	dir, err := os.MkdirTemp("", "plaintest-guard-")
	if err != nil {
		return err
	}
	s.tempDirs = append(s.tempDirs, dir)
	script, err := navrule.WriteGuard(dir)
	if err != nil {
		return err
	}
	config := filepath.Join(dir, "plaintest-mcp.json")
	if err := os.WriteFile(config, playwrightMCPConfig(sc.grant), 0o600); err != nil {
		return err
	}
	s.guardLog = filepath.Join(dir, "refusals.log")
	sc.Args = append(append([]string(nil), sc.Args...), "--init-page", script, "--config", config)
	env := maps.Clone(sc.Env)
	if env == nil {
		env = map[string]string{}
	}
	for _, kv := range sc.guard.GuardEnv(s.guardLog) {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	sc.Env = env
	return nil
}

// guardRefusal is the first refusal the guard logged since the last call
// ("" when none), and empties the log: the guard has closed the page that
// showed the refused URL.
func (s *Session) guardRefusal() string {
	if s.guardLog == "" {
		return ""
	}
	data, err := os.ReadFile(s.guardLog)
	if err != nil || len(data) == 0 {
		return ""
	}
	_ = os.Truncate(s.guardLog, 0)
	line, _, _ := bytes.Cut(data, []byte("\n"))
	return string(line)
}

// Refused reports whether r is a refusal of plaintest's navigation rule,
// by either browser server: the step asked for, or the page reached, a
// URL the scenario may not open.
func (r *Result) Refused() bool {
	return r.IsError && strings.HasPrefix(r.Error, navrule.Marker)
}

// playwrightMCPConfig is the config file of the bundled @playwright/mcp:
// only what its command line cannot say. Its other settings come from the
// command line, which @playwright/mcp merges over the file's: Chromium's
// switches, and a grant's permissions (an empty list when it grants none:
// every permission denied) and position, which the command line cannot
// say.
func playwrightMCPConfig(g permit.Grant) []byte {
	browser := map[string]any{"launchOptions": map[string]any{"args": defaults.ChromiumArgs}}
	if g.Set {
		ctx := map[string]any{"permissions": g.Names()}
		if g.Geolocation() {
			ctx["geolocation"] = map[string]float64{"latitude": g.Latitude, "longitude": g.Longitude}
		}
		browser["contextOptions"] = ctx
	}
	data, _ := json.Marshal(map[string]any{"browser": browser})
	return data
}
