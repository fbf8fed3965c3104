package clock

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSleep(t *testing.T) {
	if err := Sleep(t.Context(), time.Millisecond); err != nil {
		t.Errorf("Sleep: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := Sleep(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep(done, 0) = %v, want Canceled", err)
	}
	// A sleep whose context ends returns then, not when the hour is up.
	long, stop := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- Sleep(long, time.Hour) }()
	stop()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Sleep(cancelled, 1h) = %v, want Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Sleep did not return when its context was cancelled")
	}
}

func TestBackoff(t *testing.T) {
	b := Backoff{First: 100 * time.Millisecond}
	want := []time.Duration{100, 250, 500, 1000, 1000, 1000}
	for i, w := range want {
		if got := b.Next(); got != w*time.Millisecond {
			t.Errorf("look %d: Next() = %s, want %s", i+1, got, w*time.Millisecond)
		}
	}
	// A 12 s wait reads the page about 15 times, not 120.
	b = Backoff{First: 100 * time.Millisecond}
	looks := 1
	for waited := time.Duration(0); waited < 12*time.Second; looks++ {
		waited += b.Next()
	}
	if looks > 16 {
		t.Errorf("a 12 s wait looks %d times, want at most 16", looks)
	}
}
