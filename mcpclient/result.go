package mcpclient

// Result is one tool call's result in plaintest's own terms. A tool failure
// (IsError) is data, not a Go error: the call reached the server and the
// server said no.
type Result struct {
	// Text is every text content item, joined by a newline.
	Text string
	// Images are the image content items (screenshots).
	Images []Image
	// IsError is the server's isError flag.
	IsError bool

	// Sections parsed from Playwright MCP's markdown results; empty when the
	// result has none.
	Code     string // the JavaScript under "### Ran Playwright code"
	Snapshot string // the YAML under "### Snapshot", when returned inline
	// SnapshotFile is the .yml file linked under "### Snapshot" after
	// actions (navigate, click, type) instead of an inline snapshot.
	SnapshotFile string
	PageURL      string // "- Page URL:" under "### Page"
	PageTitle    string // "- Page Title:" under "### Page"
	Error        string // the text under "### Error", or Text when IsError and there is no such section
	Value        string // the text under "### Result" (browser_evaluate, browser_wait_for)
	Events       string // the text under "### Events" (console entries, downloads, dialogs)
	// Modal is the text under "### Modal state": the dialog or file
	// chooser an action opened, waiting for browser_handle_dialog or
	// browser_file_upload ("- ["confirm" dialog with message "Delete?"]:
	// can be handled by browser_handle_dialog").
	Modal string
	Tabs  string // the text under "### Open tabs", when there are several
}

// Image is one image content item.
type Image struct {
	MIMEType string
	Data     []byte
}
