package tracezip

import (
	"archive/zip"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Events of a small trace, as Playwright 1.64 writes them.
const (
	contextEvent = `{"version":10,"type":"context-options","browserName":"chromium","options":{"viewport":{"width":1280,"height":720}}}`
	network1     = `{"type":"resource-snapshot","snapshot":{"request":{"url":"http://127.0.0.1/"},"response":{"content":{"_sha1":"bbb.html"}}}}`
)

func trace1() string {
	return strings.Join([]string{contextEvent,
		`{"type":"before","callId":"call@1","class":"Frame","method":"goto","params":{"url":"http://127.0.0.1/"}}`,
		`{"type":"frame-snapshot","snapshot":{"callId":"call@1","resourceOverrides":[{"url":"a.css","sha1":"aaa.css"},{"url":"b.css","sha1":"link.css"}]}}`,
		`{"type":"screencast-frame","pageId":"page@p1","file":"screencast/page@p1-1.jpeg"}`,
		`{"type":"after","callId":"call@1"}`,
	}, "\n") + "\n"
}

// liveTraces writes a traces folder as @playwright/mcp leaves it after two
// traces: each trace's files, and the folders they share.
func liveTraces(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "traces")
	files := map[string]string{
		"trace-1.trace":             trace1(),
		"trace-1.network":           network1 + "\n",
		"trace-1.stacks":            `{"files":[],"stacks":[]}`,
		"trace-2.trace":             contextEvent + "\n" + `{"type":"frame-snapshot","snapshot":{"resourceOverrides":[{"sha1":"ccc.css"}]}}` + "\n" + `{"type":"screencast-frame","file":"screencast/page@p2-1.jpeg"}` + "\n",
		"trace-2.network":           "",
		"resources/aaa.css":         "p{}",
		"resources/bbb.html":        "<p>shop</p>",
		"resources/ccc.css":         "q{}",
		"screencast/page@p1-1.jpeg": "jpeg1",
		"screencast/page@p2-1.jpeg": "jpeg2",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("not the trace's"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "resources", "link.css")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	return dir
}

func entries(t *testing.T, file string) map[string]string {
	t.Helper()
	zr, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = string(b)
	}
	return out
}

// TestPackKeepsOneTrace: a trace packed from a folder that holds two
// keeps its own log, network log and stacks under the zip's names, and of
// the shared folders only the files its events name; a symbolic link is
// left out even when named; the zip is one Check takes.
func TestPackKeepsOneTrace(t *testing.T) {
	dir := liveTraces(t)
	dest := filepath.Join(t.TempDir(), "mug.trace.zip")
	if err := Pack(filepath.Join(dir, "trace-1.trace"), dest); err != nil {
		t.Fatal(err)
	}
	got := entries(t, dest)
	want := []string{"resources/aaa.css", "resources/bbb.html", "screencast/page@p1-1.jpeg", "trace.network", "trace.stacks", "trace.trace"}
	if names := slices.Sorted(maps.Keys(got)); !slices.Equal(names, want) {
		t.Errorf("entries: got %q, want %q", names, want)
	}
	if got[TraceEntry] != trace1() || got["resources/bbb.html"] != "<p>shop</p>" {
		t.Errorf("contents: got %q", got)
	}
	info, err := Check(dest)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(info.Calls, []string{"Frame.goto"}) || info.Requests != 1 || info.Files["resources"] != 2 || info.Events["screencast-frame"] != 1 {
		t.Errorf("Check: got %+v", info)
	}
}

// TestPackRefuses: a file that is not a .trace, or that is missing, is
// refused and nothing is written; a missing network log is written
// empty.
func TestPackRefuses(t *testing.T) {
	dir := liveTraces(t)
	out := t.TempDir()
	for _, bad := range []string{filepath.Join(dir, "trace-1.network"), filepath.Join(dir, "trace-9.trace"), filepath.Join(dir, "resources", "link.css")} {
		if err := Pack(bad, filepath.Join(out, "x.zip")); err == nil {
			t.Errorf("Pack(%s): no error", bad)
		}
	}
	if left, _ := os.ReadDir(out); len(left) > 0 {
		t.Errorf("refused packs left %v", left)
	}
	if err := os.Remove(filepath.Join(dir, "trace-1.network")); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(out, "y.zip")
	if err := Pack(filepath.Join(dir, "trace-1.trace"), dest); err != nil {
		t.Fatal(err)
	}
	if got, ok := entries(t, dest)[NetworkEntry]; !ok || got != "" {
		t.Errorf("trace.network: got %q (present %v), want empty", got, ok)
	}
}

