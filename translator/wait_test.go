package translator

import "testing"

// TestWaits: the sentences that wait for something to show, and not a
// wait for a time.
func TestWaits(t *testing.T) {
	for action, want := range map[string]bool{
		"wait for Saved to appear":          true,
		"Wait until the upload shows 100%":  true,
		"wait until Order placed is shown":  true,
		"wait for 2 seconds":                false,
		"wait 500 ms":                       false,
		"click Pay":                         false,
		"verify the upload shows 100%":      false,
		"wait for the Pay button to appear": true,
	} {
		if got := Waits(action); got != want {
			t.Errorf("Waits(%q) = %v, want %v", action, got, want)
		}
	}
}
