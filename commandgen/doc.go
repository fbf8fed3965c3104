// Package commandgen turns a step and the element it acts on into the MCP
// tool call that performs it, and such a call back into its step. Call
// (a step to the @playwright/mcp call, the checks' page functions
// included) and Read (a call to the step it performs) are kept side by
// side and held to each other by a round-trip test. It is the stage
// between the translator, which answers steps, and the writers of a
// compile's exports; replay and the browser servers ask it what a call
// is. It imports package step and leaf packages under internal/.
package commandgen
