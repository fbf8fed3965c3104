package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/defaults"
)

func runDemo(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "demo", "[--addr ADDR]", `
Serve the bundled demo shop (log in as demo / demo123) and, at /todo/, a to-do
list: the fixtures of plaintest's tests and of the README's quick start.
  plaintest demo --addr 127.0.0.1:8080
Reference: README.md (Demo shop)`)
	addr := fs.String("addr", "127.0.0.1:8080", "`ADDR` to listen on")
	delay := fs.Duration("offer-delay", demoshop.DefaultOfferDelay, "how long the products page waits to show the special offer")
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return environmentError(fmt.Errorf("cannot listen on %s: %w", *addr, err))
	}
	srv := &http.Server{Handler: demoshop.Handler(&demoshop.Options{OfferDelay: *delay}), ReadHeaderTimeout: defaults.RequestHeader}
	fmt.Fprintf(e.stdout, "demo shop listening on http://%s (log in with %s / %s; Ctrl-C stops)\n", ln.Addr(), demoshop.Username, demoshop.Password)
	return serveUntil(ctx, srv, ln, defaults.DemoShutdown)
}

// serveUntil serves srv on ln until it fails (that error is returned) or
// ctx ends (Ctrl-C): then srv shuts down, giving requests in flight up to
// grace to finish.
func serveUntil(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), grace)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		return nil
	}
}
