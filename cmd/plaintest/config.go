package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcpconfig"
)

// The MCP config of compile, replay and snapshot. Its servers are commands
// this machine runs: a config found among the files under test (a pull
// request's .sandy/config.json) is read only when the user names it
// (--config, $SANDY_CONFIG) or says to read it (--trust-config), per run.

// trustConfigFlag is the flag that reads a config found in the tested tree.
const trustConfigFlag = "trust-config"

// configFlags are --config and --trust-config.
type configFlags struct {
	path  string // --config
	trust bool   // --trust-config
}

func (c *configFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&c.path, "config", "", "MCP config `FILE` (default: discovered)")
	fs.BoolVar(&c.trust, trustConfigFlag, false, "read a config among the files under test (its commands run)")
}

// discover reads the MCP config for a command that tests the files of the
// folders tested (the working directory is always one), and says on w
// which config it read, from where, and each one it passed over, why and
// how to read it.
func (c *configFlags) discover(w io.Writer, tested []string) (*mcpconfig.Discovery, error) {
	d, err := mcpconfig.Discover(&mcpconfig.DiscoverOptions{Explicit: c.path, Trust: c.trust, Tested: tested})
	if err != nil {
		return nil, usageError("%v", err)
	}
	for _, u := range d.PassedOver {
		where := fmt.Sprintf("in %s, which holds the files under test (with no .git above them, where they end is unknown)", u.Tree)
		if u.Repo {
			where = fmt.Sprintf("in the repository %s, whose files are under test", u.Tree)
		}
		fmt.Fprintln(w, printable.String(fmt.Sprintf("MCP config %s (%s) not read: it is %s and may have come with them; name it with --config, or add --%s",
			u.Path, u.Source, where, trustConfigFlag)))
	}
	if d.Config.Path != "" {
		from := string(d.Source)
		if d.Trusted {
			from += ", among the files under test; read with --" + trustConfigFlag
		}
		fmt.Fprintln(w, printable.String(fmt.Sprintf("MCP config: %s (%s)", d.Config.Path, from)))
	}
	return d, nil
}

// folders are the folders of files, each once, in order.
func folders(files []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range files {
		dir := filepath.Dir(f)
		if !seen[dir] {
			seen[dir] = true
			out = append(out, dir)
		}
	}
	return out
}

// configures reports whether cfg has its own server called name.
func configures(cfg *mcpclient.Config, name string) bool {
	_, ok := cfg.Servers[name]
	return ok
}

// tested are the folders whose files compile reads besides the working
// directory: the -f file's, and the local start page's. A compile of a
// cloned repository's tests meets its .sandy/config.json as a replay does.
func (f *compileFlags) tested(startURL string) []string {
	var dirs []string
	if f.file != "" {
		dirs = append(dirs, filepath.Dir(f.file))
	}
	if page := pageFolder(startURL); page != "" {
		dirs = append(dirs, page)
	}
	return dirs
}
