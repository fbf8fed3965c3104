package demoshop

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// client is a browser-like client: it keeps cookies and follows redirects.
func client(t *testing.T, opts *Options) (*http.Client, string) {
	t.Helper()
	srv := httptest.NewServer(Handler(opts))
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}, srv.URL
}

func get(t *testing.T, c *http.Client, u string) (int, string) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func post(t *testing.T, c *http.Client, u string, form url.Values) (int, string) {
	t.Helper()
	resp, err := c.PostForm(u, form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestLogin(t *testing.T) {
	c, base := client(t, nil)
	code, body := post(t, c, base+"/login", url.Values{"username": {"demo"}, "password": {"wrong"}})
	if code != http.StatusUnauthorized || !strings.Contains(body, `role="alert">Invalid username or password`) {
		t.Errorf("bad credentials: %d, no alert in page", code)
	}
	code, body = post(t, c, base+"/login", url.Values{"username": {Username}, "password": {Password}})
	if code != http.StatusOK || !strings.Contains(body, "Signed in as demo") || !strings.Contains(body, "Welcome back, demo") {
		t.Errorf("good credentials: %d\n%s", code, body)
	}
}

func TestCartAndCheckout(t *testing.T) {
	c, base := client(t, nil)
	_, body := get(t, c, base+"/products")
	if n := strings.Count(body, ">Add to cart</button>"); n != len(Catalogue) || len(Catalogue) < 6 {
		t.Errorf("%d Add to cart buttons for %d products", n, len(Catalogue))
	}
	if !strings.Contains(body, "0 items") {
		t.Error("empty cart badge missing")
	}
	post(t, c, base+"/cart/add", url.Values{"product": {"blue-mug"}})
	_, body = post(t, c, base+"/cart/add", url.Values{"product": {"green-tea"}})
	if !strings.Contains(body, "Green Tea added to cart") || !strings.Contains(body, "2 items") {
		t.Errorf("after two adds the page lacks the flash or the badge")
	}
	_, body = post(t, c, base+"/cart/remove", url.Values{"product": {"blue-mug"}})
	if strings.Contains(body, "Blue Mug") || !strings.Contains(body, "1 item<") || !strings.Contains(body, "$8.50") {
		t.Errorf("remove did not leave only Green Tea:\n%s", body)
	}
	code, body := post(t, c, base+"/checkout", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "country": {"Japan"}, "shipping": {"express"}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "You must accept the terms") {
		t.Errorf("checkout without terms: %d", code)
	}
	code, body = post(t, c, base+"/checkout", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "country": {"Japan"}, "shipping": {"express"}, "terms": {"yes"}})
	if code != http.StatusOK || !strings.Contains(body, "Thank you for your order!") || !strings.Contains(body, "Ada in Japan by express") {
		t.Errorf("confirmation: %d\n%s", code, body)
	}
	if !strings.Contains(body, "0 items") {
		t.Error("the cart is not emptied after the order")
	}
	if code, _ := post(t, c, base+"/cart/add", url.Values{"product": {"nope"}}); code != http.StatusBadRequest {
		t.Errorf("unknown product: %d", code)
	}
}

func TestVariants(t *testing.T) {
	c, base := client(t, &Options{
		Rename:     map[string]string{"blue-mug": "Navy Mug"},
		CartText:   func(n int) string { return "basket: " + string(rune('0'+n)) },
		OfferDelay: 250 * time.Millisecond,
	})
	_, body := get(t, c, base+"/products")
	if !regexp.MustCompile(`\},\s*250\s*\);`).MatchString(body) {
		t.Error("the offer delay is not 250 ms")
	}
	for _, want := range []string{`aria-label="Navy Mug"`, "basket: 0"} {
		if !strings.Contains(body, want) {
			t.Errorf("variant page lacks %q", want)
		}
	}
	if strings.Contains(body, "Blue Mug") {
		t.Error("the renamed product still shows its old name")
	}
}
