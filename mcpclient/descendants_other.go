//go:build unix && !linux

package mcpclient

import "time"

type procID struct{ pid int }

// descendants is only implemented on Linux; elsewhere Close relies on the
// server to end the processes it started.
func descendants(int) []procID { return nil }

func marked(string) []procID { return nil }

func reapOrphans([]procID, time.Duration) {}
