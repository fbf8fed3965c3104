package testenv

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that notes Fatalf and Skipf instead of acting.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }
func (r *recorder) Skipf(format string, args ...any)  { r.skip = fmt.Sprintf(format, args...) }
func (r *recorder) Skip(args ...any)                  { r.skip = fmt.Sprint(args...) }

func TestNeed(t *testing.T) {
	if testing.Short() {
		t.Skip("Need itself skips under -short")
	}
	missing := errors.New("chromium not found at /usr/bin/chromium")
	for _, tt := range []struct {
		ci        string
		err       error
		wantFatal bool
		wantSkip  bool
	}{
		{"", nil, false, false},
		{"true", nil, false, false},
		{"", missing, false, true},
		{"true", missing, true, false},
	} {
		t.Run(fmt.Sprintf("CI=%q,err=%v", tt.ci, tt.err != nil), func(t *testing.T) {
			t.Setenv("CI", tt.ci)
			r := &recorder{TB: t}
			Need(r, tt.err)
			if (r.fatal != "") != tt.wantFatal || (r.skip != "") != tt.wantSkip {
				t.Fatalf("fatal %q, skip %q; want fatal %v, skip %v", r.fatal, r.skip, tt.wantFatal, tt.wantSkip)
			}
			if msg := r.fatal + r.skip; tt.err != nil && !strings.Contains(msg, "chromium not found") {
				t.Errorf("message %q does not say what is missing", msg)
			}
		})
	}
}
