package tracezip

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// Info is what Check read of a trace zip.
type Info struct {
	// Events counts trace.trace's events by type ("context-options",
	// "before", "after", "frame-snapshot", "screencast-frame", …).
	Events map[string]int
	// Calls are the Playwright calls the trace records, each as
	// "Class.method" ("Frame.goto", "Frame.click"), in the order they
	// started.
	Calls []string
	// Groups are the titles of the trace's groups (Tracing.group), in
	// order: the built-in server's MCP tool calls.
	Groups []string
	// Requests is how many requests trace.network records.
	Requests int
	// Files counts the zip's files by folder ("resources", "screencast").
	Files map[string]int
}

// maxLine bounds one event of a trace (a DOM snapshot of a large page).
const maxLine = 64 << 20

// Check opens the zip at file and checks that it is a trace Playwright's
// trace viewer loads: its entries are relative paths inside the zip; it
// holds trace.trace, newline-delimited JSON events whose first is the
// browser context's options ("context-options"), with at least one call,
// each call's "before" event closed by an "after" of its callId; and
// trace.network, each line a "resource-snapshot" event; every screencast
// frame's file is in the zip, and resources/ holds at least one file.
// Every problem found is in the error, which wraps ErrNotTrace.
func Check(file string) (*Info, error) {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrNotTrace, file, err)
	}
	defer zr.Close()
	info := &Info{Events: map[string]int{}, Files: map[string]int{}}
	var problems []string
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		if !fs.ValidPath(f.Name) || strings.Contains(f.Name, "\\") {
			problems = append(problems, fmt.Sprintf("entry %q is not a relative path inside the zip", f.Name))
			continue
		}
		entries[f.Name] = f
		if dir, _, ok := strings.Cut(f.Name, "/"); ok && slices.Contains(Folders, dir) {
			info.Files[dir]++
		}
	}
	var frames []string
	open := map[string]string{} // callId → Class.method of a call not yet closed
	err = eachEvent(entries[TraceEntry], func(n int, ev map[string]any) error {
		typ, _ := ev["type"].(string)
		if n == 1 && typ != "context-options" {
			return fmt.Errorf("its first event is %q, not the context's options (\"context-options\")", typ)
		}
		info.Events[typ]++
		id, _ := ev["callId"].(string)
		switch typ {
		case "before":
			class, _ := ev["class"].(string)
			method, _ := ev["method"].(string)
			call := class + "." + method
			info.Calls = append(info.Calls, call)
			open[id] = call
			if method == "tracingGroup" {
				title, _ := ev["title"].(string)
				info.Groups = append(info.Groups, title)
			}
		case "after":
			if _, ok := open[id]; !ok {
				return fmt.Errorf("line %d: an \"after\" event of call %q, which no \"before\" started", n, id)
			}
			delete(open, id)
		case "screencast-frame":
			if f, _ := ev["file"].(string); f != "" {
				frames = append(frames, f)
			} else if sha1, _ := ev["sha1"].(string); sha1 != "" {
				frames = append(frames, "resources/"+sha1)
			}
		}
		return nil
	})
	if err != nil {
		problems = append(problems, TraceEntry+": "+err.Error())
	} else {
		if len(info.Calls) == 0 {
			problems = append(problems, TraceEntry+": no call (\"before\" event)")
		}
		for id, call := range open {
			problems = append(problems, fmt.Sprintf("%s: call %s (%s) has no \"after\" event", TraceEntry, id, call))
		}
	}
	err = eachEvent(entries[NetworkEntry], func(n int, ev map[string]any) error {
		if typ, _ := ev["type"].(string); typ != "resource-snapshot" {
			return fmt.Errorf("line %d is a %q event, not a \"resource-snapshot\"", n, typ)
		}
		info.Requests++
		return nil
	})
	if err != nil {
		problems = append(problems, NetworkEntry+": "+err.Error())
	}
	for _, f := range frames {
		if entries[f] == nil {
			problems = append(problems, fmt.Sprintf("screencast frame %s is not in the zip", f))
			break
		}
	}
	if info.Files["resources"] == 0 {
		problems = append(problems, "resources/ holds no file")
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return info, fmt.Errorf("%w: %s: %s", ErrNotTrace, file, strings.Join(problems, "; "))
	}
	return info, nil
}

// eachEvent calls f with each line of the entry (numbered from 1) read as
// a JSON object; a missing entry, an empty one, or a line that is no
// object is an error, and so is f's.
func eachEvent(zf *zip.File, f func(n int, ev map[string]any) error) error {
	if zf == nil {
		return errors.New("missing")
	}
	rc, err := zf.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		n++
		var ev map[string]any
		if err := json.Unmarshal(line, &ev); err != nil {
			return fmt.Errorf("line %d is not a JSON object: %v", n, err)
		}
		if err := f(n, ev); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if n == 0 && zf.Name == TraceEntry {
		return errors.New("no event")
	}
	return nil
}
