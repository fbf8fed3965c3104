package replay

import (
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// OpensFileURLs reports whether sc, with its variables layered under layers
// (lowest precedence first), navigates the browser to a file: URL: the
// bundled @playwright/mcp then has to be started with
// mcpclient.PlaywrightOptions.FileURLs, which it otherwise blocks.
func OpensFileURLs(sc *sandy.Scenario, layers ...map[string]string) bool {
	vars := sandy.NewVars(sc.Variables, layers...)
	for _, st := range sc.Steps {
		_, tool, builtin, err := sandy.SplitTool(st.Tool)
		if err != nil || builtin || tool != mcpclient.ToolNavigate {
			continue
		}
		raw, ok := st.Params["url"].(string)
		if !ok {
			continue
		}
		// An output of an earlier step cannot be known yet; such a
		// reference resolves to an error here and the step is passed over.
		if s, err := vars.SubstituteString(raw); err == nil && mcpclient.IsFileURL(s) {
			return true
		}
	}
	return false
}
