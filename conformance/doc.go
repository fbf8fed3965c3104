// Package conformance holds the suite that shows plaintest replay is a
// drop-in for Sandy's player (play.py): one small scenario per behaviour
// that Sandy's code and tests pin down (testdata/behaviours), and every
// example scenario Sandy ships (testdata/sandy-examples, Apache-2.0, see
// its NOTICE.md), each replayed by the plaintest binary against stub MCP
// servers (stubmcp) with the verdict Sandy's player gives.
//
// Its tests build plaintest and stubmcp, write an MCP config naming a stub
// for every server the scenarios call (GitHub, Slack, Supabase,
// chrome-devtools, …; tools answered from testdata/tools), start a stub
// Claude-in-Chrome bridge, and run `plaintest replay --json` as a Sandy
// user's script would. The package has no code of its own.
package conformance
