package demoshop

import "net/http"

// favicon answers the browser's automatic favicon request so that the page's
// console stays free of 404 errors.
func favicon(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }
