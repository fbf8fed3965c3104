package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// newFlags returns a FlagSet whose --help (or -h) prints the command's
// synopsis, description and flags on stdout. Flags are GNU style (pflag):
// --name VALUE or --name=VALUE, one-letter ones also -o VALUE. A flag that
// has a one-letter form (-o, --output) is also --o, as it was before the
// long names.
func newFlags(e *env, name, synopsis, description string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SetNormalizeFunc(func(fs *pflag.FlagSet, name string) pflag.NormalizedName {
		if len(name) == 1 {
			if f := fs.ShorthandLookup(name); f != nil {
				return pflag.NormalizedName(f.Name)
			}
		}
		return pflag.NormalizedName(name)
	})
	fs.Usage = func() {
		w := e.stdout
		fmt.Fprintf(w, "Usage:\n  plaintest %s %s\n\n%s\n\nFlags:\n", name, synopsis, strings.TrimSpace(description))
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseArgs parses args, whose flags may come before, between or after the
// positional arguments ("compile TEXT --url U" as well as "compile --url U
// TEXT"; a lone "--" ends the flags), and returns the positional ones.
// --help has printed the usage (once) when it returns pflag.ErrHelp; any
// other error is a usage error that says where to look.
func parseArgs(fs *pflag.FlagSet, args []string) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil, err
		}
		return nil, usageError("%s (see plaintest %s --help)", flagError(fs, args, err), fs.Name())
	}
	return fs.Args(), nil
}

// flagError words a parse error of fs over args. An unknown flag is said
// as Go's flag package said it; when args hold a long flag written with one
// dash ("-url", which reads as -u -r -l), the error says to write two.
func flagError(fs *pflag.FlagSet, args []string, err error) string {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) {
		return err.Error()
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(a, "-"), "=")
		if len(name) > 1 && a[0] == '-' && name[0] != '-' && fs.Lookup(name) != nil {
			return fmt.Sprintf("flag provided but not defined: %s (long flags take two dashes: --%s)", a, name)
		}
	}
	if ne.GetSpecifiedShortnames() != "" {
		return "flag provided but not defined: -" + ne.GetSpecifiedName()
	}
	return "flag provided but not defined: --" + ne.GetSpecifiedName()
}

// kvFlag collects repeated K=V flags (--var, --secret) in order.
type kvFlag struct {
	keys   []string
	values map[string]string
}

func (f *kvFlag) String() string { return strings.Join(f.keys, ",") }
func (f *kvFlag) Type() string   { return "NAME=VALUE" }

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
func (f *listFlag) Type() string       { return "TEXT" }
func (f *listFlag) Set(s string) error { *f = append(*f, s); return nil }
