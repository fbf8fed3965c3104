// Package mcpclient opens MCP sessions to browser servers (and any other MCP
// server a scenario names), calls their tools, and turns results into the
// project's own Result type.
//
// It takes a ServerConfig (from a config file found the way Sandy finds it,
// mcpclient/mcpconfig, or from Playwright, the launcher of the project's
// pinned @playwright/mcp)
// and gives a Session whose CallTool returns a *Result: the text and images
// of the tool result plus the sections of Playwright MCP's markdown (code
// run, page URL and title, snapshot, value, error). A tool failure (isError)
// is a Result, not a Go error; Go errors mean the server could not be used
// (ErrUnavailable, with a stdio server's stderr tail) or rejected the request
// (ErrRejected).
//
// Transports: stdio, SSE, streamable HTTP, in-process, WebSocket and Unix
// socket. Connect retries while a server is starting; tool calls are never
// retried, since browser actions have side effects. mcp-go types never leave
// this package.
package mcpclient
