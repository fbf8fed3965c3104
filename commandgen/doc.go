// Package commandgen turns a step and the element it acts on into the MCP
// tool call that performs it, and such a call back into its step.
//
// Targets chooses the stable target a step records: a Playwright
// selector for its element (Playwright's own generator when the server
// has it, else one made from the snapshot, else one from the element's
// attributes read in the page), confirmed on the page to find that
// element alone, never a snapshot ref. Call (a step and its target to the
// @playwright/mcp call, the checks' page functions included) and Read (a
// call to the step it performs) are kept side by side and held to each
// other by a round-trip test. It is the stage between the translator,
// which answers steps, and the writers of a compile's exports; replay and
// the browser servers ask it what a call is. It imports packages step,
// dom (the snapshot a target is chosen on), its subpackage locator (the
// locators as data) and leaf packages under internal/; it asks the page
// through its Page interface, which the compiler implements.
package commandgen
