package sandy

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
)

// upgradeFunc reshapes the params of one v1.1 step (path is its JSON path)
// for its v2.1 tool. It returns the new params and any problems.
type upgradeFunc func(path string, params map[string]any) (map[string]any, []Problem)

type action struct {
	tool    string
	reshape upgradeFunc // nil: params are kept as they are
}

// devtools is the server v1.1 scenarios were recorded with.
const devtools = "mcp__chrome-devtools__"

// actions is the v1.1 action table; see Upgrade.
var actions = map[string]action{
	"navigate":      {tool: devtools + "navigate_page"},
	"click":         {tool: devtools + "click"},
	"fill":          {tool: devtools + "fill", reshape: upgradeFill},
	"type":          {tool: devtools + "press_key", reshape: upgradeKey("text")},
	"key":           {tool: devtools + "press_key", reshape: upgradeKey("key")},
	"screenshot":    {tool: devtools + "take_screenshot", reshape: upgradeScreenshot},
	"wait":          {tool: "sandy__wait", reshape: upgradeWait},
	"wait_for_text": {tool: devtools + "wait_for"},
	"scroll":        {tool: devtools + "evaluate_script", reshape: upgradeScroll},
	"hover":         {tool: devtools + "hover"},
}

func unknownActionMsg(name string) string {
	names := slices.Sorted(maps.Keys(actions))
	return fmt.Sprintf("unknown v1.1 action %s (want one of %s)", printable.Quote(name), strings.Join(names, ", "))
}

// Upgrade turns the v1.1 steps of s (those with an action and no tool) into
// v2.1 tool calls on the chrome-devtools MCP server (a wait into the
// sandy__wait built-in, which needs no server), in place, and sets a
// "1.1" version to "2.1". A missing version is set to "2.1" only when the
// file has the shape of a v1.1 one (LooksV11); otherwise it stays missing,
// for Validate to refuse. Parse calls it. It returns the steps it
// could not upgrade (an unknown action, params it cannot reshape); those
// keep their action.
//
//	v1.1 action    v2.1 tool                               params
//	navigate       mcp__chrome-devtools__navigate_page     kept ({url})
//	click          mcp__chrome-devtools__click             kept ({uid})
//	fill           mcp__chrome-devtools__fill              kept; text is renamed value when there is no value
//	type           mcp__chrome-devtools__press_key         {key: <text>}; other params are dropped
//	key            mcp__chrome-devtools__press_key         {key: <key>}; other params are dropped
//	screenshot     mcp__chrome-devtools__take_screenshot   kept; path or filename is renamed filePath
//	wait           sandy__wait                             {duration: S} from {duration: S} or {seconds: S}
//	                                                       (seconds) or {ms: N}; nothing is no wait
//	wait_for_text  mcp__chrome-devtools__wait_for          kept ({text})
//	scroll         mcp__chrome-devtools__evaluate_script   {function: "() => window.scrollBy(X, Y)"} from
//	                                                       {x, y} (pixels), or {direction: up|down|left|right,
//	                                                       amount} (pixels, default 500), or nothing (down 500);
//	                                                       {selector} becomes an element's scrollIntoView()
//	hover          mcp__chrome-devtools__hover             kept ({uid})
//
// type goes to press_key as the schema says, so it suits single keys only.
// wait and scroll need literal numbers: a {{placeholder}} there is a problem.
func Upgrade(s *Scenario) []Problem {
	if s.Version == "" && s.LooksV11() {
		s.Version = "1.1"
	}
	var ps []Problem
	for i := range s.Steps {
		st := &s.Steps[i]
		if st.Tool != "" {
			st.Action = "" // a tool wins over an action, as in Sandy's player
			continue
		}
		if st.Action == "" {
			continue
		}
		path := jsonscan.Index("steps", i)
		a, ok := actions[st.Action]
		if !ok {
			ps = append(ps, Problem{Path: path + ".action", Msg: unknownActionMsg(st.Action)})
			continue
		}
		params := st.Params
		if a.reshape != nil && params != nil { // nil params: Validate says they are required
			var bad []Problem
			params, bad = a.reshape(path+".params", st.Params)
			if len(bad) > 0 {
				ps = append(ps, bad...)
				continue
			}
		}
		st.Tool, st.Action, st.Params = a.tool, "", params
	}
	if s.Version == "1.1" {
		s.Version = Version
	}
	return ps
}

// LooksV11 reports whether s, read with no version, is a v1.1 scenario by
// its shape: it has steps, and every one names an action and none a tool.
// Sandy's player refuses a file with no version; one of v1.1's shape is
// the exception this package makes, since v1.1 files were written before
// the version was asked for.
func (s *Scenario) LooksV11() bool {
	if len(s.Steps) == 0 {
		return false
	}
	for _, st := range s.Steps {
		if st.Action == "" || st.Tool != "" {
			return false
		}
	}
	return true
}

