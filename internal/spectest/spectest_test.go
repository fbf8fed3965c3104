package spectest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExpectFailure(t *testing.T) {
	for _, tt := range []struct{ name, spec, want string }{
		{"one line", "// c\nimport { test } from \"@playwright/test\";\n\ntest(\"x\", async () => {});\n",
			"// c\nimport { test } from \"@playwright/test\";\n" + expectFailureLine + "\n\ntest(\"x\", async () => {});\n"},
		{"several", "import a from \"a\";\nimport {\n  test,\n  expect,\n} from \"@playwright/test\";\ntest();\n",
			"import a from \"a\";\nimport {\n  test,\n  expect,\n} from \"@playwright/test\";\n" + expectFailureLine + "\ntest();\n"},
	} {
		got, err := ExpectFailure([]byte(tt.spec))
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := ExpectFailure([]byte("test();\n")); !errors.Is(err, ErrNoImport) {
		t.Errorf("no import: got %v, want ErrNoImport", err)
	}
}

func TestFailures(t *testing.T) {
	// A report as Playwright Test 1.64 writes it (trimmed): a spec that
	// passed, one that failed, one marked to fail that failed (its
	// outcome "expected", its status "failed"), one nested in a describe
	// that timed out, one that never ran.
	report := `{"suites":[
 {"file":"ok.spec.ts","specs":[{"tests":[{"results":[{"status":"passed"}]}]}]},
 {"file":"bad.spec.ts","specs":[{"tests":[{"results":[{"status":"failed"}]}]}]},
 {"file":"marked.spec.ts","specs":[{"tests":[{"expectedStatus":"failed","results":[{"status":"failed"}]}]}]},
 {"file":"nested.spec.ts","specs":[],"suites":[{"file":"nested.spec.ts","specs":[{"tests":[{"results":[{"status":"timedOut"}]}]}]}]},
 {"file":"skipped.spec.ts","specs":[{"tests":[{"results":[]}]}]}
]}`
	file := filepath.Join(t.TempDir(), ResultsFile)
	if err := os.WriteFile(file, []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Failures(file)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, n := range []string{"ok", "bad", "marked", "nested", "skipped"} {
		if got[n] {
			names = append(names, n)
		}
	}
	if s := strings.Join(names, " "); s != "bad marked nested skipped" || len(got) != 4 {
		t.Errorf("failures: got %v, want bad marked nested skipped", got)
	}
	if err := os.WriteFile(file, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Failures(file); err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("a broken report: got %v, want an error naming %s", err, file)
	}
}
