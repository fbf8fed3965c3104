package replay

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/sandy"
)

// filesFolder makes a files folder with, beside it, a file a scenario must
// not reach, and inside it a link out and a link to nowhere.
func filesFolder(t testing.TB) (root, outside string) {
	t.Helper()
	parent := t.TempDir()
	root = filepath.Join(parent, "files")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	outside = filepath.Join(parent, "secret.txt")
	if err := os.WriteFile(outside, []byte("keep out"), 0o600); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"out": parent, "nowhere": filepath.Join(parent, "gone", "x.png")} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

// A file argument may only name a file inside the files folder: written
// outright, through "..", through a link or through a variable, an escape
// is bad input and no call is made.
func TestFileArgumentsStayInsideFilesFolder(t *testing.T) {
	root, outside := filesFolder(t)
	escapes := []struct {
		name, step, vars string
		beforeStep1      bool // refused before anything runs
	}{
		{"absolute path", `{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"/etc/plaintest-x.png"}}`, "", true},
		{"dot dot", `{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"../x.png"}}`, "", true},
		{"dot dot inside", `{"step":1,"tool":"mcp__playwright__browser_snapshot","params":{"filename":"a/../../x.md"}}`, "", true},
		{"link out", `{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"out/x.png"}}`, "", true},
		{"link to nowhere", `{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"nowhere"}}`, "", true},
		{"upload a file outside", `{"step":1,"tool":"mcp__playwright__browser_file_upload","params":{"paths":["ok.txt","` + outside + `"]}}`, "", true},
		{"another server's tool", `{"step":1,"tool":"mcp__fs__write_file","params":{"path":"/tmp/plaintest-x","content":"x"}}`, "", true},
		{"through a variable", `{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"{{SHOT}}"}}`, `{"SHOT":"/etc/plaintest-x.png"}`, false},
		{"through a variable with dot dot", `{"step":1,"tool":"mcp__playwright__browser_file_upload","params":{"paths":["{{F}}"]}}`, `{"F":"../secret.txt"}`, false},
	}
	for _, tt := range escapes {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			src := scenario(tt.vars, `[{"step":1,"tool":"mcp__playwright__echo","params":{}},`+strings.Replace(tt.step, `"step":1`, `"step":2`, 1)+`]`)
			_, res, err := play(t, f, &Options{Files: root}, src)
			if !errors.Is(err, sandy.ErrInvalid) || !strings.Contains(err.Error(), "files folder") {
				t.Fatalf("err = %v, want bad input naming the files folder", err)
			}
			if !strings.Contains(err.Error(), "steps[1].params.") && !strings.Contains(err.Error(), "step 2") {
				t.Errorf("err %q does not say which step", err)
			}
			if res.Success {
				t.Error("the run succeeded")
			}
			want := []string{"echo"}
			if tt.beforeStep1 {
				want = nil
			}
			if got := f.tools(); !slices.Equal(got, want) {
				t.Errorf("calls made: %v, want %v", got, want)
			}
		})
	}
}

// A file argument inside the folder reaches the server as the absolute path
// it was checked as, whatever the server's own working directory.
func TestFileArgumentsResolveInsideFilesFolder(t *testing.T) {
	root, _ := filesFolder(t)
	f := &fake{}
	src := scenario(`{"DIR":"shots"}`, `[
		{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"{{DIR}}/home.png","type":"png"}},
		{"step":2,"tool":"mcp__playwright__browser_file_upload","params":{"paths":["avatar.png",`+fmt.Sprintf("%q", filepath.Join(root, "cv.pdf"))+`]}}]`)
	_, res, err := play(t, f, &Options{Files: root}, src)
	if err != nil || !res.Success {
		t.Fatalf("err %v, result %+v", err, res)
	}
	real, _ := filepath.EvalSymlinks(root)
	if got := f.callsTo("browser_take_screenshot")[0].Args["filename"]; got != filepath.Join(real, "shots", "home.png") {
		t.Errorf("screenshot filename %v, want it absolute inside %s", got, real)
	}
	paths := f.callsTo("browser_file_upload")[0].Args["paths"]
	if want := []any{filepath.Join(real, "avatar.png"), filepath.Join(real, "cv.pdf")}; fmt.Sprint(paths) != fmt.Sprint(want) {
		t.Errorf("upload paths %v, want %v", paths, want)
	}
}

