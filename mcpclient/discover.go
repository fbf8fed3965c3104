package mcpclient

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// Discover finds the config the way Sandy does. A non-empty explicit path
// (--config) is loaded and must exist. Otherwise the first of these that
// exists wins: $SANDY_CONFIG (which must exist when set), ./.sandy/config.json,
// the Claude Desktop config, ~/.cursor/mcp.json, ~/.sandy/config.json. When
// none exists the result is an empty Config and no error. A file that exists
// but does not parse is an error naming it.
func Discover(explicit string) (*Config, error) {
	if explicit != "" {
		return LoadConfig(explicit)
	}
	if p := os.Getenv("SANDY_CONFIG"); p != "" {
		cfg, err := LoadConfig(p)
		if err != nil {
			return nil, fmt.Errorf("SANDY_CONFIG: %w", err)
		}
		return cfg, nil
	}
	for _, p := range discoveryPaths() {
		if _, err := os.Stat(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, fmt.Errorf("mcp config: %w", err)
		}
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		cfg, err := LoadConfig(p)
		if errors.Is(err, ErrUnknownFormat) && p == claudeDesktopPath() {
			// Claude Desktop keeps its other settings in that file: one
			// with no MCP servers is not a config of ours to refuse.
			continue
		}
		return cfg, err
	}
	return &Config{Servers: map[string]ServerConfig{}}, nil
}

// discoveryPaths lists the candidate files after $SANDY_CONFIG, in order.
func discoveryPaths() []string {
	paths := []string{filepath.Join(".sandy", "config.json")}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return paths
	}
	if p := claudeDesktopConfig(home); p != "" {
		paths = append(paths, p)
	}
	return append(paths,
		filepath.Join(home, ".cursor", "mcp.json"),
		filepath.Join(home, ".sandy", "config.json"),
	)
}

// claudeDesktopPath is Claude Desktop's config file for this user, "" when
// there is no home directory.
func claudeDesktopPath() string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	p := claudeDesktopConfig(home)
	if abs, err := filepath.Abs(p); err == nil && p != "" {
		return abs
	}
	return p
}

// claudeDesktopConfig returns where Claude Desktop keeps its config.
func claudeDesktopConfig(home string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	case "windows":
		if appData := os.Getenv("APPDATA"); appData != "" {
			return filepath.Join(appData, "Claude", "claude_desktop_config.json")
		}
		return ""
	default:
		return filepath.Join(home, ".config", "Claude", "claude_desktop_config.json")
	}
}
