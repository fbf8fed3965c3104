package mcpconfig

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestDiscoverTrust: a config inside the tested tree (a repository's
// files, or what a walk from a tested folder with no repository reaches)
// is passed over unless Trust, or named; the user's own configs outside it
// are read; and a home config inside the tree, by where it is or where it
// links to, is passed over too.
func TestDiscoverTrust(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links and HOME")
	}
	type passed struct {
		path   string // relative to the test's root
		source Source
		tree   string
		repo   bool
	}
	tests := []struct {
		name string
		// layout: a path relative to the root: "" a folder, ".git" a
		// folder holding .git, "->X" a link to X, else a config whose one
		// server is named so.
		layout    map[string]string
		home, cwd string
		tested    []string
		opts      DiscoverOptions
		env       string // SANDY_CONFIG, relative
		want      string // the server of the config read, "" none
		source    Source
		trusted   bool
		passed    []passed
	}{
		{name: "the repository's own config is passed over, the home one read",
			layout: map[string]string{"repo/.git": "", "repo/.sandy/config.json": "pr", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "repo", want: "mine", source: SourceHome,
			passed: []passed{{"repo/.sandy/config.json", SourceWorkDir, "repo", true}}},
		{name: "read with Trust",
			layout: map[string]string{"repo/.git": "", "repo/.sandy/config.json": "pr", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "repo", opts: DiscoverOptions{Trust: true}, want: "pr", source: SourceWorkDir, trusted: true},
		{name: "named with --config",
			layout: map[string]string{"repo/.git": "", "repo/.sandy/config.json": "pr"},
			home:   "home", cwd: "repo", opts: DiscoverOptions{Explicit: "repo/.sandy/config.json"}, want: "pr", source: SourceFlag},
		{name: "named with SANDY_CONFIG",
			layout: map[string]string{"repo/.git": "", "repo/.sandy/config.json": "pr"},
			home:   "home", cwd: "repo", env: "repo/.sandy/config.json", want: "pr", source: SourceEnv},
		{name: "a subfolder of the repository",
			layout: map[string]string{"repo/.git": "", "repo/sub/.sandy/config.json": "pr", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "repo/sub", want: "mine", source: SourceHome,
			passed: []passed{{"repo/sub/.sandy/config.json", SourceWorkDir, "repo", true}}},
		{name: "a worktree's .git is a file",
			layout: map[string]string{"repo/.git": "gitdir: elsewhere", "repo/.sandy/config.json": "pr"},
			home:   "home", cwd: "repo",
			passed: []passed{{"repo/.sandy/config.json", SourceWorkDir, "repo", true}}},
		{name: "the repository is the home folder",
			layout: map[string]string{"home/.git": "", "home/proj/": "", "home/.sandy/config.json": "pr", "home/.cursor/mcp.json": "pr2"},
			home:   "home", cwd: "home/proj",
			passed: []passed{{"home/.cursor/mcp.json", SourceCursor, "home", true}, {"home/.sandy/config.json", SourceHome, "home", true}}},
		{name: "the repository is the home folder, replayed from it",
			layout: map[string]string{"home/.git": "", "home/.sandy/config.json": "pr"},
			home:   "home", cwd: "home",
			passed: []passed{{"home/.sandy/config.json", SourceWorkDir, "home", true}}},
		{name: "the home folder inside a tested repository",
			layout: map[string]string{"repo/.git": "", "repo/tests/": "", "repo/u/.sandy/config.json": "pr", "elsewhere/": ""},
			home:   "repo/u", cwd: "elsewhere", tested: []string{"repo/tests"},
			passed: []passed{{"repo/u/.sandy/config.json", SourceHome, "repo", true}}},
		{name: "a home config that links into the repository",
			layout: map[string]string{"repo/.git": "", "repo/dot/sandy.json": "pr", "home/.sandy/config.json": "->repo/dot/sandy.json"},
			home:   "home", cwd: "repo",
			passed: []passed{{"home/.sandy/config.json", SourceHome, "repo", true}}},
		{name: "the working directory's config linked to the home one",
			layout: map[string]string{"repo/.git": "", "home/.sandy/config.json": "mine", "repo/.sandy/config.json": "->home/.sandy/config.json"},
			home:   "home", cwd: "repo", want: "mine", source: SourceHome,
			passed: []passed{{"repo/.sandy/config.json", SourceWorkDir, "repo", true}}},
		{name: "a scenario's repository, replayed from elsewhere",
			layout: map[string]string{"repo/.git": "", "repo/tests/": "", "work/.sandy/config.json": "wd", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "work", tested: []string{"repo/tests"}, want: "mine", source: SourceHome,
			passed: []passed{{"work/.sandy/config.json", SourceWorkDir, "work", false}}},
		{name: "a repository under the home folder",
			layout: map[string]string{"home/proj/.git": "", "home/proj/sub/": "", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "home/proj/sub", want: "mine", source: SourceHome},
		{name: "no repository, under the home folder",
			layout: map[string]string{"home/scratch/": "", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "home/scratch", want: "mine", source: SourceHome},
		{name: "no repository, a scenario under the home folder",
			layout: map[string]string{"home/dl/": "", "work/": "", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "work", tested: []string{"home/dl"}, want: "mine", source: SourceHome},
		{name: "no repository, the home folder tested itself",
			layout: map[string]string{"home/.sandy/config.json": "pr", "home/.cursor/mcp.json": "pr2", "work/": ""},
			home:   "home", cwd: "work", tested: []string{"home"},
			passed: []passed{{"home/.cursor/mcp.json", SourceCursor, "home", false}, {"home/.sandy/config.json", SourceHome, "home", false}}},
		{name: "no repository, a scenario's folder holds the home folder",
			layout: map[string]string{"top/u/.sandy/config.json": "pr", "work/": ""},
			home:   "top/u", cwd: "work", tested: []string{"top"},
			passed: []passed{{"top/u/.sandy/config.json", SourceHome, "top", false}}},
		{name: "no repository, outside the home folder",
			layout: map[string]string{"work/": "", "home/.sandy/config.json": "mine"},
			home:   "home", cwd: "work", want: "mine", source: SourceHome},
		{name: "a home folder reached through a link",
			layout: map[string]string{"realhome/.git": "", "realhome/proj/": "", "realhome/.sandy/config.json": "pr", "home": "->realhome"},
			home:   "home", cwd: "realhome/proj",
			passed: []passed{{"home/.sandy/config.json", SourceHome, "realhome", true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := resolved(t.TempDir())
			at := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
			for _, rel := range slices.Sorted(func(yield func(string) bool) {
				for k := range tt.layout {
					if !yield(k) {
						return
					}
				}
			}) {
				makeEntry(t, at(rel), tt.layout[rel], at)
			}
			t.Setenv("HOME", at(tt.home))
			t.Setenv("SANDY_CONFIG", "")
			if tt.env != "" {
				t.Setenv("SANDY_CONFIG", at(tt.env))
			}
			t.Chdir(at(tt.cwd))
			o := tt.opts
			if o.Explicit != "" {
				o.Explicit = at(o.Explicit)
			}
			for _, dir := range tt.tested {
				o.Tested = append(o.Tested, at(dir))
			}
			d, err := Discover(&o)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for name := range d.Config.Servers {
				got = name
			}
			if got != tt.want || d.Source != tt.source || d.Trusted != tt.trusted {
				t.Errorf("read %q from %q (%s), trusted %v; want %q from %q, trusted %v", got, d.Source, d.Config.Path, d.Trusted, tt.want, tt.source, tt.trusted)
			}
			var gotPassed []passed
			for _, u := range d.PassedOver {
				rel, _ := filepath.Rel(root, u.Path)
				tree, _ := filepath.Rel(root, u.Tree)
				gotPassed = append(gotPassed, passed{filepath.ToSlash(rel), u.Source, filepath.ToSlash(tree), u.Repo})
			}
			if !slices.Equal(gotPassed, tt.passed) {
				t.Errorf("passed over %+v, want %+v", gotPassed, tt.passed)
			}
		})
	}
}

// makeEntry makes one entry of TestDiscoverTrust's layout at path.
func makeEntry(t *testing.T, path, what string, at func(string) string) {
	t.Helper()
	switch {
	case filepath.Base(path) == ".git" && what == "":
		if err := os.MkdirAll(path, 0o755); err != nil {
			t.Fatal(err)
		}
	case filepath.Base(path) == ".git":
		writeFile(t, path, what)
	case what == "":
		if err := os.MkdirAll(path, 0o755); err != nil {
			t.Fatal(err)
		}
	case what[:2] == "->":
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(at(what[2:]), path); err != nil {
			t.Fatal(err)
		}
	default:
		writeConfig(t, path, what)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
