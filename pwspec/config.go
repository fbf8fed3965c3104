package pwspec

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/defaults"
)

// ConfigFile is the name of the Playwright Test config written beside
// exported specs.
const ConfigFile = "playwright.config.ts"

// configNames are the files npx playwright test reads as its config from
// the folder it runs in.
var configNames = []string{"playwright.config.ts", "playwright.config.js", "playwright.config.mts",
	"playwright.config.mjs", "playwright.config.cts", "playwright.config.cjs"}

// Config is the Playwright Test config of a folder of exported specs: it
// sets Chromium (Debian's: PLAINTEST_CHROMIUM, else DefaultChromium) once
// for every spec, so that Playwright Test's workers each run many specs
// (a spec's own test.use of launchOptions, a worker option, would start a
// worker per file), with the switches of plaintest's own browsers
// (defaults.ChromiumArgs), so that a spec sees the page as compile and
// replay did. Laid out as Prettier leaves it.
func Config() []byte {
	args := make([]string, len(defaults.ChromiumArgs))
	for i, a := range defaults.ChromiumArgs {
		args[i] = strconv.Quote(a)
	}
	list := "[" + strings.Join(args, ", ") + "]"
	if len("      args: "+list+",") > width { // one a line, as Prettier lays a long array out
		list = "[\n        " + strings.Join(args, ",\n        ") + ",\n      ]"
	}
	return []byte(`// Playwright Test config written by plaintest beside the specs it exports:
// every spec of this folder runs in Debian's Chromium, with the switches
// plaintest's own browsers have, set once for all of them. Run them with
// npx playwright test in this folder.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  use: {
    launchOptions: {
      executablePath: process.env.PLAINTEST_CHROMIUM ?? "` + DefaultChromium + `",
      args: ` + list + `,
    },
  },
});
`)
}

// HasConfig reports whether dir holds a Playwright Test config, of any of
// the names npx playwright test reads.
func HasConfig(dir string) (bool, error) {
	for _, n := range configNames {
		_, err := os.Stat(filepath.Join(dir, n))
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	}
	return false, nil
}
