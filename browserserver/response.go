package browserserver

import (
	"encoding/base64"
	"errors"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/mcpclient"
)

// response is what a tool answers, written in @playwright/mcp's markdown
// sections (mcpclient.ParseText reads them): ### Result, ### Ran Playwright
// code, ### Page, ### Snapshot; then images.
type response struct {
	result   string
	code     []string
	tabs     string // the Open tabs section's lines, when there are several
	page     string // the Page section's lines
	modal    string // the Modal state section's lines
	snapshot string
	lang     string // the snapshot's fence language: yaml or html
	images   []mcpclient.Image
}

func (r *response) addCode(line string) { r.code = append(r.code, line) }

func (r *response) toMCP() *mcp.CallToolResult {
	var b strings.Builder
	section := func(h, body string) {
		b.WriteString("### " + h + "\n" + body)
		if !strings.HasSuffix(body, "\n") {
			b.WriteString("\n")
		}
	}
	if r.result != "" {
		section("Result", r.result)
	}
	if len(r.code) > 0 {
		section("Ran Playwright code", "```js\n"+strings.Join(r.code, "\n")+"\n```")
	}
	if r.tabs != "" {
		section("Open tabs", r.tabs)
	}
	if r.page != "" {
		section("Page", r.page)
	}
	if r.modal != "" {
		section("Modal state", r.modal)
	}
	if r.snapshot != "" || r.lang != "" {
		section("Snapshot", fence(r.lang, r.snapshot))
	}
	out := &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(strings.TrimRight(b.String(), "\n"))}}
	for _, img := range r.images {
		out.Content = append(out.Content, mcp.NewImageContent(base64.StdEncoding.EncodeToString(img.Data), img.MIMEType))
	}
	return out
}

// fence puts body in a fenced block, with a fence longer than any run of
// backticks inside it.
func fence(lang, body string) string {
	f := "```"
	for strings.Contains(body, f) {
		f += "`"
	}
	return f + lang + "\n" + body + "\n" + f
}

// errorResult is a failed call's result: "### Error" and the error in
// @playwright/mcp's words ("Error: …", "TimeoutError: …").
func errorResult(err error) *mcp.CallToolResult {
	msg := err.Error()
	var te *toolError
	var pe *playwright.Error
	switch {
	case errors.As(err, &te):
		msg = "Error: " + te.msg
	case errors.As(err, &pe):
		name := pe.Name
		if name == "" {
			name = "Error"
		}
		// Playwright 1.64 appends the browser's whole log to a closed
		// target's error: a launch's words, which the browser's launch
		// (checked when the server starts) never reaches here with.
		m, _, _ := strings.Cut(pe.Message, "\nBrowser logs:")
		msg = name + ": " + m
	case errors.Is(err, playwright.ErrTargetClosed):
		msg, _, _ = strings.Cut(msg, "\nBrowser logs:")
		msg = "Error: Target page, context or browser has been closed: " + msg
	default:
		msg = "Error: " + msg
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent("### Error\n" + msg)}}
}
