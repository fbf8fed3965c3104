// Package mcpclient opens MCP sessions to browser servers (and any other MCP
// server a scenario names), calls their tools, and turns results into the
// project's own Result type.
//
// It owns config discovery in the Sandy order, the transports (stdio, SSE,
// streamable HTTP, in-process, WebSocket, Unix socket), calls with retry on
// broken connections, and the launcher of the project's pinned
// @playwright/mcp. mcp-go types never leave this package.
package mcpclient
