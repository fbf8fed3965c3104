//go:build !linux

package mcpclient

import "time"

type procID struct{ pid int }

// descendants is only implemented on Linux; elsewhere Close relies on the
// server to end the processes it started.
func descendants(int) []procID { return nil }

func marked(string) []procID { return nil }

// browsers is only implemented on Linux: elsewhere a browser that dies
// under the server is noticed by the errors the server reports.
func browsers(int) []procID { return nil }

func (procID) alive() bool { return true }

func reapOrphans([]procID, time.Duration) {}
