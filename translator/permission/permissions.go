package permission

import (
	"fmt"
	"slices"

	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/step"
)

// Permissions returns what a test's permission sentences ask of the
// browser context, nil when it has none, and its problems: a sentence
// that names a permission no test may grant, or two that disagree ("allow
// location access" and "block location"; two positions), each naming its
// action ("action 3: ..."). Allowed location with no position given
// reports permit's default one.
func List(actions []string) (*step.Permissions, []string) {
	var (
		p        *step.Permissions
		problems []string
		said     = map[string]int{} // name -> the action that said it
		at       int                // the action that gave a position
	)
	for i, a := range actions {
		read, ok, err := Read(a)
		if err != nil {
			problems = append(problems, fmt.Sprintf("action %d: %v", i+1, err))
			continue
		}
		if !ok {
			continue
		}
		if p == nil {
			p = &step.Permissions{Granted: []string{}, Denied: []string{}}
		}
		if j, dup := said[read.Name]; dup {
			if granted := slices.Contains(p.Granted, read.Name); granted != read.Allow {
				problems = append(problems, fmt.Sprintf("action %d: %q: action %d already %s %s, and a test allows or denies a permission for the whole test",
					i+1, a, j, map[bool]string{true: "allows", false: "denies"}[granted], read.Name))
				continue
			}
		} else {
			said[read.Name] = i + 1
			if read.Allow {
				p.Granted = append(p.Granted, read.Name)
			} else {
				p.Denied = append(p.Denied, read.Name)
			}
		}
		if read.At {
			if at > 0 && (p.Latitude != read.Latitude || p.Longitude != read.Longitude) {
				problems = append(problems, fmt.Sprintf("action %d: %q: action %d gives another position, and a test has one", i+1, a, at))
				continue
			}
			at, p.Latitude, p.Longitude = i+1, read.Latitude, read.Longitude
		}
	}
	if p != nil && at == 0 && slices.Contains(p.Granted, "geolocation") {
		p.Latitude, p.Longitude = permit.DefaultLatitude, permit.DefaultLongitude
	}
	return p, problems
}

// Grant is the browser context's grant for a test's actions: the zero
// Grant (the browser's default) when none is a permission sentence, and
// an error naming the problems of Permissions. The compile's browser
// session opens with it (browserserver.Options.Grant,
// mcpclient.PlaywrightOptions.Grant), so that the page answers as it will
// at replay.
func Grant(actions []string) (permit.Grant, error) {
	p, problems := List(actions)
	if len(problems) > 0 {
		return permit.Grant{}, fmt.Errorf("%w: %s", ErrUnknown, problems[0])
	}
	if p == nil {
		return permit.Grant{}, nil
	}
	return permit.NewGrant(p.Granted, p.Latitude, p.Longitude)
}
