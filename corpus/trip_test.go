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
	"time"

	"github.com/plaintest/plaintest/internal/testenv"
)

// fontAwesome is the npm package whose CSS and web fonts the trip pages'
// icon buttons load from /node_modules/ (package.json pins it).
const fontAwesome = "@fortawesome/fontawesome-free"

// reportDelay is how long the trip site's server takes to answer the slow
// report page: longer than a check's timeout (5 s), and than
// @playwright/mcp's action timeout the corpus gives it, shorter than the
// navigation timeout (defaults.Navigation); the suite waits it at each
// compile, replay and spec run of trip-slow-report.
const reportDelay = 6 * time.Second

// tripHandler serves trip/ at /trip/, the Font Awesome package at
// /node_modules/@fortawesome/fontawesome-free/ from the checkout's
// node_modules, /trip/report.html after reportDelay, and /trip/mutant.js,
// which sets window.TRIP_MUTANT to mutant when it is one of TripMutants
// (else to ""). The package missing skips the test, or fails it in CI.
func tripHandler(t testing.TB, mutant string) http.Handler {
	t.Helper()
	modules, err := filepath.Abs(filepath.Join("..", "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(modules, fontAwesome, "package.json")); err != nil {
		testenv.Missing(t, "the npm package %s in %s (run npm ci at the checkout's root)", fontAwesome, modules)
	}
	if _, ok := TripMutants[mutant]; !ok {
		mutant = ""
	}
	mux := http.NewServeMux()
	files := http.StripPrefix("/trip/", http.FileServer(http.Dir("trip")))
	mux.Handle("/trip/", files)
	mux.HandleFunc("/trip/report.html", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(reportDelay):
		case <-r.Context().Done():
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("/trip/mutant.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprintf(w, "window.TRIP_MUTANT = %s;\n", strconv.Quote(mutant))
	})
	prefix := "/node_modules/" + fontAwesome + "/"
	mux.Handle(prefix, http.StripPrefix(prefix, http.FileServer(http.Dir(filepath.Join(modules, fontAwesome)))))
	return mux
}

// TestTripHandler: the pages, Font Awesome and the mutant switch are
// served, the report page only after reportDelay; other node_modules are
// not.
func TestTripHandler(t *testing.T) {
	h := tripHandler(t, "trip-nginx-gone")
	for path, want := range map[string]int{
		"/trip/icons.html": 200, "/trip/processes.js": 200, "/trip/checkout.html": 200,
		"/node_modules/" + fontAwesome + "/css/all.min.css": 200, "/node_modules/" + fontAwesome + "/webfonts/fa-solid-900.woff2": 200,
		"/node_modules/playwright-core/package.json": 404, "/icons.html": 404,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != want {
			t.Errorf("%s: status %d, want %d", path, rec.Code, want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/trip/mutant.js", nil))
	if got := rec.Body.String(); !strings.Contains(got, `"trip-nginx-gone"`) {
		t.Errorf("mutant.js = %q", got)
	}
	rec = httptest.NewRecorder()
	tripHandler(t, "vue-total-stale").ServeHTTP(rec, httptest.NewRequest("GET", "/trip/mutant.js", nil))
	if got := rec.Body.String(); !strings.Contains(got, `= "";`) {
		t.Errorf("another site's mutant: mutant.js = %q", got)
	}
	if testing.Short() {
		return
	}
	start := time.Now()
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/trip/report.html", nil))
	if got := time.Since(start); rec.Code != 200 || got < reportDelay {
		t.Errorf("report.html: status %d after %s, want 200 after %s", rec.Code, got, reportDelay)
	}
}
