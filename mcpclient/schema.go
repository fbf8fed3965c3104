package mcpclient

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// ToolSchema is what a server's tools/list says of one tool's arguments:
// their names and JSON types, and whether others are refused
// (additionalProperties: false).
type ToolSchema struct {
	Name   string
	Args   map[string]string // argument name -> JSON type ("" when not given)
	Closed bool              // additionalProperties: false
}

// ServerInfo returns the name and version the server gave in initialize.
func (s *Session) ServerInfo() (name, version string) {
	return s.serverInfo.Name, s.serverInfo.Version
}

// SchemaOf reads the argument shapes of t's input schema.
func SchemaOf(t Tool) ToolSchema {
	ts := ToolSchema{Name: t.Name, Args: map[string]string{}}
	props, _ := t.InputSchema["properties"].(map[string]any)
	for k, v := range props {
		typ := ""
		if m, ok := v.(map[string]any); ok {
			typ, _ = m["type"].(string)
		}
		ts.Args[k] = typ
	}
	if b, ok := t.InputSchema["additionalProperties"].(bool); ok && !b {
		ts.Closed = true
	}
	return ts
}

// Schemas returns the argument shapes of tools.
func Schemas(tools []Tool) []ToolSchema {
	out := make([]ToolSchema, len(tools))
	for i, t := range tools {
		out[i] = SchemaOf(t)
	}
	return out
}

// Fingerprint is a short digest of the argument shapes (names, JSON types,
// whether others are refused) of the tools called names in tools,
// "sha256:" and 16 hex digits. Descriptions and the required lists are left
// out: they change without changing what a call may send (@playwright/mcp
// lists browser_take_screenshot's scale as required and takes calls
// without it). A name tools lacks counts as a tool with no schema.
func Fingerprint(tools []ToolSchema, names []string) string {
	names = slices.Clone(names)
	sort.Strings(names)
	names = slices.Compact(names)
	h := sha256.New()
	for _, n := range names {
		i := slices.IndexFunc(tools, func(t ToolSchema) bool { return t.Name == n })
		fmt.Fprintf(h, "tool %q\n", n)
		if i < 0 {
			fmt.Fprintf(h, "missing\n")
			continue
		}
		t := tools[i]
		args := make([]string, 0, len(t.Args))
		for a := range t.Args {
			args = append(args, a)
		}
		sort.Strings(args)
		for _, a := range args {
			fmt.Fprintf(h, "arg %q %q\n", a, t.Args[a])
		}
		fmt.Fprintf(h, "closed %t\n", t.Closed)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:16]
}

// targetRenames are the earlier names of @playwright/mcp's target argument
// (ref until 0.0.70, then selector), newest first.
var targetRenames = []string{"selector", "ref"}

// ArgTarget is the name of @playwright/mcp's element argument since 0.0.71.
const ArgTarget = "target"

// MigrateArgs renames the arguments of a call that the server's schema t
// knows by another name, in either direction: ref or selector (older
// @playwright/mcp) to target when t has target and not the old name, and
// target to the name an older server has. It returns the arguments (a copy
// when changed) and the renames made, as "ref -> target".
func MigrateArgs(t ToolSchema, args map[string]any) (map[string]any, []string) {
	has := func(n string) bool { _, ok := t.Args[n]; return ok }
	var changes []string
	out := args
	rename := func(from, to string) {
		cp := make(map[string]any, len(out))
		for k, v := range out {
			cp[k] = v
		}
		cp[to] = cp[from]
		delete(cp, from)
		out = cp
		changes = append(changes, from+" -> "+to)
	}
	names := append([]string{ArgTarget}, targetRenames...)
	for _, from := range names {
		if _, ok := out[from]; !ok || has(from) || len(t.Args) == 0 {
			continue
		}
		for _, to := range names {
			if to != from && has(to) {
				if _, taken := out[to]; !taken {
					rename(from, to)
				}
				break
			}
		}
	}
	return out, changes
}

// Misfits lists the arguments in args that the server's schema t does not
// have, when it refuses others, each as a sentence naming the argument. A
// required argument missing is not one: servers list arguments with
// defaults as required.
func Misfits(t ToolSchema, args map[string]any) []string {
	var out []string
	if t.Closed {
		keys := make([]string, 0, len(args))
		for k := range args {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if _, ok := t.Args[k]; !ok {
				out = append(out, fmt.Sprintf("%s: no such argument (%s takes %s)", k, t.Name, argList(t)))
			}
		}
	}
	return out
}

func argList(t ToolSchema) string {
	names := make([]string, 0, len(t.Args))
	for a := range t.Args {
		names = append(names, a)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "no arguments"
	}
	return strings.Join(names, ", ")
}
