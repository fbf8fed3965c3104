package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags returns a FlagSet whose --help prints the command's synopsis,
// description and flags.
func newFlags(e *env, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := e.stdout
		fmt.Fprintf(w, "Usage:\n  plaintest %s %s\n\n%s\n\nFlags:\n", name, synopsis, strings.TrimSpace(description))
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseArgs parses flags that may come before, between or after positional
// arguments ("compile TEXT --url U" as well as "compile --url U TEXT") and
// returns the positional ones. A lone "--" ends flag parsing.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				fs.Usage()
				return nil, err
			}
			return nil, usageError("%v (see plaintest %s --help)", err, fs.Name())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// kvFlag collects repeated K=V flags (--var, --secret) in order.
type kvFlag struct {
	keys   []string
	values map[string]string
}

func (f *kvFlag) String() string { return strings.Join(f.keys, ",") }

func (f *kvFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", s)
	}
	if f.values == nil {
		f.values = map[string]string{}
	}
	if _, dup := f.values[k]; !dup {
		f.keys = append(f.keys, k)
	}
	f.values[k] = v
	return nil
}

// listFlag collects a repeated string flag (--step).
type listFlag []string

func (f *listFlag) String() string     { return strings.Join(*f, "; ") }
func (f *listFlag) Set(s string) error { *f = append(*f, s); return nil }