// zipOf writes a zip of the entries (in name order).
func zipOf(t *testing.T, files map[string]string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "t.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(files[name])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return p
}

// TestCheck: each way a zip fails to be a trace the viewer loads is found
// and named; a good one passes.
func TestCheck(t *testing.T) {
	good := func() map[string]string {
		return map[string]string{TraceEntry: trace1(), NetworkEntry: network1 + "\n", "resources/aaa.css": "p{}", "screencast/page@p1-1.jpeg": "j"}
	}
	for _, tt := range []struct {
		name string
		edit func(m map[string]string)
		want string // in the error; "" for none
	}{
		{"good", func(map[string]string) {}, ""},
		{"no trace.trace", func(m map[string]string) { delete(m, TraceEntry) }, "trace.trace: missing"},
		{"no trace.network", func(m map[string]string) { delete(m, NetworkEntry) }, "trace.network: missing"},
		{"empty log", func(m map[string]string) { m[TraceEntry] = "\n" }, "trace.trace: no event"},
		{"options not first", func(m map[string]string) {
			m[TraceEntry] = strings.Replace(trace1(), contextEvent+"\n", "", 1) + contextEvent + "\n"
		}, `its first event is "before"`},
		{"a call never ends", func(m map[string]string) {
			m[TraceEntry] = strings.Replace(trace1(), `{"type":"after","callId":"call@1"}`, "", 1)
		}, `call call@1 (Frame.goto) has no "after" event`},
		{"an end of no call", func(m map[string]string) { m[TraceEntry] += `{"type":"after","callId":"call@9"}` + "\n" }, `which no "before" started`},
		{"no call", func(m map[string]string) { m[TraceEntry] = contextEvent + "\n" }, "no call"},
		{"not JSON", func(m map[string]string) { m[TraceEntry] += "{oops\n" }, "line 6 is not a JSON object"},
		{"network of another kind", func(m map[string]string) { m[NetworkEntry] = `{"type":"before"}` }, `not a "resource-snapshot"`},
		{"frame missing", func(m map[string]string) { delete(m, "screencast/page@p1-1.jpeg") }, "screencast frame screencast/page@p1-1.jpeg is not in the zip"},
		{"no resources", func(m map[string]string) { delete(m, "resources/aaa.css") }, "resources/ holds no file"},
		{"an entry out of the zip", func(m map[string]string) { m["../evil"] = "x" }, `entry "../evil" is not a relative path`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := good()
			tt.edit(m)
			_, err := Check(zipOf(t, m))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("got %v, want an error saying %q", err, tt.want)
			case tt.want != "" && !errors.Is(err, ErrNotTrace):
				t.Errorf("got %v, want it to wrap ErrNotTrace", err)
			}
		})
	}
	if _, err := Check(filepath.Join(t.TempDir(), "none.zip")); !errors.Is(err, ErrNotTrace) {
		t.Errorf("a missing file: got %v, want ErrNotTrace", err)
	}
}

// FuzzNameSet: the names read from a text do not depend on how the text
// is split into writes (a name across two writes is one name).
func FuzzNameSet(f *testing.F) {
	f.Add(trace1(), 7)
	f.Add(`"sha1":"abc.html","file":"screencast/page@x-1.jpeg"`, 1)
	f.Fuzz(func(t *testing.T, text string, step int) {
		whole := &nameSet{set: map[string]bool{}}
		_, _ = whole.Write([]byte(text))
		whole.end()
		if step < 1 {
			step = 1
		}
		parts := &nameSet{set: map[string]bool{}}
		for i := 0; i < len(text); i += step {
			_, _ = parts.Write([]byte(text[i:min(i+step, len(text))]))
		}
		parts.end()
		if !maps.Equal(whole.set, parts.set) {
			t.Errorf("whole %v, in writes of %d %v", whole.set, step, parts.set)
		}
		for name := range whole.set {
			if name == "" || len(name) >= maxName || strings.ContainsFunc(name, func(r rune) bool { return r > 127 || !nameByte(byte(r)) }) {
				t.Errorf("name %q", name)
			}
		}
	})
}
