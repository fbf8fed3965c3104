package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
)

// TestMessagesAreCut: a server's error text, a log message and the run's
// error keep at most printable.MaxMessage characters of what a server or
// a scenario sent, however much that was, and say its size; a secret is
// masked before the cut, so no part of it is left where the cut falls.
func TestMessagesAreCut(t *testing.T) {
	big := strings.Repeat("e", 2<<20)
	atCut := strings.Repeat("x", printable.MaxMessage-3) + "s3cr3t-pw and more"
	var skipped strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&skipped, `{"step":%d,"tool":"mcp__a__fail","params":{"message":"{{LONG}}"},"on_error":"skip"},`, i)
	}
	tests := []struct {
		name, steps string
		vars        map[string]string
		text        func(*report.RunResult) []string // the texts to check
		size        string                           // the size the cut says
	}{
		{"a server's 2 MB error", `[{"step":1,"tool":"mcp__a__fail","params":{"message":"{{BIG}}"}}]`, map[string]string{"BIG": big},
			func(r *report.RunResult) []string { return []string{r.Steps[0].Error, r.Error} }, "(2097152 bytes)"},
		{"a tolerated one", `[{"step":1,"tool":"mcp__a__fail","params":{"message":"{{BIG}}"},"on_error":"skip"},{"step":2,"tool":"mcp__a__echo","params":{}}]`,
			map[string]string{"BIG": big}, func(r *report.RunResult) []string { return []string{r.Steps[0].Error, r.Error} }, " bytes)"},
		{"forty tolerated ones", "[" + skipped.String() + `{"step":99,"tool":"mcp__a__echo","params":{}}]`, map[string]string{"LONG": strings.Repeat("l", 3000)},
			func(r *report.RunResult) []string { return []string{r.Error} }, " bytes)"},
		{"a 2 MB log message", `[{"step":1,"tool":"sandy__log","params":{"message":"{{BIG}}"}}]`, map[string]string{"BIG": big},
			func(r *report.RunResult) []string { return []string{r.Steps[0].Message} }, "(2097152 bytes)"},
		{"a secret where the cut falls", `[{"step":1,"tool":"mcp__a__fail","params":{"message":"{{AT_CUT}}"}}]`, map[string]string{"AT_CUT": atCut},
			func(r *report.RunResult) []string { return []string{r.Steps[0].Error} }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{"PASSWORD": "s3cr3t-pw"}
			for k, v := range tt.vars {
				vars[k] = v
			}
			_, res, _ := play(t, &fake{}, &Options{Vars: []map[string]string{vars}}, scenario(`{"PASSWORD":""}`, tt.steps))
			for i, text := range tt.text(res) {
				// The run's error adds the step's label and tool, each an excerpt.
				limit := printable.MaxMessage + 2*printable.MaxExcerpt + 100
				if n := utf8.RuneCountInString(text); n > limit || !strings.Contains(text, tt.size) {
					t.Errorf("text %d: %d characters ending %q, want at most %d and the size %q", i, n, text[max(0, len(text)-40):], limit, tt.size)
				}
				if strings.Contains(text, "s3c") {
					t.Errorf("text %d holds part of the secret: %q", i, text[max(0, len(text)-40):])
				}
			}
		})
	}
}

// TestRunErrorIsCut: the error a run returns (a server that could not
// start, with its whole stderr) is cut as the result's texts are, and
// still is what it wraps.
func TestRunErrorIsCut(t *testing.T) {
	src := scenario(`{"PASSWORD":""}`, `[{"step":1,"tool":"mcp__a__echo","params":{"p":"{{PASSWORD}}"}}]`)
	stderr := strings.Repeat("w", printable.MaxMessage) + " pw-987 " + strings.Repeat("w", 2<<20)
	servers := ServersFunc(func(context.Context, string, Needs) (ToolCaller, error) {
		return nil, &mcpclient.UnavailableError{Server: "a", Op: "start", Err: errors.New("exit 1"), Stderr: stderr}
	})
	res, err := New(servers, &Options{Vars: []map[string]string{{"PASSWORD": "pw-987"}}}).Run(context.Background(), "m.json", parse(t, src))
	var ue *mcpclient.UnavailableError
	if !errors.Is(err, mcpclient.ErrUnavailable) || !errors.As(err, &ue) {
		t.Fatalf("err = %.200v, want the *UnavailableError kept", err)
	}
	for _, msg := range []string{err.Error(), res.Error} {
		if n := utf8.RuneCountInString(msg); n > printable.MaxMessage+40 || !strings.HasSuffix(msg, " bytes)") || strings.Contains(msg, "pw-9") {
			t.Errorf("message of %d characters ending %q, want at most %d, cut, the secret masked", n, msg[max(0, len(msg)-40):], printable.MaxMessage)
		}
	}
}

// TestPreflightQuotesAnExcerpt: Preflight lists every refused URL and
// path written in the file; each is quoted by its first characters and
// its size.
func TestPreflightQuotesAnExcerpt(t *testing.T) {
	long := strings.Repeat("a", 1<<20-64)
	src := scenario("", `[
		{"step":1,"tool":"mcp__a__echo","params":{"url":"javascript:`+long+`"}},
		{"step":2,"tool":"mcp__a__echo","params":{"filename":"/etc/`+long+`"}},
		{"step":3,"tool":"sandy__append_file","params":{"path":"../`+long+`","data":{}}}]`)
	err := Preflight("test.json", parse(t, src), &Options{Files: t.TempDir()})
	if err == nil || len(err.Error()) > 3<<10 || strings.Count(err.Error(), " bytes)") != 3 {
		t.Errorf("Preflight: %d bytes: %.600v; want three problems, each with an excerpt, under 3 KB", len(fmt.Sprint(err)), err)
	}
}

// TestRefusedURLIsMaskedBeforeItIsCut: a URL refused at its step, where
// a secret may stand in it, is quoted whole and masked: no cut falls
// inside the secret before the mask could find it.
func TestRefusedURLIsMaskedBeforeItIsCut(t *testing.T) {
	fill := strings.Repeat("f", printable.MaxExcerpt-len(`javascript:`)-3)
	src := scenario(`{"PASSWORD":"","FILL":""}`, `[{"step":1,"tool":"mcp__a__echo","params":{"url":"javascript:{{FILL}}{{PASSWORD}}"}}]`)
	_, res, _ := play(t, &fake{}, &Options{Vars: []map[string]string{{"PASSWORD": "s3cr3t-pw", "FILL": fill}}}, src)
	if res.Success || !strings.Contains(res.Error, "plaintest refused") || strings.Contains(res.Error, "s3c") || !strings.Contains(res.Error, report.Mask) {
		t.Errorf("error %q: want the refusal, the secret masked whole", res.Error)
	}
}
