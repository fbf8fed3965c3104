package replay

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/sandy"
)

// What a scenario may touch on the machine that replays it. A scenario is
// data, often written by someone else, and CI replays it with the rights of
// whoever runs CI: it must not be able to write, or read, files outside the
// one folder it is given (Options.Files), nor run code outside the browser.

// fileKeys are the argument names that hold file paths, in the tools of
// @playwright/mcp (filename, paths) and of MCP servers at large (path,
// file_path, ...), compared without case, "_" and "-". The rule goes by
// name so that it holds for tools it does not know yet.
var fileKeys = map[string]bool{
	"filename": true, "filenames": true, "file": true, "files": true,
	"filepath": true, "filepaths": true, "path": true, "paths": true,
	"dir": true, "directory": true, "folder": true,
	"outputdir": true, "outputpath": true, "outputfile": true,
	"savepath": true, "downloadpath": true, "downloaddir": true,
}

func isFileKey(k string) bool {
	k = strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(k))
	return fileKeys[k]
}

// ErrOutsideFiles is wrapped when a scenario names a file outside its files
// folder. It is bad input (it wraps sandy.ErrInvalid too).
var ErrOutsideFiles = errors.New("outside the files folder")

// outsideError is a file argument that leaves the files folder.
type outsideError struct {
	path, root, why string
}

func (e *outsideError) Error() string { return e.message(strconv.Quote, nil) }

// message is the error's text with the path quoted by quote and the
// reason passed through cut (when not nil).
func (e *outsideError) message(quote, cut func(string) string) string {
	why := e.why
	if cut != nil {
		why = cut(why)
	}
	return fmt.Sprintf("%s %s the files folder %s: a scenario may read and write files only there (plaintest replay --files DIR)", quote(e.path), why, e.root)
}

func (e *outsideError) Unwrap() []error { return []error{ErrOutsideFiles, sandy.ErrInvalid} }

// namesFiles reports whether a step of sc has a file argument.
func namesFiles(sc *sandy.Scenario) bool {
	for _, st := range sc.Steps {
		if hasFileArgs(st.Params) {
			return true
		}
	}
	return false
}

// hasFileArgs reports whether params has a file argument.
func hasFileArgs(params map[string]any) bool {
	for k := range params {
		if isFileKey(k) {
			return true
		}
	}
	return false
}

// Preflight refuses, before anything runs, a scenario that would step out
// of what a replay allows: a call to browser_run_code_unsafe (which runs
// any code in the browser server's process), by any name it has had (see
// UnsafeTool), unless opts.AllowUnsafeCode; a step of claude-in-chrome (the
// user's own browser) unless opts.AllowChromeBridge; a URL the browser may
// not open (see urls.go); a file argument written without placeholders
// that lies outside the files folder; and, at the first file argument, a
// default files folder reached through a symbolic link (see
// Options.Files). Arguments with placeholders are checked again, with
// their values, when their step runs. Every problem is reported at once,
// as a *sandy.ValidationError naming file.
func Preflight(file string, sc *sandy.Scenario, opts *Options) error {
	o := opts.withDefaults()
	rule := fileRule(file, &o)
	linked, saidLinked := linkedFiles(&o), false
	var ps []sandy.Problem
	for i, st := range sc.Steps {
		path := fmt.Sprintf("steps[%d]", i)
		_, tool, builtin, err := sandy.SplitTool(st.Tool)
		if err != nil {
			continue // reported by validation
		}
		if !builtin && UnsafeTool(tool) && !o.AllowUnsafeCode {
			ps = append(ps, sandy.Problem{Path: path + ".tool",
				Msg: tool + " runs any code on this machine, in the browser server's process: refused unless --allow-unsafe-code"})
		}
		if !o.AllowChromeBridge {
			if p := chromeBridgeProblem(path, &sc.Steps[i]); p != nil {
				ps = append(ps, *p)
			}
		}
		if !builtin {
			if k, err := checkURLs(rule, st.Params, true); err != nil {
				ps = append(ps, sandy.Problem{Path: path + ".params." + k, Msg: writtenMessage(err)})
			}
		}
		for _, k := range slices.Sorted(maps.Keys(st.Params)) {
			if !isFileKey(k) {
				continue
			}
			if linked != nil {
				// Said once, at the first file argument; a path in such a
				// folder means nothing.
				if !saidLinked {
					ps = append(ps, sandy.Problem{Path: path + ".params." + k, Msg: linked.Error()})
					saidLinked = true
				}
				continue
			}
			for _, v := range fileValues(st.Params[k]) {
				if strings.Contains(v, "{{") {
					continue
				}
				var err error
				if builtin {
					err = localPath(o.Files, v)
				} else {
					_, err = inside(o.Files, v)
				}
				if err != nil {
					ps = append(ps, sandy.Problem{Path: path + ".params." + k, Msg: writtenMessage(err)})
				}
			}
		}
	}
	if len(ps) > 0 {
		return &sandy.ValidationError{File: file, Problems: ps}
	}
	return nil
}

