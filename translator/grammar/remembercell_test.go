package grammar

import (
	"testing"

	"github.com/plaintest/plaintest/step"
)

// TestRememberCell: "remember the PID in the nginx row as PID" reads the
// Processes table's cell at the PID column of the row whose cell says
// nginx whole (not nginx-proxy's), where it was refused as no row
// matching "PID in the nginx row".
func TestRememberCell(t *testing.T) {
	for action, ref := range map[string]string{
		"remember the PID in the nginx row as PID":       "e10",
		"remember the CPU of nginx as CPU":               "e11",
		"remember the PID for the nginx-proxy row as P2": "e18",
		"store the CPU of redis as CPU":                  "e15",
	} {
		steps, err := translateOn(t, processesPage, action)
		if err != nil || len(steps) != 1 || steps[0].Kind != step.Remember || steps[0].Ref != ref {
			t.Errorf("%s: %+v, %v; want a remember of %s", action, steps, err, ref)
		}
	}
}
