// Package browserserver is plaintest's built-in browser MCP server, in Go
// on playwright-go: it takes MCP tool calls with @playwright/mcp's names,
// argument shapes and result sections (tools.json holds the schemas) and
// drives one browser, launched locally or reached over a Playwright
// WebSocket endpoint or CDP, with one isolated context per MCP session.
//
// What it gives beyond @playwright/mcp: action results carry the code that
// ran with a stable locator (a test id, role and name, scoped by a
// container when needed; never a ref) and the new snapshot inline; text
// waits pass on any visible match; waits and verifications retry until
// the action timeout; browser_snapshot takes format "html" (open shadow
// roots and same-origin frames inlined) for dom.ParseHTML. A target is a
// ref of the latest snapshot (e7, f1e3 in a frame) or any Playwright
// selector, in the selector syntax or as JavaScript (getByRole(...));
// none or several matches is a tool error worded as @playwright/mcp words
// it, so that mcpclient's Result methods read both servers alike.
//
// The driver is the pinned playwright-core (FindDriver), found with no
// environment variable in a checkout's node_modules, beside the
// executable, or where make install puts it.
package browserserver
