package corpus

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/plaintest/plaintest/internal/testenv"
)

// fwPackages are the npm packages whose browser builds the framework pages
// load from /node_modules/ (package.json pins them; npm ci installs them):
// esm-env and clsx are svelte's own imports, installed with it.
var fwPackages = []string{"react", "react-dom", "vue", "jquery", "svelte", "esm-env", "clsx", "@shoelace-style/shoelace"}

// svelteApp is the Svelte page's component compiled by the pinned svelte
// (frameworks/svelte/compile.mjs), once per test binary: no build output
// is committed.
var svelteApp struct {
	once sync.Once
	js   []byte
	err  error
}

// compileSvelte returns svelte/Booking.svelte compiled to a client module.
// Without node the test skips, or fails in CI; a compile error fails it.
func compileSvelte(t testing.TB) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(t, "node, to compile the Svelte page: %v", err)
	}
	svelteApp.once.Do(func() {
		dir := filepath.Join("frameworks", "svelte")
		cmd := exec.Command(node, "compile.mjs", "Booking.svelte")
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		svelteApp.js, svelteApp.err = cmd.Output()
		if svelteApp.err == nil && stderr.Len() > 0 {
			// A warning is a fault of ours in the component: fix it.
			svelteApp.err = fmt.Errorf("warnings")
		}
		if svelteApp.err != nil {
			svelteApp.err = fmt.Errorf("compiling %s: %w: %s", filepath.Join(dir, "Booking.svelte"), svelteApp.err, strings.TrimSpace(stderr.String()))
		}
	})
	if svelteApp.err != nil {
		t.Fatal(svelteApp.err)
	}
	return svelteApp.js
}

// frameworksHandler serves frameworks/ at /, the pinned frameworks'
// files at /node_modules/<package>/ from the checkout's node_modules,
// /svelte/booking.js compiled from svelte/Booking.svelte, and
// /mutant.js, which sets window.FW_MUTANT to mutant when it is one of
// FrameworkMutants (else to ""). A framework missing from node_modules
// skips the test, or fails it in CI.
func frameworksHandler(t testing.TB, mutant string) http.Handler {
	t.Helper()
	modules, err := filepath.Abs(filepath.Join("..", "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range fwPackages {
		if _, err := os.Stat(filepath.Join(modules, p, "package.json")); err != nil {
			testenv.Missing(t, "the npm package %s in %s (run npm ci at the checkout's root)", p, modules)
		}
	}
	if _, ok := FrameworkMutants[mutant]; !ok {
		mutant = ""
	}
	booking := compileSvelte(t)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("frameworks")))
	mux.HandleFunc("/svelte/booking.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(booking)
	})
	for _, p := range fwPackages {
		prefix := "/node_modules/" + p + "/"
		mux.Handle(prefix, http.StripPrefix(prefix, http.FileServer(http.Dir(filepath.Join(modules, p)))))
	}
	mux.HandleFunc("/mutant.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprintf(w, "window.FW_MUTANT = %s;\n", strconv.Quote(mutant))
	})
	return mux
}

// TestFrameworksHandler: the pages, the frameworks' builds and the mutant
// switch are served; other node_modules are not.
func TestFrameworksHandler(t *testing.T) {
	h := frameworksHandler(t, "vue-total-stale")
	for path, want := range map[string]int{
		"/vue/cart.html": 200, "/node_modules/vue/dist/vue.global.prod.js": 200,
		"/node_modules/react/umd/react.production.min.js": 200, "/node_modules/jquery/dist/jquery.min.js": 200,
		"/svelte/booking.html": 200, "/svelte/booking.js": 200, "/node_modules/svelte/src/internal/client/index.js": 200,
		"/node_modules/esm-env/true.js": 200, "/node_modules/clsx/dist/clsx.mjs": 200,
		"/shoelace/settings.html": 200, "/node_modules/@shoelace-style/shoelace/cdn/shoelace-autoloader.js": 200,
		"/node_modules/playwright-core/package.json": 404,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != want {
			t.Errorf("%s: status %d, want %d", path, rec.Code, want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/svelte/booking.js", nil))
	if got := rec.Body.String(); !strings.Contains(got, "from 'svelte/internal/client'") || !strings.Contains(got, "Book a room") {
		t.Errorf("booking.js is not the compiled component: %.200q", got)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/mutant.js", nil))
	if got := rec.Body.String(); !strings.Contains(got, `"vue-total-stale"`) {
		t.Errorf("mutant.js = %q", got)
	}
	rec = httptest.NewRecorder()
	frameworksHandler(t, "no-such").ServeHTTP(rec, httptest.NewRequest("GET", "/mutant.js", nil))
	if got := rec.Body.String(); !strings.Contains(got, `= "";`) {
		t.Errorf("an unknown mutant: mutant.js = %q", got)
	}
}
