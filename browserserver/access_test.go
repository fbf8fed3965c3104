package browserserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// browserless serves Handler(a) of a Server with its tools and no browser:
// the MCP endpoints answer initialize and tools/list, which is all these
// tests need.
func browserless(t *testing.T, a *Access) *httptest.Server {
	t.Helper()
	s := &Server{}
	s.srv = s.newMCP()
	ts := httptest.NewServer(s.Handler(a))
	t.Cleanup(ts.Close)
	return ts
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// httpCall sends one request to path of ts with the given headers and returns
// its status and the start of its body. GET /sse is a stream: it is read
// until its first event and then cut.
func httpCall(t *testing.T, ts *httptest.Server, path string, headers map[string]string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	method, body := http.MethodPost, initialize
	if path == PathSSE {
		method, body = http.MethodGet, ""
	}
	req, err := http.NewRequestWithContext(ctx, method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		if k == "Origin" && strings.Contains(v, "\n") { // several Origin headers
			for _, o := range strings.Split(v, "\n") {
				req.Header.Add(k, o)
			}
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	buf := make([]byte, 512)
	n, _ := io.ReadAtLeast(res.Body, buf, 1)
	return res.StatusCode, string(buf[:n])
}

var endpoints = []string{PathStreamable, PathSSE, PathSSEMessage}

// TestGuardOrigins: every endpoint refuses an origin that is not loopback
// or allowed with 403 and says why, and lets the others through to the MCP
// server (which answers /message with no session 400, not 403).
func TestGuardOrigins(t *testing.T) {
	ts := browserless(t, &Access{Origins: []string{"https://tools.example:8443", "http://LAN.example"}})
	refused := []string{
		"https://evil.example",
		"http://evil.example:8931",
		"null",
		"http://localhost.evil.example",
		"http://127.0.0.1.evil.example",
		"http://tools.example:8443", // scheme differs
		"https://tools.example",     // port differs
		"file://",
		"chrome-extension://abcdef",
		"http://[::2]:3000",
		"http://10.0.0.1:8931",
		"",                                      // an empty Origin header is a header
		"http://localhost:3000/x",               // an origin has no path
		"http://user@localhost:1",               // nor a user
		"http://localhost\nhttp://evil.example", // two Origin headers
	}
	for _, path := range endpoints {
		for _, o := range refused {
			code, body := httpCall(t, ts, path, map[string]string{"Origin": o})
			if code != http.StatusForbidden || !strings.Contains(body, "is not allowed") || !strings.Contains(body, "--allow-origin") {
				t.Errorf("%s with Origin %q: %d %q, want 403 saying why", path, o, code, body)
			}
		}
	}
	accepted := []string{
		"", // no Origin at all (a CLI client)
		"http://localhost:6274", "HTTP://LocalHost:1", "https://localhost",
		"http://127.0.0.1:8931", "http://127.9.8.7", "http://[::1]:3000",
		"https://tools.example:8443", "https://TOOLS.example:8443",
		"http://lan.example", "http://lan.example:80",
	}
	for _, path := range endpoints {
		for _, o := range accepted {
			h := map[string]string{}
			if o != "" {
				h["Origin"] = o
			}
			code, body := httpCall(t, ts, path, h)
			want := http.StatusOK
			if path == PathSSEMessage {
				want = http.StatusBadRequest // no sessionId: the MCP server's answer
			}
			if code != want {
				t.Errorf("%s with Origin %q: %d %q, want %d", path, o, code, body, want)
			}
		}
	}
}

// TestGuardToken: with a token, a request without it, with another one or
// another scheme gets 401 on every endpoint, and the right one gets in; the
// refusal never holds the token. An evil origin is refused even with it.
func TestGuardToken(t *testing.T) {
	const token = "s3cret-Token_value.42~"
	ts := browserless(t, &Access{Token: token})
	wrong := []map[string]string{
		{},
		{"Authorization": "Bearer"},
		{"Authorization": "Bearer "},
		{"Authorization": "Bearer wrong"},
		{"Authorization": "Bearer " + token + "x"},
		{"Authorization": "Bearer " + token[:len(token)-1]},
		{"Authorization": "Basic " + token},
		{"Authorization": token},
	}
	for _, path := range endpoints {
		for _, h := range wrong {
			code, body := httpCall(t, ts, path, h)
			if code != http.StatusUnauthorized || !strings.Contains(body, "Authorization: Bearer") {
				t.Errorf("%s with %q: %d %q, want 401", path, h, code, body)
			}
			if strings.Contains(body, token) {
				t.Errorf("%s: the refusal shows the token: %q", path, body)
			}
		}
		for _, auth := range []string{"Bearer " + token, "bearer " + token} {
			code, body := httpCall(t, ts, path, map[string]string{"Authorization": auth, "Origin": "http://localhost:1"})
			want := http.StatusOK
			if path == PathSSEMessage {
				want = http.StatusBadRequest
			}
			if code != want {
				t.Errorf("%s with the token: %d %q, want %d", path, code, body, want)
			}
		}
		code, _ := httpCall(t, ts, path, map[string]string{"Authorization": "Bearer " + token, "Origin": "https://evil.example"})
		if code != http.StatusForbidden {
			t.Errorf("%s: an evil origin with the token got %d, want 403", path, code)
		}
	}
}

// TestGuardStreamable: through the guard a client still initializes a
// session at /mcp and gets the server's answer.
func TestGuardStreamable(t *testing.T) {
	ts := browserless(t, &Access{Token: "t0ken"})
	code, body := httpCall(t, ts, PathStreamable, map[string]string{"Authorization": "Bearer t0ken", "Origin": "http://127.0.0.1:5173"})
	if code != http.StatusOK || !strings.Contains(body, "plaintest-builtin") {
		t.Errorf("initialize: %d %q", code, body)
	}
}

func TestParseOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://tools.example:8443": "https://tools.example:8443",
		"https://Tools.Example:443/": "https://tools.example",
		"HTTP://lan.example:80":      "http://lan.example",
		"http://[::1]:3000":          "http://[::1]:3000",
		"http://192.168.1.5:8080":    "http://192.168.1.5:8080",
	} {
		got, err := ParseOrigin(in)
		if err != nil || got != want {
			t.Errorf("ParseOrigin(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "*", "null", "tools.example", "ftp://tools.example", "https://", "https://a/b", "https://a?x", "https://u:p@a", "file:///etc", "https://a#f"} {
		if got, err := ParseOrigin(in); err == nil {
			t.Errorf("ParseOrigin(%q) = %q, want an error", in, got)
		}
	}
}

func TestCheckToken(t *testing.T) {
	for _, ok := range []string{"abc", "A-b_c.d~e+f/g==", "x="} {
		if err := CheckToken(ok); err != nil {
			t.Errorf("CheckToken(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "==", "a b", "a\nb", "a=b", "tökén", "a\"b"} {
		err := CheckToken(bad)
		if err == nil {
			t.Errorf("CheckToken(%q) = nil, want an error", bad)
			continue
		}
		if bad != "" && strings.Contains(err.Error(), bad) {
			t.Errorf("CheckToken's error quotes the token: %v", err)
		}
	}
}

// FuzzOrigin: no header value makes the check panic, and what it lets in
// is loopback or allowed once normalized.
func FuzzOrigin(f *testing.F) {
	for _, s := range []string{"null", "http://localhost:1", "https://evil.example", "http://[::1]", "http://127.0.0.1.nip.io", "HTTP://LOCALHOST", "http://%31%32%37.0.0.1", "http://0x7f.1", "http://[::ffff:127.0.0.1]"} {
		f.Add(s)
	}
	allowed := map[string]bool{"https://tools.example": true}
	f.Fuzz(func(t *testing.T, s string) {
		r := httptest.NewRequest(http.MethodPost, "/mcp", nil)
		r.Header.Set("Origin", s)
		if _, err := checkOrigin(r, allowed); err != nil {
			return
		}
		o, ok := normalizeOrigin(s)
		if !ok {
			t.Fatalf("%q let in but not an origin", s)
		}
		if !loopbackOrigin(o) && !allowed[o] {
			t.Fatalf("%q let in as %q", s, o)
		}
		if !allowed[o] {
			h := o[strings.Index(o, "://")+3:]
			if !strings.HasPrefix(h, "localhost") && !strings.HasPrefix(h, "127.") && !strings.HasPrefix(h, "[::1]") && !strings.HasPrefix(h, "[::ffff:127.") {
				t.Fatalf("%q let in as loopback %q", s, o)
			}
		}
	})
}
