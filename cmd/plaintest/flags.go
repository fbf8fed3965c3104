package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/sandy"
	"github.com/spf13/pflag"
)

// newFlags returns a FlagSet whose --help (or -h) prints the command's
// synopsis, description and flags on stdout, on one screen: the
// description is a sentence or two, an example and the doc page that is
// the command's reference (TestHelpFitsAScreen holds each command to
// it). Flags are GNU style (pflag): --name VALUE or --name=VALUE,
// one-letter ones also -o VALUE. A flag that has a one-letter form (-o,
// --output) is also --o, as it was before the long names.
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
		fmt.Fprintf(w, "Usage: plaintest %s %s\n\n%s\n\nFlags:\n", name, synopsis, strings.TrimSpace(description))
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		printFlagLines(w, fs)
	}
	return fs
}

// flagLineKey is the annotation of a flag that --help names on a shared
// line (flagLine) instead of a line of its own.
const flagLineKey = "plaintest/flag-line"

// flagLine lists the flags names on one line of --help, after the
// others, as "  title: --a, --b", instead of a line each: flags a command
// takes for another's sake, described where that one is (replay --heal
// takes compile's model flags). They parse as any other.
func flagLine(fs *pflag.FlagSet, title string, names ...string) {
	for _, n := range names {
		if fs.Lookup(n) == nil {
			panic("flagLine: no flag --" + n)
		}
		_ = fs.SetAnnotation(n, flagLineKey, []string{title})
		_ = fs.MarkHidden(n)
	}
}

// printFlagLines writes the lines of flagLine, in the order their first
// flags sort.
func printFlagLines(w io.Writer, fs *pflag.FlagSet) {
	var titles []string
	names := map[string][]string{}
	fs.VisitAll(func(f *pflag.Flag) {
		if t := f.Annotations[flagLineKey]; len(t) == 1 {
			if _, seen := names[t[0]]; !seen {
				titles = append(titles, t[0])
			}
			names[t[0]] = append(names[t[0]], "--"+f.Name)
		}
	})
	for _, t := range titles {
		fmt.Fprintf(w, "  %s: %s\n", t, strings.Join(names[t], ", "))
	}
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

// joinOptional writes "flag VALUE" as "flag=VALUE" when VALUE is one of
// values: a flag whose value is optional (pflag's NoOptDefVal) then reads
// the next word as Sandy's argparse does (--include-results on_failure),
// while "--include-results scenario.json" still leaves the file alone.
func joinOptional(args []string, flag string, values ...string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(out, args[i:]...)
		}
		if args[i] == flag && i+1 < len(args) && slices.Contains(values, args[i+1]) {
			out = append(out, flag+"="+args[i+1])
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// varLayers returns the variables of the --env file envFile (none when ""),
// then those of --var, lowest precedence first. A --var value that is not
// UTF-8 is refused with its byte offset (and not shown: it may be a secret).
func varLayers(envFile string, vars kvFlag) ([]map[string]string, error) {
	for _, k := range vars.keys {
		if bad := textpos.InvalidUTF8([]byte(vars.values[k])); bad >= 0 {
			return nil, usageError("--var %s: invalid UTF-8 at byte %d of the value", k, bad)
		}
	}
	var layers []map[string]string
	if envFile != "" {
		env, err := sandy.LoadDotenv(envFile)
		if err != nil {
			if errors.Is(err, sandy.ErrInvalid) {
				return nil, err
			}
			return nil, usageError("--env: %v", err)
		}
		layers = append(layers, env)
	}
	if len(vars.values) > 0 {
		layers = append(layers, vars.values)
	}
	return layers, nil
}
