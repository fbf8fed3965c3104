package testkit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
)

func TestAPGCorpus(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "apg")
	empty := filepath.Join(dir, "empty")
	file := filepath.Join(dir, "file")
	for _, d := range []string{filepath.Join(corpus, "patterns"), empty} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, env, want, wantErr string
	}{
		{"unset", "", "", ""},
		{"the corpus", corpus, corpus, ""},
		{"the corpus, a trailing separator", corpus + string(filepath.Separator), corpus, ""},
		{"missing", filepath.Join(dir, "nothing"), "", "no such folder"},
		{"a file", file, "", "not a folder"},
		{"a folder without patterns", empty, "", "no patterns folder"},
		{"relative", filepath.Join("..", "apg"), "", "not an absolute path"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(APGEnv, tt.env)
			got, err := APGCorpus()
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if tt.wantErr == "" {
				if err != nil {
					t.Errorf("got error %v, want none", err)
				}
				return
			}
			if !errors.Is(err, ErrAPGCorpus) {
				t.Fatalf("got error %v, want ErrAPGCorpus", err)
			}
			// The message names the variable, the path and what is wrong.
			for _, want := range []string{APGEnv + "=" + tt.env, tt.wantErr} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("got %q, want it to say %q", err, want)
				}
			}
		})
	}
}

// recorder is a testing.TB that notes Fatal and Skip instead of acting.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Fatal(args ...any)                 { r.fatal = fmt.Sprint(args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }
func (r *recorder) Skip(args ...any)                  { r.skip = fmt.Sprint(args...) }

// TestAPGDir: unset, a test that can run without the corpus gets "" and
// one that needs it skips saying APGNotRun; set to no corpus, both fail,
// CI or not.
func TestAPGDir(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nothing")
	for _, tt := range []struct {
		env, ci                string
		need                   bool
		wantFatal, wantSkipped bool
	}{
		{"", "", false, false, false},
		{"", "true", false, false, false},
		{"", "", true, false, true},
		{"", "true", true, false, true},
		{missing, "", false, true, false},
		{missing, "true", true, true, false},
	} {
		t.Setenv(APGEnv, tt.env)
		t.Setenv("CI", tt.ci)
		r := &recorder{TB: t}
		if tt.need {
			NeedAPGDir(r)
		} else {
			APGDir(r)
		}
		if (r.fatal != "") != tt.wantFatal || (r.skip != "") != tt.wantSkipped {
			t.Errorf("%s=%q CI=%q need %v: got fatal %q, skip %q; want fatal %v, skip %v",
				APGEnv, tt.env, tt.ci, tt.need, r.fatal, r.skip, tt.wantFatal, tt.wantSkipped)
		}
		if tt.wantSkipped && r.skip != APGNotRun {
			t.Errorf("got skip %q, want %q", r.skip, APGNotRun)
		}
		if tt.wantFatal && !strings.Contains(r.fatal, missing) {
			t.Errorf("got fatal %q, want it to name %s", r.fatal, missing)
		}
	}
}

func TestPages(t *testing.T) {
	pages := map[string]string{"/a": "<p>holds</p>"}
	url := Serve(t, Pages("<head><title>T</title></head>", func(path string, broken bool) (string, bool) {
		page, ok := pages[path]
		if broken {
			page = strings.ReplaceAll(page, "holds", "broken")
		}
		return page, ok
	}))
	for _, tt := range []struct {
		path, want string
		status     int
	}{
		{"/a", "<!doctype html><html><head><title>T</title></head><body><p>holds</p></body></html>", 200},
		{"/broken/a", "<!doctype html><html><head><title>T</title></head><body><p>broken</p></body></html>", 200},
		{"/b", "404 page not found\n", 404},
		{"/broken/b", "404 page not found\n", 404},
	} {
		res, err := http.Get(url + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tt.status || string(body) != tt.want {
			t.Errorf("%s: got %d %q, want %d %q", tt.path, res.StatusCode, body, tt.status, tt.want)
		}
		if tt.status == 200 && res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: got Content-Type %q", tt.path, res.Header.Get("Content-Type"))
		}
	}
}

func TestMedian(t *testing.T) {
	s := time.Second
	for _, tt := range []struct {
		in   []time.Duration
		want time.Duration
	}{
		{nil, 0},
		{[]time.Duration{3 * s}, 3 * s},
		{[]time.Duration{5 * s, 1 * s, 3 * s}, 3 * s},
		{[]time.Duration{4 * s, 1 * s, 2 * s, 3 * s}, 2500 * time.Millisecond},
	} {
		in := append([]time.Duration(nil), tt.in...)
		if got := Median(in); got != tt.want {
			t.Errorf("Median(%v): got %v, want %v", tt.in, got, tt.want)
		}
		for i := range in {
			if in[i] != tt.in[i] {
				t.Errorf("Median(%v) reordered its argument: %v", tt.in, in)
				break
			}
		}
	}
}

// caller answers every call with res and err.
type caller struct {
	res *mcpclient.Result
	err error
}

func (c caller) CallTool(context.Context, string, map[string]any) (*mcpclient.Result, error) {
	return c.res, c.err
}

func TestCall(t *testing.T) {
	ok, toolErr := &mcpclient.Result{Text: "done"}, &mcpclient.Result{Text: "no such element", IsError: true}
	for _, tt := range []struct {
		name          string
		c             caller
		text          bool
		wantFatal     bool
		wantText, msg string
	}{
		{"a result", caller{res: ok}, false, false, "done", ""},
		{"a tool error is the caller's", caller{res: toolErr}, false, false, "no such element", ""},
		{"a Go error fails", caller{err: errors.New("session closed")}, false, true, "", ""},
		{"text", caller{res: ok}, true, false, "done", ""},
		{"text: a tool error fails", caller{res: toolErr}, true, true, "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			var got string
			func() {
				defer func() { _ = recover() }() // a nil result after the recorded Fatalf
				if tt.text {
					got = CallText(r, tt.c, "browser_click", nil)
				} else {
					got = Call(r, tt.c, "browser_click", nil).Text
				}
			}()
			if (r.fatal != "") != tt.wantFatal {
				t.Fatalf("got fatal %q, want fatal %v", r.fatal, tt.wantFatal)
			}
			if !tt.wantFatal && got != tt.wantText {
				t.Errorf("got %q, want %q", got, tt.wantText)
			}
		})
	}
}

func TestRoot(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("root %q holds no go.mod: %v", root, err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "testkit", "testkit.go")); err != nil {
		t.Fatalf("root %q is not the checkout of this package: %v", root, err)
	}
}
