package sandy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Marshal encodes the scenario as Sandy JSON: 2-space indentation, fields
// in schema order, map keys sorted, no HTML escaping (so "=>" and "<" stay
// readable), and a trailing newline. The same scenario always gives the
// same bytes. It does not validate.
func (s *Scenario) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("marshal scenario: %w", err)
	}
	return b.Bytes(), nil
}

// Required lists, sorted, the declared variables whose value is the empty
// string: the player must be given them (env file or --var) before running.
func (s *Scenario) Required() []string {
	var names []string
	for name, v := range s.Variables {
		if v == "" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
