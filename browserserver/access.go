package browserserver

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Access says who may use the HTTP transports Handler serves. The zero
// value lets in requests with no Origin or a loopback one, and asks for no
// token.
type Access struct {
	// Origins are the origins let in besides the loopback ones, each as
	// ParseOrigin returns it ("https://tools.example:8443").
	Origins []string
	// Token, when not empty, is the bearer token every request must carry
	// (Authorization: Bearer TOKEN). It is compared in constant time and
	// never written anywhere.
	Token string
}

// ParseOrigin checks an origin given to Access.Origins (a flag value) and
// returns it normalized: the scheme and host in lower case, the scheme's
// default port dropped. An origin is http or https, a host and an optional
// port, with no path (a trailing "/" is allowed), query or user.
func ParseOrigin(s string) (string, error) {
	o, ok := normalizeOrigin(strings.TrimSuffix(s, "/"))
	if !ok {
		return "", fmt.Errorf("origin %q is not scheme://host[:port] with scheme http or https", s)
	}
	return o, nil
}

// normalizeOrigin is the normalized form of an Origin header's value, and
// false for anything but http(s)://host[:port] ("null" included).
func normalizeOrigin(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || u.Host == "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if host == "" {
		return "", false
	}
	if scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		port = ""
	}
	hp := host
	if strings.Contains(host, ":") {
		hp = "[" + host + "]"
	}
	if port != "" {
		hp += ":" + port
	}
	return scheme + "://" + hp, true
}

// loopbackOrigin reports whether o (normalized) names this machine:
// localhost, 127.0.0.0/8 or [::1], on any port.
func loopbackOrigin(o string) bool {
	u, err := url.Parse(o)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// errOrigin and errToken say why Guard refused a request.
var (
	errOrigin = errors.New("origin not allowed")
	errToken  = errors.New("missing or wrong bearer token")
)

// Guard wraps next so that a request is refused with 403 when it carries
// an Origin that is neither loopback nor one of a.Origins (a page in the
// user's browser, a DNS rebinding: the MCP specification asks local
// servers to check it), and then with 401 when a.Token is set and the
// request does not carry it. A nil a is the zero Access.
func Guard(next http.Handler, a *Access) http.Handler {
	var allowed map[string]bool
	var sum [sha256.Size]byte
	token := false
	if a != nil {
		allowed = make(map[string]bool, len(a.Origins))
		for _, o := range a.Origins {
			if n, ok := normalizeOrigin(strings.TrimSuffix(o, "/")); ok {
				allowed[n] = true
			}
		}
		if a.Token != "" {
			token, sum = true, sha256.Sum256([]byte(a.Token))
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin, err := checkOrigin(r, allowed); err != nil {
			http.Error(w, fmt.Sprintf("Forbidden: Origin %q is not allowed: plaintest mcp accepts requests with no Origin, a loopback one (http://localhost:PORT, 127.0.0.1, [::1]) or one given with --allow-origin", origin), http.StatusForbidden)
			return
		}
		if token && !checkToken(r, sum) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="plaintest mcp"`)
			http.Error(w, "Unauthorized: this server wants the header Authorization: Bearer TOKEN, with the token it was started with (PLAINTEST_MCP_TOKEN or --token)", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// checkOrigin lets in a request with no Origin header, or one whose single
// Origin is loopback or in allowed; it returns the refused origin.
func checkOrigin(r *http.Request, allowed map[string]bool) (string, error) {
	vs := r.Header.Values("Origin")
	switch len(vs) {
	case 0:
		return "", nil
	case 1:
	default:
		return strings.Join(vs, ", "), errOrigin
	}
	o, ok := normalizeOrigin(vs[0])
	if !ok || !loopbackOrigin(o) && !allowed[o] {
		return vs[0], errOrigin
	}
	return "", nil
}

// checkToken reports whether r carries "Authorization: Bearer T" whose T
// digests to sum. Digests of equal length are compared in constant time,
// so neither the token's bytes nor its length show in the timing.
func checkToken(r *http.Request, sum [sha256.Size]byte) bool {
	scheme, t, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	got := sha256.Sum256([]byte(strings.TrimSpace(t)))
	return subtle.ConstantTimeCompare(got[:], sum[:]) == 1
}

// CheckToken says what is wrong with a token given to Access.Token: empty,
// or holding a character outside RFC 6750's token68 set (letters, digits
// and -._~+/ with = at the end), which no client could send in the header.
// The error never quotes the token.
func CheckToken(t string) error {
	if t == "" {
		return errors.New("the token is empty")
	}
	body := strings.TrimRight(t, "=")
	if body == "" {
		return errors.New("the token is only '=' signs")
	}
	for i, c := range []byte(body) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~+/", c) >= 0) {
			return fmt.Errorf("the token's character %d is not a letter, digit or one of -._~+/ (= only at the end)", i+1)
		}
	}
	return nil
}
