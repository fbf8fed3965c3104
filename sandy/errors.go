package sandy

import "errors"

// ErrInvalid is wrapped by every error about a scenario's content: malformed
// JSON, a failed validation, a missing required variable, an unknown step
// reference. Callers map it to "bad input".
var ErrInvalid = errors.New("invalid scenario")
