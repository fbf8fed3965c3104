package testkit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Serve serves h until tb ends and returns its URL.
func Serve(tb testing.TB, h http.Handler) string {
	tb.Helper()
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	return srv.URL
}

// Pages serves the pages body gives by path: each request's path, without
// a leading /broken (broken says whether it had one, for a page's broken
// variant), to the body of an HTML document with head before it; a path
// body has no page for (ok false) is not found.
func Pages(head string, body func(path string, broken bool) (page string, ok bool)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, broken := strings.CutPrefix(r.URL.Path, "/broken")
		page, ok := body(path, broken)
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><html>"+head+"<body>"+page+"</body></html>")
	})
}
