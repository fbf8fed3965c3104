package secret

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

func TestHandlerMasksRecords(t *testing.T) {
	var b bytes.Buffer
	log := slog.New(Handler(slog.NewTextHandler(&b, nil), All([]string{"s3cr3t tok"}, "***"))).With("url", "http://x/?t=s3cr3t%20tok")
	log.Info("typed s3cr3t tok", "err", errors.New(`server said "s3cr3t tok"`), slog.Group("g", "v", "s3cr3t+tok"), "n", 3, "list", []string{"s3cr3t tok"})
	out := b.String()
	if strings.Contains(out, "s3cr3t") {
		t.Errorf("a secret reached the log:\n%s", out)
	}
	for _, want := range []string{"typed ***", `url="http://x/?t=***"`, `err="server said \"***\""`, "g.v=***", "n=3"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}
