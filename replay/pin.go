package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// toolLister is a ToolCaller that can list its tools (an MCP session).
type toolLister interface {
	Tools(ctx context.Context) ([]mcpclient.Tool, error)
	ServerInfo() (name, version string)
}

// pin fits the scenario to the browser server it replays on, before step
// 1. The calls of every server that lists its tools get the argument
// renames the server's schema asks for (ref or selector to target on a
// newer @playwright/mcp, or back: mcpclient.MigrateArgs). A scenario that
// records the fingerprint of its tools (environment.tools_fingerprint) and
// meets a server whose fingerprint differs is checked call by call: an
// argument the server does not have, a required one missing or a tool it
// lacks refuses the run, naming the step, the argument and both servers,
// rather than failing at that step.
func (r *run) pin(ctx context.Context, plans []*plan) error {
	env := r.sc.Environment
	var problems []string
	for name, caller := range r.sessions {
		tl, ok := caller.(toolLister)
		if !ok {
			continue
		}
		tools, err := tl.Tools(ctx)
		if err != nil {
			r.log.Debug("cannot list tools; calls are sent as written", "server", name, "err", err)
			continue
		}
		schemas := mcpclient.Schemas(tools)
		byName := map[string]mcpclient.ToolSchema{}
		for _, s := range schemas {
			byName[s.Name] = s
		}
		var used []string
		for _, pl := range plans {
			if pl.kind == kindCall && pl.server == name {
				used = append(used, pl.tool)
			}
		}
		check := false
		if env != nil && env.ToolsFingerprint != "" && name == r.opts.Browser {
			check = mcpclient.Fingerprint(schemas, used) != env.ToolsFingerprint
		}
		for _, pl := range plans {
			if pl.kind != kindCall || pl.server != name {
				continue
			}
			where := fmt.Sprintf("steps[%d]", pl.index-1)
			schema, ok := byName[pl.tool]
			if !ok {
				if check {
					problems = append(problems, fmt.Sprintf("%s: the server has no tool %s", where, printable.Excerpt(pl.tool)))
				}
				continue
			}
			params, changes := mcpclient.MigrateArgs(schema, pl.step.Params)
			if len(changes) > 0 {
				st := *pl.step
				st.Params = params
				pl.step = &st
				r.log.Info("arguments renamed for the server", "step", pl.step.Step, "renamed", strings.Join(changes, ", "))
			}
			if check {
				for _, m := range mcpclient.Misfits(schema, params) {
					problems = append(problems, where+".params."+m)
				}
			}
		}
		if len(problems) > 0 {
			sName, sVersion := tl.ServerInfo()
			return fmt.Errorf("%w: %s: compiled with %s, tools %s; the server %s here is %s, tools %s, and refuses this scenario's calls:\n  %s\n(recompile the scenario with this server, or replay it with --mcp %s)",
				sandy.ErrInvalid, r.where(), serverLabel(env.Server, env.ServerVersion), env.ToolsFingerprint,
				printable.Quote(name), serverLabel(printable.Excerpt(sName), printable.Excerpt(sVersion)), mcpclient.Fingerprint(schemas, used), strings.Join(problems, "\n  "), pinnedFlag(env.Server))
		}
	}
	return nil
}

func serverLabel(name, version string) string {
	if name == "" {
		return "an unnamed server"
	}
	if version == "" {
		return name
	}
	return name + " " + version
}

// pinnedFlag is the --mcp value that names the server a scenario was
// compiled with.
func pinnedFlag(server string) string {
	switch server {
	case "plaintest-builtin":
		return "builtin"
	case "Playwright": // how @playwright/mcp names itself
		return "playwright-mcp"
	}
	return "NAME, the config server that compiled it"
}
