package replay

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
)

// The built-in tools (sandy__<name>). Each returns its result as JSON text
// so that output paths work on built-ins as on MCP tools.

// wait is sandy__wait {duration: seconds}. Sandy's examples also write
// {seconds: N}, which is read the same; with neither it waits no time, as
// Sandy's player does.
func (r *run) wait(ctx context.Context, _ *plan, params map[string]any) (outcome, error) {
	key := "duration"
	if _, ok := params[key]; !ok {
		if _, ok := params["seconds"]; ok {
			key = "seconds"
		}
	}
	d, err := seconds(params, key, 0)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	if err := clock.Sleep(ctx, d); err != nil {
		return outcome{}, err
	}
	return outcome{text: fmt.Sprintf(`{"waited":%g}`, d.Seconds())}, nil
}

// logMessage is sandy__log {message}. The message is the step's
// report.StepResult.Message, which the console prints whatever the
// verbosity, as Sandy's player does; its result is {"logged": message}.
func (r *run) logMessage(_ context.Context, pl *plan, params map[string]any) (outcome, error) {
	msg, ok := params["message"]
	if !ok {
		return outcome{fail: "message: missing"}, nil
	}
	text, ok := msg.(string)
	if !ok {
		b, err := json.Marshal(msg)
		if err != nil {
			return outcome{fail: "message: " + err.Error()}, nil
		}
		text = string(b)
	}
	text = r.mask.text(text)
	r.log.Info("scenario log", "step", pl.step.Step, "message", text)
	b, _ := json.Marshal(map[string]string{"logged": text})
	return outcome{text: string(b), message: text}, nil
}

// appendFile is sandy__append_file {path, data, format}.
func (r *run) appendFile(_ context.Context, _ *plan, params map[string]any) (outcome, error) {
	path, _ := params["path"].(string)
	if path == "" {
		return outcome{fail: "path: want a file path"}, nil
	}
	data, ok := params["data"]
	if !ok {
		return outcome{fail: "data: missing"}, nil
	}
	format := "jsonl"
	if f, ok := params["format"].(string); ok && f != "" {
		format = strings.ToLower(f)
	}
	items, isList := data.([]any)
	if !isList {
		items = []any{data}
	}
	n, err := appendItems(r.opts.Files, path, format, items)
	if err != nil {
		return outcome{fail: r.mask.text(err.Error())}, nil
	}
	b, _ := json.Marshal(map[string]any{"path": path, "format": format, "appended": n})
	return outcome{text: string(b)}, nil
}

// appendItems appends items to path below dir. The path may not leave dir
// (no "..", no absolute path, no symlink out): os.Root enforces it.
func appendItems(dir, path, format string, items []any) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("append_file: files folder: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	defer root.Close()
	rel := filepath.Clean(filepath.FromSlash(path))
	if filepath.IsAbs(rel) || !filepath.IsLocal(rel) {
		return 0, fmt.Errorf("append_file: path %q must be relative and stay inside the working directory", path)
	}
	if d := filepath.Dir(rel); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return 0, fmt.Errorf("append_file: %w", err)
		}
	}
	switch format {
	case "jsonl":
		var buf bytes.Buffer
		for _, it := range items {
			b, err := json.Marshal(it)
			if err != nil {
				return 0, fmt.Errorf("append_file: %w", err)
			}
			buf.Write(b)
			buf.WriteByte('\n')
		}
		return len(items), appendBytes(root, rel, buf.Bytes())
	case "csv":
		return appendCSV(root, rel, items)
	case "json":
		return appendJSON(root, rel, items)
	}
	return 0, fmt.Errorf("append_file: format %q: want jsonl, csv or json", format)
}

func appendBytes(root *os.Root, rel string, b []byte) error {
	f, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("append_file: %w", err)
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		return fmt.Errorf("append_file: %w", err)
	}
	return nil
}

func readAll(root *os.Root, rel string) ([]byte, error) {
	f, err := root.Open(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("append_file: %w", err)
	}
	defer f.Close()
	return io.ReadAll(f)
}

