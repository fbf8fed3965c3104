package replay

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen/locator"
)

// TestAsWritten: a message about the target sent names the target as the
// scenario wrote it, however the server quoted it.
func TestAsWritten(t *testing.T) {
	target := `internal:role=button[name="Paid"i]`
	sent := locator.WordNames(target)
	if sent == target {
		t.Fatal("WordNames left the name as it was")
	}
	for _, msg := range []string{
		`Error: "` + strings.ReplaceAll(sent, `\`, `\\`) + `" does not match any elements.`,
		`Error: "` + strings.NewReplacer(`\`, `\\`, `<`, `\u003c`).Replace(sent) + `" does not match any elements.`,
		`waiting for locator('` + sent + `')`,
	} {
		got := asWritten(msg, sent, target)
		if strings.Contains(got, "iu]") || !strings.Contains(got, `button[name=`) {
			t.Errorf("asWritten(%s) = %s, want the target as written", msg, got)
		}
	}
}
