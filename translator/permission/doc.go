// Package permission reads a test's permission sentences ("allow location
// at 52.52, 13.40", "block notifications") from their words alone, before
// any page opens, into what the test's browser context is granted.
package permission
