package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
)

// TestMCPHTTPFlags: the address, origins and token are checked before a
// browser starts, and an error never quotes the token.
func TestMCPHTTPFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--http", ":0"}, nil, "listens beyond this machine"},
		{[]string{"--http", "0.0.0.0:0"}, nil, "add --listen-any"},
		{[]string{"--http", "[::]:0"}, nil, "add --listen-any"},
		{[]string{"--http", "192.0.2.7:0"}, nil, "add --listen-any"},
		{[]string{"--http", "127.0.0.1:0", "--allow-origin", "*"}, nil, `--allow-origin: origin "*" is not`},
		{[]string{"--http", "127.0.0.1:0", "--allow-origin", "https://a.example/path"}, nil, "--allow-origin"},
		{[]string{"--http", "127.0.0.1:0", "--token", "two words"}, nil, "--token: the token's character 4"},
		{[]string{"--http", "127.0.0.1:0"}, map[string]string{envMCPToken: "bad\ntoken-Zq9"}, envMCPToken + ": the token's character 4"},
		{[]string{"--token", "abc"}, nil, "go with --http"},
		{[]string{"--listen-any"}, nil, "go with --http"},
		{[]string{"--allow-origin", "https://a.example"}, nil, "go with --http"},
	} {
		code, _, stderr := runCLIEnv(t, testGetenv(tc.env), append([]string{"mcp"}, tc.args...)...)
		if code != exitInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("mcp %q: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, exitInput, tc.want)
		}
		if strings.Contains(stderr, "token-Zq9") || strings.Contains(stderr, "two words") {
			t.Errorf("mcp %q: the error quotes the token: %q", tc.args, stderr)
		}
	}
}

// TestMCPListenAnyWarns: --listen-any lets a non-loopback address through
// with a warning on stderr (the browser then fails to start: the test
// needs none).
func TestMCPListenAnyWarns(t *testing.T) {
	code, _, stderr := runCLI(t, "mcp", "--http", "0.0.0.0:0", "--listen-any", "--cdp-endpoint", "http://127.0.0.1:1")
	if !strings.Contains(stderr, "warning: listening on ") || !strings.Contains(stderr, "reachable from other machines") || !strings.Contains(stderr, envMCPToken) {
		t.Errorf("stderr %q: want the warning, with the token hint", stderr)
	}
	if code == exitInput {
		t.Errorf("exit %d: --listen-any should have let the address through", code)
	}
}

// startMCPHTTP runs plaintest mcp --http 127.0.0.1:0 with getenv until the
// test ends and returns its base URL.
func startMCPHTTP(t *testing.T, getenv func(string) string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan exitCode, 1)
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: pw, getenv: getenv}
		done <- run(ctx, e, append([]string{"mcp", "--http", "127.0.0.1:0"}, args...))
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		go io.Copy(io.Discard, pr)
		if code := <-done; code != exitOK {
			t.Errorf("plaintest mcp --http exited %d after the interrupt", code)
		}
	})
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		if m := servingRe.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, pr)
			return m[1]
		}
		t.Log(sc.Text())
	}
	t.Fatal("plaintest mcp --http never said where it serves")
	return ""
}