func upgradeFill(_ string, params map[string]any) (map[string]any, []Problem) {
	out := copyParams(params)
	if _, ok := out["value"]; !ok {
		if text, ok := out["text"]; ok {
			out["value"] = text
			delete(out, "text")
		}
	}
	return out, nil
}

func upgradeKey(from string) upgradeFunc {
	return func(path string, params map[string]any) (map[string]any, []Problem) {
		name := from // not from itself: the closure outlives this call
		k, ok := params[name]
		if !ok && name == "text" {
			name = "key"
			k, ok = params[name]
		}
		if !ok {
			return nil, []Problem{{Path: path + "." + name, Msg: "required"}}
		}
		return map[string]any{"key": k}, nil
	}
}

func upgradeScreenshot(_ string, params map[string]any) (map[string]any, []Problem) {
	out := copyParams(params)
	for _, k := range []string{"path", "filename"} {
		if v, ok := out[k]; ok {
			if _, has := out["filePath"]; !has {
				out["filePath"] = v
			}
			delete(out, k)
		}
	}
	return out, nil
}

func upgradeWait(path string, params map[string]any) (map[string]any, []Problem) {
	// Sandy's player reads duration; its v1.1 examples also write seconds
	// or ms. One of them, in any unit, and none at all is no wait.
	units := []struct {
		key   string
		scale float64
		what  string
	}{{"duration", 1, "seconds"}, {"seconds", 1, "seconds"}, {"ms", 0.001, "milliseconds"}}
	var given []string
	secs := 0.0
	for _, u := range units {
		v, ok := params[u.key]
		if !ok {
			continue
		}
		given = append(given, u.key)
		n, isNum := number(v)
		if !isNum || n < 0 {
			return nil, []Problem{{Path: path + "." + u.key, Msg: "want a number of " + u.what + ", at least 0"}}
		}
		secs = n * u.scale
	}
	if len(given) > 1 {
		return nil, []Problem{{Path: path, Msg: "give one of " + strings.Join(given, ", ") + ", not several"}}
	}
	return map[string]any{"duration": secs}, nil
}

func upgradeScroll(path string, params map[string]any) (map[string]any, []Problem) {
	if sel, ok := params["selector"]; ok {
		s, isStr := sel.(string)
		if !isStr || s == "" || hasPlaceholder(s) {
			return nil, []Problem{{Path: path + ".selector", Msg: "want a CSS selector"}}
		}
		lit, _ := json.Marshal(s) // a JSON string is a JavaScript string literal
		return map[string]any{"function": fmt.Sprintf("() => document.querySelector(%s)?.scrollIntoView()", lit)}, nil
	}
	var x, y float64
	_, hasX := params["x"]
	_, hasY := params["y"]
	if hasX || hasY {
		for _, k := range []string{"x", "y"} {
			v, ok := params[k]
			if !ok {
				continue
			}
			n, isNum := number(v)
			if !isNum {
				return nil, []Problem{{Path: path + "." + k, Msg: "want a number of pixels"}}
			}
			if k == "x" {
				x = n
			} else {
				y = n
			}
		}
	} else {
		amount := 500.0
		if v, ok := params["amount"]; ok {
			n, isNum := number(v)
			if !isNum || n < 0 {
				return nil, []Problem{{Path: path + ".amount", Msg: "want a number of pixels, at least 0"}}
			}
			amount = n
		}
		dir := "down"
		if v, ok := params["direction"]; ok {
			dir, _ = v.(string)
		}
		switch dir {
		case "down":
			y = amount
		case "up":
			y = -amount
		case "right":
			x = amount
		case "left":
			x = -amount
		default:
			return nil, []Problem{{Path: path + ".direction", Msg: "want up, down, left or right"}}
		}
	}
	return map[string]any{"function": fmt.Sprintf("() => window.scrollBy(%s, %s)", jsNumber(x), jsNumber(y))}, nil
}

// number reads a JSON number (or a Go number, or a numeric string).
func number(v any) (float64, bool) {
	var n float64
	switch v := v.(type) {
	case float64:
		n = v
	case int:
		n = float64(v)
	case int64:
		n = float64(v)
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return 0, false
		}
		n = f
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return 0, false
		}
		n = f
	default:
		return 0, false
	}
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, false
	}
	return n, true
}

func jsNumber(f float64) string {
	if f == 0 {
		return "0" // not -0
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func copyParams(params map[string]any) map[string]any {
	out := make(map[string]any, len(params))
	for k, v := range params {
		out[k] = v
	}
	return out
}
