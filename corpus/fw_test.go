package corpus

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testenv"
)

// fwPackages are the npm packages whose browser builds the framework pages
// load from /node_modules/ (package.json pins them; npm ci installs them).
var fwPackages = []string{"react", "react-dom", "vue", "jquery"}

// frameworksHandler serves frameworks/ at /, the pinned frameworks'
// files at /node_modules/<package>/ from the checkout's node_modules, and
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
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("frameworks")))
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
		"/node_modules/playwright-core/package.json": 404,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != want {
			t.Errorf("%s: status %d, want %d", path, rec.Code, want)
		}
	}
	rec := httptest.NewRecorder()
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
