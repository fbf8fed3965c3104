package browserserver

// The tool table, and the handler every call goes through.

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/mcpclient"
)

// toolsJSON holds the tools' names, descriptions and input schemas: those
// of @playwright/mcp 0.0.83 (with --caps testing, and the tracing tools of
// --caps devtools) for the tools built in, and browser_snapshot's format.
//
//go:embed tools.json
var toolsJSON []byte

type toolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// toolFunc runs one call on the session's tab and fills the response; an
// error is the call's failure (isError).
type toolFunc func(t *tab, a args, r *response) error

// tools maps each tool to its implementation.
var tools = map[string]toolFunc{
	mcpclient.ToolNavigate:             (*tab).navigate,
	mcpclient.ToolNavigateBack:         (*tab).navigateBack,
	mcpclient.ToolSnapshot:             (*tab).snapshotTool,
	mcpclient.ToolClick:                (*tab).click,
	mcpclient.ToolType:                 (*tab).typeText,
	mcpclient.ToolFillForm:             (*tab).fillForm,
	mcpclient.ToolSelectOption:         (*tab).selectOption,
	mcpclient.ToolHover:                (*tab).hover,
	mcpclient.ToolPressKey:             (*tab).pressKey,
	mcpclient.ToolWaitFor:              (*tab).waitFor,
	mcpclient.ToolEvaluate:             (*tab).evaluate,
	mcpclient.ToolScreenshot:           (*tab).screenshot,
	mcpclient.ToolClose:                (*tab).closeTool,
	mcpclient.ToolGenLocator:           (*tab).generateLocator,
	mcpclient.ToolVerifyElementVisible: (*tab).verifyElement,
	mcpclient.ToolVerifyTextVisible:    (*tab).verifyText,
	mcpclient.ToolVerifyValue:          (*tab).verifyValue,
	mcpclient.ToolHandleDialog:         (*tab).handleDialog,
	mcpclient.ToolFileUpload:           (*tab).fileUpload,
	mcpclient.ToolTabs:                 (*tab).tabs,
	mcpclient.ToolDrag:                 (*tab).drag,
	mcpclient.ToolStartTracing:         (*tab).startTracing,
	mcpclient.ToolStopTracing:          (*tab).stopTracing,
}

// ToolDefs returns the tools the server lists, as tools/list gives them.
func ToolDefs() ([]mcp.Tool, error) {
	var defs []toolDef
	if err := json.Unmarshal(toolsJSON, &defs); err != nil {
		return nil, fmt.Errorf("builtin: tools.json: %w", err)
	}
	out := make([]mcp.Tool, 0, len(defs))
	for _, d := range defs {
		out = append(out, mcp.NewToolWithRawSchema(d.Name, d.Description, d.InputSchema))
	}
	return out, nil
}

// newMCP builds the mcp-go server: every tool, arguments checked against
// its schema (a bad one is a failed call), sessions' contexts closed when
// they end.
func (s *Server) newMCP() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(_ context.Context, cs server.ClientSession) { s.startSession(cs.SessionID()) })
	hooks.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { s.endSession(cs.SessionID()) })
	srv := server.NewMCPServer("plaintest-builtin", Version, server.WithToolCapabilities(false),
		server.WithInputSchemaValidation(), server.WithHooks(hooks))
	defs, err := ToolDefs()
	if err != nil {
		panic(err) // the embedded file is part of the build; its test reads it
	}
	for _, d := range defs {
		fn := tools[d.Name]
		if fn == nil {
			panic("builtin: no implementation of " + d.Name)
		}
		srv.AddTool(d, s.handler(d.Name, fn))
	}
	return srv
}

func (s *Server) handler(name string, fn toolFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		t, err := s.tabFor(ctx)
		if err != nil {
			return errorResult(err), nil
		}
		return s.bounded(ctx, t, name, func() *mcp.CallToolResult { return t.call(name, fn, req) }), nil
	}
}

// call runs one tool call on the tab, one at a time.
func (t *tab) call(name string, fn toolFunc, req mcp.CallToolRequest) *mcp.CallToolResult {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.open(); err != nil {
		return errorResult(err)
	}
	t.setLive(t.bctx)
	if err := t.guard(); err != nil {
		return errorResult(err)
	}
	if err := t.modalGuard(name); err != nil {
		return errorResult(err)
	}
	var r response
	err := t.group(name, func() error { return fn(t, args(req.GetArguments()), &r) })
	// What the tool read of a page the rule refuses is dropped.
	if gerr := t.guard(); gerr != nil {
		return errorResult(gerr)
	}
	if err != nil {
		return errorResult(err)
	}
	return r.toMCP()
}

// args are a call's arguments, already checked against the tool's schema.
type args map[string]any

func (a args) str(k string) string {
	s, _ := a[k].(string)
	return s
}

func (a args) flag(k string) bool {
	b, _ := a[k].(bool)
	return b
}

func (a args) num(k string) (float64, bool) {
	f, ok := a[k].(float64)
	return f, ok
}

func (a args) strs(k string) []string {
	var out []string
	if l, ok := a[k].([]any); ok {
		for _, v := range l {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}
