// Package clock holds the waiting that compile and replay share.
package clock

import (
	"context"
	"time"
)

// Sleep waits d, or until ctx is done and then returns its error. A d of
// zero or less only reports ctx's error.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
