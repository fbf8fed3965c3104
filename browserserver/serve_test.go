package browserserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/plaintest/plaintest/mcpclient"
)

// httpClient connects an mcp-go client to the server at base over
// streamable HTTP or SSE, asking for protocol version v, and closes it when
// the test ends.
func httpClient(t *testing.T, base, kind, v string) *client.Client {
	t.Helper()
	var tr transport.Interface
	var err error
	if kind == "sse" {
		tr, err = transport.NewSSE(base + PathSSE)
	} else {
		tr, err = transport.NewStreamableHTTP(base + PathStreamable)
	}
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, client.WithProtocolVersion(v))
	// The SSE stream lives as long as Start's context.
	if err := c.Start(context.Background()); err != nil {
		t.Fatalf("%s %s: start: %v", kind, v, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = v
	req.Params.ClientInfo = mcp.Implementation{Name: "t", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatalf("%s %s: initialize: %v", kind, v, err)
	}
	return c
}

// clientCall calls a tool through c and returns its text; a failed call
// fails the test.
func clientCall(t *testing.T, c *client.Client, tool string, args map[string]any) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = tool, args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var text strings.Builder
	for _, ct := range res.Content {
		if tc, ok := ct.(mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	if res.IsError {
		t.Fatalf("%s: %s", tool, text.String())
	}
	return text.String()
}

// TestHTTPClientsOwnContexts: two clients of plaintest mcp --http, on
// every protocol version mcp-go serves and over both transports, each
// navigate to a page of their own, and each one's snapshot shows only its
// own page. Over streamable HTTP, a client asking for the stateless
// protocol (2026-07-28, no sessions) is moved to the newest version with
// sessions; SSE keeps a session per connection whatever the version.
func TestHTTPClientsOwnContexts(t *testing.T) {
	s := newServer(t, &Options{NoActionSnapshots: true})
	ts := httptest.NewServer(s.Handler(nil))
	t.Cleanup(ts.Close)
	p := map[string]string{}
	for i := range 2 {
		p[fmt.Sprintf("/%d", i)] = fmt.Sprintf("<h1>Page of client %d</h1>", i)
	}
	base := pages(t, p)
	for _, kind := range []string{"streamable", "sse"} {
		for _, v := range mcp.ValidProtocolVersions {
			name := kind + " " + v
			cs := []*client.Client{httpClient(t, ts.URL, kind, v), httpClient(t, ts.URL, kind, v)}
			for i, c := range cs {
				if got := c.ProtocolVersion(); kind == "streamable" && mcp.IsModernProtocol(got) {
					t.Errorf("%s: client %d speaks %s, a version without sessions", name, i, got)
				}
				clientCall(t, c, mcpclient.ToolNavigate, map[string]any{"url": fmt.Sprintf("%s/%d", base, i)})
			}
			for i, c := range cs {
				snap := clientCall(t, c, mcpclient.ToolSnapshot, nil)
				if !strings.Contains(snap, fmt.Sprintf("Page of client %d", i)) || strings.Contains(snap, fmt.Sprintf("Page of client %d", 1-i)) {
					t.Errorf("%s: client %d's snapshot:\n%s\nwant its own page only", name, i, snap)
				}
			}
			for _, c := range cs {
				_ = c.Close()
			}
		}
	}
}

// TestHTTPStatelessRefused: a request of the stateless protocol, in its
// wire shape, is refused with a message saying what to use instead, and
// opens no browser context; as is a tool call that reaches the server
// with no session.
func TestHTTPStatelessRefused(t *testing.T) {
	s := &Server{}
	s.srv = s.newMCP()
	ts := httptest.NewServer(s.Handler(nil))
	t.Cleanup(ts.Close)
	v := mcp.ProtocolVersion20260728
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"browser_snapshot","arguments":{},` +
		`"_meta":{"` + mcp.MetaKeyProtocolVersion + `":"` + v + `","` + mcp.MetaKeyClientCapabilities + `":{},"` +
		mcp.MetaKeyClientInfo + `":{"name":"t","version":"1"}}}}`
	req, err := http.NewRequest(http.MethodPost, ts.URL+PathStreamable, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, val := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		mcp.HeaderProtocolVersion: v, mcp.HeaderMethod: "tools/call", mcp.HeaderName: "browser_snapshot"} {
		req.Header.Set(k, val)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	buf := make([]byte, 2048)
	n, _ := res.Body.Read(buf)
	got := string(buf[:n])
	for _, want := range []string{`"id":7`, fmt.Sprint(mcp.UNSUPPORTED_PROTOCOL_VERSION), mcp.LATEST_LEGACY_PROTOCOL_VERSION, "stdio", `"supported":[`} {
		if !strings.Contains(got, want) {
			t.Errorf("a stateless request: %d %s, want %q in it", res.StatusCode, got, want)
		}
	}
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("a stateless request: status %d, want %d", res.StatusCode, http.StatusBadRequest)
	}
	if _, err := s.tabFor(context.Background()); err == nil || !strings.Contains(err.Error(), "no MCP session") {
		t.Errorf("a call with no session: %v, want the refusal", err)
	}
	if len(s.tabs) != 0 {
		t.Errorf("%d tabs made, want none", len(s.tabs))
	}
}

// TestLimitBody: a body over the limit is refused with 413, by its
// Content-Length or (chunked) once read past it, and the handler never
// sees it; one at the limit reaches the handler whole.
func TestLimitBody(t *testing.T) {
	const max = 16
	var seen []string
	ts := httptest.NewServer(limitBody(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		seen = append(seen, string(b))
	}), max, time.Minute))
	t.Cleanup(ts.Close)
	for _, tc := range []struct {
		name    string
		body    string
		chunked bool
		want    int
	}{
		{"over, by its length", strings.Repeat("x", max+1), false, http.StatusRequestEntityTooLarge},
		{"over, chunked", strings.Repeat("x", max+1), true, http.StatusRequestEntityTooLarge},
		{"far over, chunked", strings.Repeat("x", 100*max), true, http.StatusRequestEntityTooLarge},
		{"at the limit", strings.Repeat("y", max), false, http.StatusOK},
		{"at the limit, chunked", strings.Repeat("z", max), true, http.StatusOK},
		{"empty", "", false, http.StatusOK},
	} {
		seen = nil
		if got := postBody(t, ts.URL, tc.body, tc.chunked, nil); got != tc.want {
			t.Errorf("%s: status %d, want %d", tc.name, got, tc.want)
		}
		if tc.want != http.StatusOK && len(seen) != 0 {
			t.Errorf("%s: the handler saw %d bytes, want it never called", tc.name, len(seen[0]))
		}
		if tc.want == http.StatusOK && (len(seen) != 1 || seen[0] != tc.body) {
			t.Errorf("%s: the handler saw %q, want the body whole", tc.name, seen)
		}
	}
}

// TestLimitBodyTime: a body that arrives slower than the wait is refused
// with 408 at the wait, and the handler never sees it.
func TestLimitBodyTime(t *testing.T) {
	const wait = 300 * time.Millisecond
	called := false
	ts := httptest.NewServer(limitBody(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		called = true
	}), 1<<20, wait))
	t.Cleanup(ts.Close)
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A body of 100 bytes announced, 10 sent, the rest never.
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
	start := time.Now()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a body sent slowly: %v", err)
	}
	if res.StatusCode != http.StatusRequestTimeout || called {
		t.Errorf("status %d, handler called %v; want 408 and never called", res.StatusCode, called)
	}
	if d := time.Since(start); d > wait+5*time.Second {
		t.Errorf("answered after %s, want about %s", d, wait)
	}
}

