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
