package step

// The tools of @playwright/mcp that steps' calls use (package mcpclient
// names the rest of the server's vocabulary and refers to these).
const (
	ToolNavigate     = "browser_navigate"
	ToolNavigateBack = "browser_navigate_back"
	ToolClick        = "browser_click"
	ToolType         = "browser_type"
	ToolSelectOption = "browser_select_option"
	ToolPressKey     = "browser_press_key"
	ToolHover        = "browser_hover"
	ToolWaitFor      = "browser_wait_for"
	ToolEvaluate     = "browser_evaluate"
	ToolHandleDialog = "browser_handle_dialog" // accept or dismiss the dialog an action opened
	ToolFileUpload   = "browser_file_upload"   // set the files of the file chooser an action opened
	ToolTabs         = "browser_tabs"          // list, open, close or select a tab
	ToolDrag         = "browser_drag"          // drag one element onto another
	ToolFillForm     = "browser_fill_form"     // set fields: a box checked or unchecked (Playwright's setChecked)
)

// ToolCall is one tool call: the bare tool name ("browser_click") and its arguments.
type ToolCall struct {
	Tool string
	Args map[string]any
	// ID, Output and Condition are the Sandy step's own (empty for most
	// calls): a call whose answer a later call reads has an ID and the
	// outputs it extracts, and a call made only when an earlier answer
	// says so has the condition, as "{{id.output}} != value".
	ID        string
	Output    map[string]string
	Condition string
}

// Server is the name scenarios give the browser's MCP server: a step's
// call is the tool mcp__playwright__<tool>.
const Server = "playwright"
