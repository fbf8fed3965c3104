// Package tracezip makes and reads Playwright trace files, the zips that
// Playwright's trace viewer opens (npx playwright show-trace FILE).
//
// It takes in a trace @playwright/mcp wrote as files (browser_stop_tracing
// links its action log, traces/trace-N.trace, beside trace-N.network and
// the folders of resources that every trace of that folder shares) and
// gives out one zip of that trace alone (Pack); and it reads a zip back
// into what a viewer needs of it (Check).
//
// A trace zip holds trace.trace (the action log: newline-delimited JSON
// events, the first the browser context's options, then a "before" and an
// "after" event per Playwright call, snapshots and screencast frames),
// trace.network (the network log, one resource-snapshot event per
// request), optionally trace.stacks (the client's call stacks), and the
// files those events name by their folder: resources/ (snapshots' and
// responses' bodies, by SHA-1), screencast/, screenshots/, aria/,
// attachments/, src/.
package tracezip

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/safefile"
)

// Entry names of a trace zip.
const (
	TraceEntry   = "trace.trace"
	NetworkEntry = "trace.network"
	StacksEntry  = "trace.stacks"
)

// Folders are the folders of a trace's files, as Playwright's trace
// viewer reads a trace folder (traceDescriptor in playwright-core 1.64).
var Folders = []string{"resources", "screencast", "screenshots", "aria", "attachments", "src"}

// ErrNotTrace is wrapped when a file is not a trace's action log (Pack), or
// a zip is not a trace the viewer loads (Check).
var ErrNotTrace = errors.New("not a Playwright trace")

// Pack writes the trace whose action log is traceFile (NAME.trace) as one
// zip at dest, replacing it atomically: NAME.trace as trace.trace,
// NAME.network as trace.network (empty when missing), NAME.stacks as
// trace.stacks when present, and of the files in the folders beside them
// (Folders) those whose name the log or the network log mentions: the
// folders are shared by every trace written there, and a trace holds only
// its own. Files that are not regular (a symbolic link) are left out.
func Pack(traceFile, dest string) error {
	prefix, ok := strings.CutSuffix(traceFile, ".trace")
	if !ok || filepath.Base(prefix) == "" {
		return fmt.Errorf("%w: %s is not a .trace file", ErrNotTrace, traceFile)
	}
	out, err := safefile.Create(dest, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	names := &nameSet{set: map[string]bool{}}
	for _, e := range []struct {
		entry, file string
		need        bool
	}{{TraceEntry, traceFile, true}, {NetworkEntry, prefix + ".network", false}, {StacksEntry, prefix + ".stacks", false}} {
		f, err := openRegular(e.file)
		switch {
		case errors.Is(err, fs.ErrNotExist) && e.entry == StacksEntry:
			continue
		case errors.Is(err, fs.ErrNotExist) && !e.need:
			f = nil // written empty
		case err != nil:
			return fmt.Errorf("trace %s: %w", traceFile, err)
		}
		w, err := create(zw, e.entry, f)
		if err != nil {
			return err
		}
		if f == nil {
			continue
		}
		_, err = io.Copy(io.MultiWriter(w, names), f)
		names.end()
		f.Close()
		if err != nil {
			return fmt.Errorf("trace %s: %w", e.file, err)
		}
	}
	dir := filepath.Dir(traceFile)
	for _, folder := range Folders {
		entries, err := os.ReadDir(filepath.Join(dir, folder))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("trace %s: %w", traceFile, err)
		}
		for _, de := range entries {
			if !de.Type().IsRegular() || !names.set[de.Name()] {
				continue
			}
			if err := addFile(zw, folder+"/"+de.Name(), filepath.Join(dir, folder, de.Name())); err != nil {
				return fmt.Errorf("trace %s: %w", traceFile, err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Commit()
}

// openRegular opens a regular file, not through a symbolic link.
func openRegular(path string) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	return os.Open(path)
}

func addFile(zw *zip.Writer, entry, path string) error {
	f, err := openRegular(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := create(zw, entry, f)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, f)
	return err
}

// create starts the zip's entry of the file f (nil: an empty one), dated
// as f was last written.
func create(zw *zip.Writer, entry string, f *os.File) (io.Writer, error) {
	h := &zip.FileHeader{Name: entry, Method: zip.Deflate}
	if f != nil {
		if fi, err := f.Stat(); err == nil {
			h.Modified = fi.ModTime()
		}
	}
	return zw.CreateHeader(h)
}

// nameSet collects, from the text written to it, every run of the
// characters a trace's file names are made of ([A-Za-z0-9._@-]): the
// names its events give their files ("sha1": "…", "file":
// "screencast/page@…-1.jpeg", "_sha1": "….html").
type nameSet struct {
	set map[string]bool
	cur []byte
}

func (n *nameSet) Write(p []byte) (int, error) {
	for _, c := range p {
		if nameByte(c) {
			if len(n.cur) < maxName {
				n.cur = append(n.cur, c)
			}
			continue
		}
		n.end()
	}
	return len(p), nil
}

// end closes the name being read.
func (n *nameSet) end() {
	if len(n.cur) > 0 && len(n.cur) < maxName {
		n.set[string(n.cur)] = true
	}
	n.cur = n.cur[:0]
}

// maxName is longer than any name Playwright gives a trace's file: a run
// of name characters that long (a data: URL's base64) names none.
const maxName = 256

func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '@' || c == '-'
}