// TestHandlerLimitsBodies: every endpoint refuses a body over
// MaxRequestBody with 413, with a token or without, chunked or not, and a
// client's initialize padded to the limit is served.
func TestHandlerLimitsBodies(t *testing.T) {
	over := strings.Repeat(" ", MaxRequestBody+1)
	for _, a := range []*Access{nil, {Token: "t0ken"}} {
		ts := browserless(t, a)
		var headers map[string]string
		if a != nil {
			headers = map[string]string{"Authorization": "Bearer t0ken"}
		}
		for _, ep := range endpoints {
			for _, chunked := range []bool{false, true} {
				if got := postBody(t, ts.URL+ep, over, chunked, headers); got != http.StatusRequestEntityTooLarge {
					t.Errorf("token %v, %s, chunked %v: status %d, want 413", a != nil, ep, chunked, got)
				}
			}
		}
		at := initialize + strings.Repeat(" ", MaxRequestBody-len(initialize))
		for _, chunked := range []bool{false, true} {
			if got := postBody(t, ts.URL+PathStreamable, at, chunked, headers); got != http.StatusOK {
				t.Errorf("token %v, an initialize of %d bytes, chunked %v: status %d, want 200", a != nil, len(at), chunked, got)
			}
		}
	}
}

// postBody posts body to url (chunked: with no length) and returns the
// response's status.
func postBody(t *testing.T, url, body string, chunked bool, headers map[string]string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var r io.Reader = strings.NewReader(body)
	if chunked {
		r = io.MultiReader(r) // a reader of unknown length: sent chunked
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<16))
	return res.StatusCode
}
