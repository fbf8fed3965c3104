// Package mcpconfig finds and reads the MCP config files that name the
// servers a scenario calls: it takes the config flag, the environment
// and the folders under test, and gives out a *mcpclient.Config (Load:
// one file in either format MCP clients write; Discover: the file Sandy's
// discovery order finds, where from, and those passed over as untrusted).
package mcpconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/mcpclient"
)

// ErrUnknownFormat is wrapped by Load's error for a file with neither
// "mcpServers" nor "servers".
var ErrUnknownFormat = errors.New("unknown config format")

// Load reads a config file in either of the formats MCP clients use:
//
//	{"mcpServers": {"name": {"command": "...", "args": [...], "env": {...}}}}   // Claude Desktop, Cursor
//	{"mcpServers": {"name": {"url": "http://...", "type": "http"|"sse"}}}
//	{"servers": {"name": {"command": "..."}}}                                   // Sandy
//	{"servers": {"name": {"endpoint": "ws://..." | "http://..." | "/path/to.sock"}}}
//
// Both keys may appear in one file; a file with neither is refused, naming
// its path ("unknown config format"), as Sandy's player refuses it. "${VAR}" and "${env:VAR}" in env values,
// headers and args are replaced from the environment (unknown variables stay
// as written). Errors name the file, and line:column for JSON errors; every
// bad server entry is reported, not just the first.
func Load(path string) (*mcpclient.Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("mcp config: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("mcp config: %w", err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("mcp config %s: over %d MB: not a config file", path, MaxSize>>20)
	}
	return parseConfig(data, path)
}

// MaxSize bounds a config file: a few servers' commands take a few
// kilobytes; a larger file is refused unread past the bound.
const MaxSize = 10 << 20

// rawServer is one server entry as the formats spell it.
type rawServer struct {
	Command   string    `json:"command"`
	Args      []string  `json:"args"`
	Env       stringMap `json:"env"`
	Cwd       string    `json:"cwd"`
	URL       string    `json:"url"`
	Endpoint  string    `json:"endpoint"`
	Type      string    `json:"type"`
	Transport string    `json:"transport"`
	Headers   stringMap `json:"headers"`
	Disabled  bool      `json:"disabled"`
}

// stringMap accepts numbers and booleans as values too ("PORT": 8080) and
// keeps them as written.
type stringMap map[string]string

func (m *stringMap) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(stringMap, len(raw))
	for k, v := range raw {
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			out[k] = s
			continue
		}
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			return err
		}
		switch x.(type) {
		case float64, bool:
			out[k] = string(bytes.TrimSpace(v))
		default:
			return fmt.Errorf("value of %s must be a string, number or boolean", printable.Quote(k))
		}
	}
	*m = out
	return nil
}

// parseConfig parses a config file's bytes; path is only used in errors.
func parseConfig(data []byte, path string) (*mcpclient.Config, error) {
	var file struct {
		MCPServers map[string]rawServer `json:"mcpServers"`
		Servers    map[string]rawServer `json:"servers"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, jsonError(path, data, err)
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil || keys == nil {
		return nil, fmt.Errorf("%s: %w: want a JSON object", path, ErrUnknownFormat)
	}
	_, hasMCP := keys["mcpServers"]
	_, hasServers := keys["servers"]
	if !hasMCP && !hasServers {
		return nil, fmt.Errorf(`%s: %w: neither "mcpServers" (Claude Desktop, Cursor) nor "servers" (Sandy) is there`, path, ErrUnknownFormat)
	}
	cfg := &mcpclient.Config{Path: path, Servers: map[string]mcpclient.ServerConfig{}}
	var errs []error
	add := func(key string, entries map[string]rawServer) {
		names := slices.Sorted(maps.Keys(entries))
		for _, name := range names {
			raw := entries[name]
			where := fmt.Sprintf("%s: %s.%s", path, key, printable.Excerpt(name))
			if raw.Disabled {
				continue
			}
			if name == "" {
				errs = append(errs, fmt.Errorf("%s: server name is empty", where))
				continue
			}
			if _, dup := cfg.Servers[name]; dup {
				errs = append(errs, fmt.Errorf("%s: server %s is also under mcpServers", where, printable.Quote(name)))
				continue
			}
			sc, err := raw.server(name)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", where, err))
				continue
			}
			cfg.Servers[name] = sc
		}
	}
	add("mcpServers", file.MCPServers)
	add("servers", file.Servers)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cfg, nil
}

// server turns one entry into a mcpclient.ServerConfig.
func (r rawServer) server(name string) (mcpclient.ServerConfig, error) {
	if r.URL != "" && r.Endpoint != "" && r.URL != r.Endpoint {
		return mcpclient.ServerConfig{}, errors.New(`both "url" and "endpoint": give one`)
	}
	sc := mcpclient.ServerConfig{
		Name:    name,
		Command: r.Command,
		Args:    expandAll(r.Args),
		Env:     expandMap(r.Env),
		Dir:     r.Cwd,
		URL:     r.URL,
		Headers: expandMap(r.Headers),
	}
	if sc.URL == "" {
		sc.URL = r.Endpoint
	}
	// A bare socket path ("endpoint": "/tmp/mcp.sock") is a Unix socket.
	if strings.HasPrefix(sc.URL, "/") {
		sc.URL = "unix://" + sc.URL
	}
	t := r.Transport
	if t == "" {
		t = r.Type
	}
	switch strings.ToLower(t) {
	case "":
	case "stdio":
		sc.Transport = mcpclient.TransportStdio
	case "http", "streamable-http", "streamable_http", "streamablehttp", "streamable":
		sc.Transport = mcpclient.TransportHTTP
	case "sse":
		sc.Transport = mcpclient.TransportSSE
	case "ws", "websocket":
		sc.Transport = mcpclient.TransportWS
	case "unix", "socket":
		sc.Transport = mcpclient.TransportUnix
	default:
		return mcpclient.ServerConfig{}, fmt.Errorf("unknown transport %s (want stdio, http, sse, ws or unix)", printable.Quote(t))
	}
	if err := sc.Validate(); err != nil {
		return mcpclient.ServerConfig{}, err
	}
	return sc, nil
}

// expand replaces ${VAR} and ${env:VAR} with the variable's value; unknown
// variables are left as written.
func expand(s string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name := strings.TrimPrefix(s[i+2:i+j], "env:")
		b.WriteString(s[:i])
		if v, ok := os.LookupEnv(name); ok && name != "" {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

func expandAll(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = expand(s)
	}
	return out
}

func expandMap(m stringMap) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = expand(v)
	}
	return out
}

// jsonError turns a decoding error into "file:line:col: path: what" (see
// textpos.JSONError).
func jsonError(path string, data []byte, err error) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return fmt.Errorf("%s: empty file, want a JSON object", path)
	}
	off, field, msg, ok := textpos.JSONError(data, err)
	if !ok {
		return fmt.Errorf("%s: %w", path, err)
	}
	line, col := textpos.LineCol(data, off)
	if field != "" {
		msg = field + ": " + msg
	}
	return fmt.Errorf("%s:%d:%d: %s", path, line, col, msg)
}