// appendCSV writes one row per item. Objects are flattened as Sandy's
// player does ({"user": {"name": "x"}} is the column user_name; a list is
// one cell of JSON) and written under the file's header (its first line),
// or under a header of the first object's sorted keys when the file is new;
// arrays are rows as they are; anything else is a one-cell row.
func appendCSV(root *os.Root, rel string, items []any) (int, error) {
	old, err := readAll(root, rel)
	if err != nil {
		return 0, err
	}
	var header []string
	if len(bytes.TrimSpace(old)) > 0 {
		header, err = csv.NewReader(bytes.NewReader(old)).Read()
		if err != nil {
			return 0, fmt.Errorf("append_file: %s: reading header: %w", rel, err)
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for _, it := range items {
		switch v := it.(type) {
		case map[string]any:
			v = flatten(v)
			if header == nil {
				header = slices.Sorted(maps.Keys(v))
				if err := w.Write(header); err != nil {
					return 0, err
				}
			}
			row := make([]string, len(header))
			for i, k := range header {
				row[i] = cell(v[k])
			}
			err = w.Write(row)
		case []any:
			row := make([]string, len(v))
			for i, c := range v {
				row[i] = cell(c)
			}
			err = w.Write(row)
		default:
			err = w.Write([]string{cell(v)})
		}
		if err != nil {
			return 0, fmt.Errorf("append_file: %w", err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	return len(items), appendBytes(root, rel, buf.Bytes())
}

// flatten joins the keys of nested objects with "_", as Sandy's player
// does for CSV: {"user": {"name": "x", "age": 3}} is {"user_name": "x",
// "user_age": 3}. Lists stay values (written as JSON).
func flatten(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+"_", sub)
				continue
			}
			out[prefix+k] = v
		}
	}
	walk("", m)
	return out
}

func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool, int, int64:
		return fmt.Sprint(x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// appendJSON keeps the file one JSON array and adds items to it. The file
// is replaced atomically (inside root), never rewritten in place: an
// interrupted run leaves the old array whole.
func appendJSON(root *os.Root, rel string, items []any) (int, error) {
	old, err := readAll(root, rel)
	if err != nil {
		return 0, err
	}
	var list []any
	if len(bytes.TrimSpace(old)) > 0 {
		if err := json.Unmarshal(old, &list); err != nil {
			return 0, fmt.Errorf("append_file: %s does not hold a JSON array: %w", rel, err)
		}
	}
	list = append(list, items...)
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	if err := safefile.WriteIn(root, rel, append(b, '\n'), 0o644); err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	return len(items), nil
}

// waitForElement is sandy__wait_for_element {selector, timeout, interval,
// mcp_server}: it polls document.querySelector in the page. Its result is
// {"found": true, "selector": ...}, as in Sandy's player.
func (r *run) waitForElement(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	sel, _ := params["selector"].(string)
	if sel == "" {
		return outcome{fail: "selector: want a CSS selector"}, nil
	}
	q, _ := json.Marshal(sel)
	fn := fmt.Sprintf("() => document.querySelector(%s) !== null", q)
	done, _ := json.Marshal(map[string]any{"found": true, "selector": sel})
	return r.poll(ctx, pl, params, fn, 10*time.Second, string(done), fmt.Sprintf("element %s not found", q))
}

// waitUntil is sandy__wait_until {expression, timeout, interval,
// mcp_server}: it polls the expression in the page. Its result is
// {"condition_met": true}, as in Sandy's player.
func (r *run) waitUntil(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	expr, _ := params["expression"].(string)
	if strings.TrimSpace(expr) == "" {
		return outcome{fail: "expression: want a JavaScript expression"}, nil
	}
	fn := "() => Boolean(" + expr + "\n)"
	return r.poll(ctx, pl, params, fn, 30*time.Second, `{"condition_met":true}`, fmt.Sprintf("condition %q not met", expr))
}

// evaluateTool is the tool a browser built-in evaluates its function with
// on a server: chrome-devtools' evaluate_script, else @playwright/mcp's
// browser_evaluate (both take {function}).
func evaluateTool(server string) string {
	if server == devtoolsServer {
		return "evaluate_script"
	}
	return mcpclient.ToolEvaluate
}

// devtoolsServer is the server Sandy's browser built-ins use by default.
const devtoolsServer = "chrome-devtools"

// poll evaluates fn on the step's browser server every interval until it
// returns true (the step passes with result done) or timeout passes (it
// fails with never). A failed evaluation (a tool error, a request the
// server refused, a page between two documents) counts as "not yet", as in
// Sandy's player; only a lost server ends the run.
func (r *run) poll(ctx context.Context, pl *plan, params map[string]any, fn string, defTimeout time.Duration, done, never string) (outcome, error) {
	timeout, err := seconds(params, "timeout", defTimeout)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	interval, err := seconds(params, "interval", 500*time.Millisecond)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	if interval <= 0 {
		interval = r.opts.Poll
	}
	server := pl.serverFor(r.browser)
	s, err := r.session(server)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	tool := evaluateTool(server)
	deadline := time.Now().Add(timeout)
	var o outcome
	var last string // the last evaluation's error
	for {
		res, err := s.CallTool(ctx, tool, map[string]any{"function": fn})
		switch {
		case errors.Is(err, mcpclient.ErrRejected) && ctx.Err() == nil:
			last = err.Error()
		case err != nil:
			return o, err
		case res.IsError:
			last = errorText(res)
		default:
			if v, _ := Document(res.Text).(bool); v {
				o.text = done
				return o, nil
			}
			last = ""
		}
		left := time.Until(deadline)
		if left <= 0 {
			o.fail = fmt.Sprintf("%s after %s", never, timeout)
			if last != "" {
				o.fail += " (last " + tool + " error: " + report.FirstLine(last) + ")"
			}
			return o, nil
		}
		if err := clock.Sleep(ctx, min(left, interval)); err != nil {
			return o, err
		}
		o.retries++
	}
}

// seconds reads a number of seconds from params[key] (a number or a numeric
// string); def when absent.
func seconds(params map[string]any, key string, def time.Duration) (time.Duration, error) {
	v, ok := params[key]
	if !ok || v == nil {
		return def, nil
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case json.Number:
		g, err := x.Float64()
		if err != nil {
			return 0, fmt.Errorf("%s: want seconds, got %q", key, x)
		}
		f = g
	case string:
		g, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return 0, fmt.Errorf("%s: want seconds, got %q", key, x)
		}
		f = g
	default:
		return 0, fmt.Errorf("%s: want seconds, got %T", key, v)
	}
	if f < 0 || f > 24*3600 {
		return 0, fmt.Errorf("%s: %g seconds is out of range", key, f)
	}
	return time.Duration(f * float64(time.Second)), nil
}
