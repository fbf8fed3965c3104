package mcpconfig

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/plaintest/plaintest/mcpclient"
)

// Source says where a config file came from.
type Source string

// The places Discover takes a config from, as a person would name them.
const (
	SourceFlag          Source = "--config"
	SourceEnv           Source = "SANDY_CONFIG"
	SourceWorkDir       Source = "the working directory"
	SourceClaudeDesktop Source = "Claude Desktop"
	SourceCursor        Source = "Cursor"
	SourceHome          Source = "the home folder"
)

// DiscoverOptions say which config Discover may read.
type DiscoverOptions struct {
	// Explicit is a config the user named (--config): loaded wherever it
	// is, and it must exist.
	Explicit string
	// Tested are the folders whose files are under test: each scenario's
	// folder, a compiled file's folder. The working directory always is
	// one. See Discover for the tree they span.
	Tested []string
	// Trust reads a config found inside the tested tree too (plaintest's
	// --trust-config). Off, such a config is passed over.
	Trust bool
}

// Discovery is the config Discover chose and the ones it passed over.
type Discovery struct {
	// Config is the config read: never nil, with Path "" and no servers
	// when none was.
	Config *mcpclient.Config
	// Source is where Config came from, "" when none was read.
	Source Source
	// Trusted: Config lies inside the tested tree and was read only
	// because DiscoverOptions.Trust said so.
	Trusted bool
	// PassedOver are the configs found inside the tested tree and not
	// read, in discovery order.
	PassedOver []Untrusted
}

// Untrusted is a config file that lies inside the tested tree: the change
// under test may have written it, and its servers' commands would run.
type Untrusted struct {
	Path   string
	Source Source
	// Tree is the folder where the tested tree it lies in begins: a
	// repository's root (Repo), else the folder where the walk up from a
	// tested folder stopped (the home folder or the filesystem root).
	Tree string
	Repo bool
}

// Discover finds the config the way Sandy does, except that it does not
// read one the files under test may have brought. A config the user named
// is read as it is: o.Explicit (--config), which must exist, else
// $SANDY_CONFIG (which must exist when set). Otherwise the first of these
// that exists and may be read wins: ./.sandy/config.json, the Claude
// Desktop config, ~/.cursor/mcp.json, ~/.sandy/config.json. One that lies
// inside the tested tree (see testedTrees: the working directory's
// own always does) is passed over, and listed in
// Discovery.PassedOver, unless o.Trust; the next one is tried. With none,
// the result is an empty Config and no error. A file that exists but does
// not parse is an error naming it.
func Discover(o *DiscoverOptions) (*Discovery, error) {
	if o == nil {
		o = &DiscoverOptions{}
	}
	if o.Explicit != "" {
		cfg, err := Load(o.Explicit)
		if err != nil {
			return nil, err
		}
		return &Discovery{Config: cfg, Source: SourceFlag}, nil
	}
	if p := os.Getenv("SANDY_CONFIG"); p != "" {
		cfg, err := Load(p)
		if err != nil {
			return nil, fmt.Errorf("SANDY_CONFIG: %w", err)
		}
		return &Discovery{Config: cfg, Source: SourceEnv}, nil
	}
	trees, err := testedTrees(o.Tested)
	if err != nil {
		return nil, fmt.Errorf("mcp config: %w", err)
	}
	d := &Discovery{}
	seen := map[string]bool{}
	for _, c := range discoveryPaths() {
		if seen[c.path] {
			continue // the working directory is the home folder
		}
		seen[c.path] = true
		if _, err := os.Stat(c.path); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, fmt.Errorf("mcp config: %w", err)
		}
		if u := trees.holding(c); u != nil {
			if !o.Trust {
				d.PassedOver = append(d.PassedOver, *u)
				continue
			}
			d.Trusted = true
		}
		cfg, err := Load(c.path)
		if errors.Is(err, ErrUnknownFormat) && c.source == SourceClaudeDesktop {
			// Claude Desktop keeps its other settings in that file: one
			// with no MCP servers is not a config of ours to refuse.
			d.Trusted = false
			continue
		}
		if err != nil {
			return nil, err
		}
		d.Config, d.Source = cfg, c.source
		return d, nil
	}
	d.Config = &mcpclient.Config{Servers: map[string]mcpclient.ServerConfig{}}
	return d, nil
}

// candidate is a config file discovery may read.
type candidate struct {
	path   string // absolute
	source Source
}

// discoveryPaths lists the candidate files after $SANDY_CONFIG, in order.
func discoveryPaths() []candidate {
	local, err := filepath.Abs(filepath.Join(".sandy", "config.json"))
	if err != nil {
		local = filepath.Join(".sandy", "config.json")
	}
	paths := []candidate{{path: local, source: SourceWorkDir}}
	home := homeDir()
	if home == "" {
		return paths
	}
	if p := claudeDesktopConfig(home); p != "" {
		paths = append(paths, candidate{path: p, source: SourceClaudeDesktop})
	}
	return append(paths,
		candidate{path: filepath.Join(home, ".cursor", "mcp.json"), source: SourceCursor},
		candidate{path: filepath.Join(home, ".sandy", "config.json"), source: SourceHome},
	)
}

// homeDir is the user's home folder, absolute, or "" when there is none.
func homeDir() string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	if abs, err := filepath.Abs(home); err == nil {
		return abs
	}
	return home
}

// claudeDesktopConfig returns where Claude Desktop keeps its config.
func claudeDesktopConfig(home string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	case "windows":
		if appData := os.Getenv("APPDATA"); appData != "" {
			if abs, err := filepath.Abs(appData); err == nil {
				appData = abs
			}
			return filepath.Join(appData, "Claude", "claude_desktop_config.json")
		}
		return ""
	default:
		return filepath.Join(home, ".config", "Claude", "claude_desktop_config.json")
	}
}