// writtenMessage is the message of Preflight's err about a value written
// in the file (a URL, a path), the value quoted as an excerpt
// (printable.Quote): the file may write it over a megabyte, and Preflight
// lists every one. Written without a placeholder, such a value holds no
// secret; a value with one, checked at its step, is quoted whole, masked,
// then cut with the step's message (a cut first could leave part of a
// secret that the mask no longer finds).
func writtenMessage(err error) string {
	var refused *navrule.Error
	var outside *outsideError
	switch {
	case errors.As(err, &refused):
		return fmt.Sprintf("%s %s: %s", navrule.Marker, printable.Quote(refused.URL), refused.Reason)
	case errors.As(err, &outside):
		return outside.message(printable.Quote, printable.Excerpt)
	}
	return err.Error()
}

// fileValues are the paths an argument holds: a string, or the strings of
// a list.
func fileValues(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	case []string:
		return x
	}
	return nil
}

// confine checks the file arguments of one MCP tool call (params after
// substitution) and returns params with each of them replaced by the
// absolute path, symbolic links resolved, inside root: the server then
// reads or writes exactly the file that was checked, whatever its own
// working directory. A value that is not a string is left to the server.
func confine(root string, params map[string]any) (map[string]any, error) {
	out := params
	copied := false
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if !isFileKey(k) {
			continue
		}
		var v any
		switch x := params[k].(type) {
		case string:
			p, err := inside(root, x)
			if err != nil {
				return nil, fmt.Errorf("params.%s: %w", k, err)
			}
			v = p
		case []any:
			list := make([]any, len(x))
			for i, e := range x {
				s, ok := e.(string)
				if !ok {
					list[i] = e
					continue
				}
				p, err := inside(root, s)
				if err != nil {
					return nil, fmt.Errorf("params.%s[%d]: %w", k, i, err)
				}
				list[i] = p
			}
			v = list
		default:
			continue
		}
		if !copied {
			out = make(map[string]any, len(params))
			for k, v := range params {
				out[k] = v
			}
			copied = true
		}
		out[k] = v
	}
	return out, nil
}

// inside resolves p (relative to root, or absolute) and checks that it
// stays inside root, also once symbolic links are followed: of p itself
// when it exists, else of its nearest existing parent. It returns the
// resolved path.
func inside(root, p string) (string, error) {
	switch {
	case strings.TrimSpace(p) == "":
		return "", &outsideError{p, root, "is empty, not a file in"}
	case strings.ContainsRune(p, 0):
		return "", &outsideError{p, root, "holds a NUL byte: not a file in"}
	}
	abs := p
	if !filepath.IsAbs(p) {
		if !filepath.IsLocal(p) {
			return "", &outsideError{p, root, "leaves"}
		}
		abs = filepath.Join(root, p)
	}
	if !fspath.Within(root, abs) {
		return "", &outsideError{p, root, "is outside"}
	}
	realRoot, err := fspath.Resolve(root)
	if err != nil {
		return "", fmt.Errorf("files folder %s: %w", root, err)
	}
	real, err := fspath.Resolve(abs)
	if err != nil {
		return "", &outsideError{p, root, fmt.Sprintf("cannot be resolved (%v) inside", errors.Unwrap(err))}
	}
	if !fspath.Within(realRoot, real) {
		return "", &outsideError{p, root, "leads, through a symbolic link, outside"}
	}
	return real, nil
}

// localPath checks a path sandy__append_file writes: relative, and inside
// root (os.Root enforces the rest, symbolic links included, as it writes).
func localPath(root, p string) error {
	if filepath.IsAbs(p) || !filepath.IsLocal(filepath.Clean(filepath.FromSlash(p))) {
		return &outsideError{p, root, "must be a relative path that stays inside"}
	}
	return nil
}
