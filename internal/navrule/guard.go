package navrule

import (
	_ "embed"
	"os"
	"path/filepath"
	"strings"
)

// Guard is guard.cjs: the rule of Loaded, as a module @playwright/mcp loads
// with --init-page.
//
//go:embed guard.cjs
var Guard []byte

// The environment guard.cjs reads.
const (
	EnvFileRoots = "PLAINTEST_FILE_ROOTS" // FileRoots, joined by filepath.ListSeparator
	EnvGuardLog  = "PLAINTEST_GUARD_LOG"  // where refusals are appended, a line each
)

// WriteGuard writes Guard into dir (which should be private to this run)
// and returns its path.
func WriteGuard(dir string) (string, error) {
	p := filepath.Join(dir, "plaintest-guard.cjs")
	return p, os.WriteFile(p, Guard, 0o600)
}

// GuardEnv is the environment that gives guard.cjs this rule and log.
func (r Rule) GuardEnv(log string) []string {
	return []string{
		EnvFileRoots + "=" + strings.Join(r.FileRoots, string(filepath.ListSeparator)),
		EnvGuardLog + "=" + log,
	}
}
