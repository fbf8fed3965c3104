package mcptest

import (
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/mcpclient"
)

// Playwright is a result as @playwright/mcp (0.0.83) writes it: one text of
// markdown sections, each present when its field is set, in the server's
// order (Error, Result, Ran Playwright code, Page, Snapshot, Events), then
// the images. The fields are those mcpclient.Result reads back. A result
// with an Error is a failed one.
//
// The texts below are the server's own, copied from what it answers rather
// than taken from mcpclient, so that a test can catch mcpclient reading
// them wrong.
type Playwright struct {
	Error     string // under "### Error", e.g. `Error: "#x" does not match any elements.`
	Value     string // under "### Result": an evaluated value, a generated locator
	Code      string // the JavaScript run, fenced under "### Ran Playwright code"
	PageURL   string // "- Page URL:" under "### Page"
	PageTitle string // "- Page Title:" under "### Page"
	Snapshot  string // the ARIA snapshot, fenced as YAML under "### Snapshot"
	Events    string // under "### Events"
	Images    []mcpclient.Image
}

// Result renders p.
func (p Playwright) Result() Result {
	var b strings.Builder
	section := func(title, body string) {
		b.WriteString("### " + title + "\n" + strings.TrimSuffix(body, "\n") + "\n")
	}
	if p.Error != "" {
		section("Error", p.Error)
	}
	if p.Value != "" {
		section("Result", p.Value)
	}
	if p.Code != "" {
		section("Ran Playwright code", "```js\n"+strings.TrimSuffix(p.Code, "\n")+"\n```")
	}
	if p.PageURL != "" || p.PageTitle != "" {
		page := "- Page URL: " + p.PageURL
		if p.PageTitle != "" {
			page += "\n- Page Title: " + p.PageTitle
		}
		section("Page", page)
	}
	if p.Snapshot != "" {
		section("Snapshot", "```yaml\n"+strings.TrimSuffix(p.Snapshot, "\n")+"\n```")
	}
	if p.Events != "" {
		section("Events", p.Events)
	}
	return Result{Text: b.String(), Images: p.Images, IsError: p.Error != ""}
}

// Failure is @playwright/mcp's failed result for an error the browser
// threw with message msg: "### Error\nError: msg".
func Failure(msg string) Result { return Playwright{Error: "Error: " + msg}.Result() }

// NoMatch is the failure of an action whose selector target matches no
// element (the server quotes the target as given, without escaping).
func NoMatch(target string) Result {
	return Failure(`"` + target + `" does not match any elements.`)
}

// Strict is the failure of an action whose selector target matches n
// elements.
func Strict(target string, n int) Result {
	return Failure(fmt.Sprintf("strict mode violation: locator('%s') resolved to %d elements", target, n))
}

// TimedOut is the failure of an action (op, e.g. "locator.click") that did
// not finish within ms milliseconds.
func TimedOut(op string, ms int) Result {
	return Playwright{Error: fmt.Sprintf("TimeoutError: %s: Timeout %dms exceeded.\nCall log:\n  - waiting", op, ms)}.Result()
}

// NetError is the failure of a navigation to url that the browser could not
// reach, with Chromium's code ("ERR_CONNECTION_REFUSED").
func NetError(code, url string) Result {
	return Failure(fmt.Sprintf("page.goto: net::%s at %s\nCall log:\n  - navigating to %q, waiting until \"domcontentloaded\"", code, url, url))
}

// Crashed is the failure of any call once the page's browser has crashed:
// mcpclient then holds the browser lost (mcpclient.ErrBrowserLost).
func Crashed() Result { return Failure("Target crashed") }

// UnknownTool is the server's answer to a call of a tool it does not have
// (one of a capability it was not started with).
func UnknownTool(name string) Result {
	return Playwright{Error: fmt.Sprintf("Tool %q not found", name)}.Result()
}

// Navigated is the result of browser_navigate to url.
func Navigated(url string) Result {
	return Playwright{Code: fmt.Sprintf("await page.goto('%s');", url), PageURL: url}.Result()
}

// Screenshot is the result of browser_take_screenshot: the image, as PNG.
func Screenshot(png []byte) Result {
	return Playwright{
		Value:  "- [Screenshot of viewport](page.png)",
		Code:   "// Screenshot viewport and save it as page.png\nawait page.screenshot({ path: 'page.png', scale: 'css', type: 'png' });",
		Images: []mcpclient.Image{{MIMEType: "image/png", Data: png}},
	}.Result()
}
