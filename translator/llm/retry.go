package llm

// The model client's HTTP: retries on 429 and 5xx with Retry-After, a
// timeout per attempt.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/translator"
)

// maxRetryAfter caps the wait a server's Retry-After asks for.
const maxRetryAfter = time.Minute

func retryable(status int) bool { return status == http.StatusTooManyRequests || status >= 500 }

// retrier is go-openai's HTTP doer: each attempt gets timeout; a 429, a
// 5xx, a timeout or a broken connection is tried again, up to retries
// more times, after the wait the server's Retry-After asks for (capped at
// maxRetryAfter) or else backoff, doubled each time. The last failing
// response is returned as it came, for go-openai to read its error.
type retrier struct {
	client  *http.Client
	retries int
	timeout time.Duration
	backoff time.Duration
	log     *slog.Logger
}

func (r *retrier) Do(req *http.Request) (*http.Response, error) {
	parent := req.Context()
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(parent, r.timeout)
		try := req.Clone(ctx)
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				cancel()
				return nil, err
			}
			try.Body = body
		}
		resp, err := r.client.Do(try)
		last := attempt >= r.retries
		var wait time.Duration
		var why string
		switch {
		case parent.Err() != nil:
			cancel()
			if resp != nil {
				resp.Body.Close()
			}
			return nil, parent.Err()
		case err != nil:
			cancel()
			if errors.Is(err, context.DeadlineExceeded) {
				why = fmt.Sprintf("no answer within %s", r.timeout)
			} else {
				why = err.Error()
			}
			if last {
				tries := fmt.Sprintf("%d tries", attempt+1)
				if attempt == 0 {
					tries = "1 try"
				}
				return nil, fmt.Errorf("%w: %s: %s (%s)", translator.ErrModelUnavailable, req.URL.Redacted(), why, tries)
			}
			wait = r.backoff << attempt
		case retryable(resp.StatusCode) && !last:
			why = resp.Status
			wait = r.backoff << attempt
			if ra, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
				wait = ra
			}
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
			cancel()
		default:
			resp.Body = &cancelOnClose{resp.Body, cancel}
			return resp, nil
		}
		r.log.Debug("model request failed; trying again", "why", why, "wait", wait, "attempt", attempt+1)
		if err := clock.Sleep(parent, wait); err != nil {
			return nil, err
		}
	}
}

// retryAfter reads a Retry-After header: seconds or an HTTP date, capped
// at maxRetryAfter.
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	var d time.Duration
	if s, err := strconv.ParseFloat(h, 64); err == nil && s >= 0 {
		d = time.Duration(min(s, maxRetryAfter.Seconds()) * float64(time.Second))
	} else if t, err := http.ParseTime(h); err == nil {
		d = max(t.Sub(now), 0)
	} else {
		return 0, false
	}
	return min(d, maxRetryAfter), true
}

// cancelOnClose ends an attempt's context once its body is read.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}