// TestMCPHTTPAccess: the real command, started with a token in the
// environment, refuses a web page of another origin (403) on every
// endpoint, a request without the token (401), and lets a loopback page
// with the token initialize a session.
func TestMCPHTTPAccess(t *testing.T) {
	requireBuiltin(t)
	const token = "e2e-Token.7f3a"
	base := startMCPHTTP(t, testGetenv(map[string]string{envMCPToken: token}), "--allow-origin", "https://tools.example")
	send := func(method, path, origin, auth string) (int, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
		if method == http.MethodGet {
			body = ""
		}
		req, _ := http.NewRequestWithContext(ctx, method, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer res.Body.Close()
		buf := make([]byte, 400)
		n, _ := io.ReadAtLeast(res.Body, buf, 1)
		return res.StatusCode, string(buf[:n])
	}
	for _, ep := range []struct{ method, path string }{{http.MethodPost, "/mcp"}, {http.MethodGet, "/sse"}, {http.MethodPost, "/message"}} {
		if code, body := send(ep.method, ep.path, "https://evil.example", "Bearer "+token); code != http.StatusForbidden || !strings.Contains(body, "evil.example") {
			t.Errorf("%s %s from evil.example: %d %q, want 403", ep.method, ep.path, code, body)
		}
		if code, body := send(ep.method, ep.path, "null", "Bearer "+token); code != http.StatusForbidden {
			t.Errorf("%s %s from null: %d %q, want 403", ep.method, ep.path, code, body)
		}
		if code, body := send(ep.method, ep.path, "", ""); code != http.StatusUnauthorized || strings.Contains(body, token) {
			t.Errorf("%s %s without the token: %d %q, want 401", ep.method, ep.path, code, body)
		}
		if code, body := send(ep.method, ep.path, "http://localhost:5173", "Bearer nope"); code != http.StatusUnauthorized {
			t.Errorf("%s %s with a wrong token: %d %q, want 401", ep.method, ep.path, code, body)
		}
	}
	for _, origin := range []string{"", "http://localhost:5173", "https://tools.example"} {
		if code, body := send(http.MethodPost, "/mcp", origin, "Bearer "+token); code != http.StatusOK || !strings.Contains(body, "plaintest-builtin") {
			t.Errorf("initialize from %q with the token: %d %q", origin, code, body)
		}
	}
	if code, body := send(http.MethodGet, "/sse", "http://127.0.0.1:3000", "Bearer "+token); code != http.StatusOK || !strings.Contains(body, "endpoint") {
		t.Errorf("SSE from a loopback page with the token: %d %q", code, body)
	}
}

// TestMCPHTTPBodiesAndSessions: the real command refuses a body over
// browserserver.MaxRequestBody with 413 (by its length and chunked), with
// the token, on every endpoint, and a request of the stateless protocol
// with a message saying what to use instead.
func TestMCPHTTPBodiesAndSessions(t *testing.T) {
	requireBuiltin(t)
	const token = "e2e-Token.b0dy"
	base := startMCPHTTP(t, testGetenv(map[string]string{envMCPToken: token}))
	post := func(path string, body io.Reader, headers map[string]string) (int, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+path, body)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer "+token)
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<12))
		return res.StatusCode, string(b)
	}
	over := strings.Repeat(" ", browserserver.MaxRequestBody+1)
	for _, path := range []string{"/mcp", "/sse", "/message"} {
		if code, body := post(path, strings.NewReader(over), nil); code != http.StatusRequestEntityTooLarge {
			t.Errorf("%s, a body of %d bytes: %d %q, want 413", path, len(over), code, body)
		}
		if code, body := post(path, io.MultiReader(strings.NewReader(over)), nil); code != http.StatusRequestEntityTooLarge {
			t.Errorf("%s, a chunked body of %d bytes: %d %q, want 413", path, len(over), code, body)
		}
	}
	stateless := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
	code, body := post("/mcp", strings.NewReader(stateless), map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"})
	if code != http.StatusBadRequest || !strings.Contains(body, "2025-11-25") || !strings.Contains(body, "stdio") {
		t.Errorf("a stateless request: %d %q, want 400 naming the versions served and stdio", code, body)
	}
}

// TestMCPDocsSayBodyLimit: the pages that describe plaintest mcp --http
// give the request body limit it holds to (browserserver.MaxRequestBody).
func TestMCPDocsSayBodyLimit(t *testing.T) {
	mb := fmt.Sprintf("request body over %d MB", browserserver.MaxRequestBody>>20)
	for _, page := range []string{"browser-servers.md", "security.md"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", page))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(string(b)), " "), mb) {
			t.Errorf("docs/%s does not say %q", page, mb)
		}
	}
}
