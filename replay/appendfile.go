package replay

// sandy__append_file: items appended to a text, CSV or JSON file
// (replay/appendfile), inside the run's files folder.

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/plaintest/plaintest/replay/appendfile"
)

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
	if r.files == nil {
		return outcome{fail: "append_file: no files folder was opened for this run"}, nil
	}
	if err := r.checkFiles(); err != nil {
		return outcome{}, err
	}
	n, err := appendfile.Append(r.files.Root(), path, format, items)
	if err != nil {
		return outcome{fail: r.mask.text(err.Error())}, nil
	}
	b, _ := json.Marshal(map[string]any{"path": path, "format": format, "appended": n})
	return outcome{text: string(b)}, nil
}