func TestUnsafeCodeNeedsConsent(t *testing.T) {
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},
		{"step":2,"tool":"mcp__playwright__browser_run_code_unsafe","params":{"code":"async (page) => require('fs')"}}]`)
	f := &fake{}
	_, _, err := play(t, f, nil, src)
	if !errors.Is(err, sandy.ErrInvalid) || !strings.Contains(err.Error(), "steps[1].tool") || !strings.Contains(err.Error(), "--allow-unsafe-code") {
		t.Fatalf("err = %v, want steps[1].tool refused unless --allow-unsafe-code", err)
	}
	if len(f.tools()) != 0 {
		t.Errorf("calls made before the refusal: %v", f.tools())
	}
	// With consent the call is made (the fake has no such tool: the step
	// fails as a rejected call, not as bad input).
	_, res, err := play(t, &fake{}, &Options{AllowUnsafeCode: true}, src)
	if err != nil || res.FailedStep != 2 {
		t.Errorf("with consent: err %v, failed step %d; want the call made at step 2", err, res.FailedStep)
	}
}

// What one scenario needs of its browser server is granted to that run
// only: a folder run where one scenario opens a file: URL starts the other
// scenarios' servers without it.
func TestNeedsAreThoseOfEachScenario(t *testing.T) {
	root, _ := filesFolder(t)
	fs := &fakeServers{f: &fake{}}
	p := New(fs, &Options{Files: root, AllowFileURLs: true, FileURLRoot: "/srv/app"})
	runs := []struct {
		name, steps string
		want        Needs
	}{
		{"opens a file URL", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"file:///srv/app/index.html"}}]`, Needs{FileRoot: "/srv/app"}},
		{"writes a screenshot", `[{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"a.png"}}]`, Needs{Files: root}},
		{"plain", `[{"step":1,"tool":"mcp__playwright__echo","params":{}}]`, Needs{}},
	}
	for _, r := range runs {
		if _, err := p.Run(t.Context(), r.name+".json", parse(t, scenario("", r.steps))); err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
	}
	for i, r := range runs {
		if fs.needs[i] != r.want {
			t.Errorf("%s: the server was opened with %+v, want %+v", r.name, fs.needs[i], r.want)
		}
	}
}

func TestInside(t *testing.T) {
	root, outside := filesFolder(t)
	real, _ := filepath.EvalSymlinks(root)
	for _, tt := range []struct {
		path, want string // want "" = refused
	}{
		{"a.png", filepath.Join(real, "a.png")},
		{"deep/er/a.png", filepath.Join(real, "deep", "er", "a.png")},
		{filepath.Join(root, "a.png"), filepath.Join(real, "a.png")},
		{".", real},
		{"", ""},
		{"   ", ""},
		{"a\x00b", ""},
		{"..", ""},
		{"../files/a.png", ""},
		{outside, ""},
		{"/", ""},
		{"out", ""},
		{"out/files/a.png", filepath.Join(real, "a.png")}, // out and back in
		{"nowhere", ""},
	} {
		got, err := inside(root, tt.path)
		if tt.want == "" {
			if err == nil {
				t.Errorf("inside(%q) = %q, want it refused", tt.path, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("inside(%q) = %q, %v; want %q", tt.path, got, err, tt.want)
		}
	}
}

// FuzzInside: whatever the path, what inside accepts is below the folder
// once links are followed.
func FuzzInside(f *testing.F) {
	for _, s := range []string{"a.png", "../x", "/etc/passwd", "out/x", "a/../../b", "./a//b", "nowhere/x", "..\\x", "C:\\x"} {
		f.Add(s)
	}
	root, _ := filesFolder(f)
	real, _ := filepath.EvalSymlinks(root)
	f.Fuzz(func(t *testing.T, p string) {
		got, err := inside(root, p)
		if err != nil {
			return
		}
		if !fspath.Within(real, got) {
			t.Fatalf("inside(%q) = %q, outside %s", p, got, real)
		}
		if resolved, err := fspath.Resolve(got); err != nil || !fspath.Within(real, resolved) {
			t.Fatalf("inside(%q) = %q, which resolves to %q (%v)", p, got, resolved, err)
		}
	})
}
