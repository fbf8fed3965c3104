package browserserver

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestTabsNewRefusedURL: browser_tabs new with a URL the navigation rule
// refuses fails with the refusal before the tab opens: the browser asks
// the site for nothing, and the session keeps its one tab, on its page.
func TestTabsNewRefusedURL(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	var mu sync.Mutex
	var asked []string
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<title>Home</title><h1>Home</h1>"))
	}))
	t.Cleanup(site.Close)
	sess := session(t, s)
	if res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": site.URL + "/"}); res.IsError {
		t.Fatal(res.Text)
	}
	for _, u := range []string{
		"view-source:" + site.URL + "/source",
		" View-Source:" + site.URL + "/source",
		"file:///etc/passwd",
		"javascript:location.href='" + site.URL + "/script'",
	} {
		mu.Lock()
		asked = nil
		mu.Unlock()
		res := testkit.Call(t, sess, mcpclient.ToolTabs, map[string]any{"action": "new", "url": u})
		if !res.IsError || !strings.Contains(res.Text, "plaintest refused") {
			t.Errorf("tabs new %q: error %v %s, want the refusal", u, res.IsError, res.Text)
		}
		list := testkit.Call(t, sess, mcpclient.ToolTabs, map[string]any{"action": "list"})
		if want := "- 0: (current) [Home](" + site.URL + "/)"; strings.TrimSpace(list.Value) != want {
			t.Errorf("after tabs new %q, the tabs:\n%s\nwant only %s", u, list.Text, want)
		}
		mu.Lock()
		if len(asked) != 0 {
			t.Errorf("tabs new %q: the site was asked for %q, want nothing", u, asked)
		}
		mu.Unlock()
	}
}
