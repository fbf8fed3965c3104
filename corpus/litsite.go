package corpus

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// SiteLit is the Lit corpus page (lit/shop.html): components built with
// Lit, each rendering into an open shadow root, Lit served from the
// checkout's node_modules.
const SiteLit = "lit"

// LitMutants are the broken builds of the Lit page, by name: a behaviour
// its scenarios must catch.
var LitMutants = map[string]string{
	"lit-add-noop":      "Add to cart does not change the cart's count",
	"lit-todo-twice":    "Add todo adds the item twice",
	"lit-offers-stuck":  "the Send me offers box cannot be ticked",
	"lit-slot-misnamed": "the panel's title slot is misnamed, so its fallback shows",
}

// LitHandler serves the Lit page's folder dir at / and modules (a
// node_modules folder holding lit) at /node_modules/; mutant, when set,
// names the build of LitMutants the page plays.
func LitHandler(dir, modules, mutant string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/node_modules/", http.StripPrefix("/node_modules/", http.FileServer(http.Dir(modules))))
	files := http.FileServer(http.Dir(dir))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".html") {
			files.ServeHTTP(w, r)
			return
		}
		if strings.Contains(r.URL.Path, "..") {
			http.NotFound(w, r)
			return
		}
		page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, "/"))))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(strings.Replace(string(page), `data-mutant=""`, `data-mutant="`+mutant+`"`, 1)))
	})
	return mux
}
