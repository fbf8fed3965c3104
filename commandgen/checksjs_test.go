package commandgen

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/step"
)

// TestChecksJS pins the shape of the .js files the checks are built from:
// every piece the Go side looks up is there, and every state a step may
// name has its condition.
func TestChecksJS(t *testing.T) {
	for _, src := range []string{checksJS, statesJS, valuesFile, coloursJS} {
		if _, err := pagejs.Consts(src); err != nil {
			t.Fatal(err)
		}
	}
	var names []string
	for _, h := range jsHelpers {
		names = append(names, h.name)
	}
	if got, want := strings.Join(names, " "), "deepAll deepText deepKids deepUp deepById deepFocus deepPath role ariaLabel name nameDeep vis items itemsDeep norm bare says shows showsDeep rgbaOf colourFamily colourSwatch coloursSeen coloursSaid"; got != want {
		t.Errorf("the checks' helpers are %q, want internal/pagejs's library (shadow.js, aria.js), then checks.js's, then colours.js's: %q", got, want)
	}
	for _, s := range []string{step.StateChecked, step.StateMixed, step.StateDisabled, step.StateExpanded, step.StateSelected, step.StatePressed, step.StateCurrent,
		step.StateFocused, step.StateRequired, step.StateReadOnly, step.StateInvalid, step.StateSorted, step.StateSortedAscending, step.StateSortedDescending} {
		if stateJS[s] == "" {
			t.Errorf("states.js has no condition for %q", s)
		}
	}
	if len(stateJS) != 14 {
		t.Errorf("states.js declares %d states, want 14", len(stateJS))
	}
	if valuesJS == "" || valueNowJS == "" {
		t.Error("values.js lacks values or valueNow")
	}
}
