// Command stubmcp is a stdio MCP server whose tools answer what a JSON file
// says: the stand-in for the servers Sandy's examples call (GitHub, Slack,
// Supabase, chrome-devtools, …) in plaintest's conformance suite.
//
//	stubmcp -name github -tools github.json [-log calls.jsonl]
//
// The tools file maps each tool name to one answer, or to a list of answers
// given in turn (the last one repeats):
//
//	{
//	  "create_issue": {"json": {"number": 42}},    // the value as JSON text
//	  "post_message": {"text": "sent"},            // a text
//	  "flaky":        [{"error": "timeout"}, {"text": "ok"}], // a tool error, then a text
//	  "write_file":   {"echo": true}               // the call's arguments as JSON
//	}
//
// With -log, every call is appended to the file as one JSON line:
// {"server": NAME, "tool": TOOL, "args": {...}}.
//
// With -bridge DIR it serves the same tools as Claude Code's Chrome bridge
// does (the "claude-in-chrome" server of Sandy's player), not over MCP:
// on the unix socket DIR/stub.sock, JSON-RPC requests with method
// "execute_tool" and params {tool, args}, each message a 4-byte
// little-endian length and its JSON. It serves until it is killed.
package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"

	"github.com/plaintest/plaintest/mcpclient/mcptest"
)

// answer is one answer of a tool; exactly one field is set.
type answer struct {
	JSON  any    `json:"json"`
	Text  string `json:"text"`
	Error string `json:"error"`
	Echo  bool   `json:"echo"`
}

func main() {
	name := flag.String("name", "stub", "the server's `NAME` (in the log)")
	tools := flag.String("tools", "", "the tools `FILE`")
	logPath := flag.String("log", "", "append each call to `FILE`")
	bridge := flag.String("bridge", "", "serve as Claude Code's Chrome bridge on a socket in `DIR`")
	flag.Parse()
	if err := run(*name, *tools, *logPath, *bridge); err != nil {
		fmt.Fprintln(os.Stderr, "stubmcp:", err)
		os.Exit(1)
	}
}

func run(name, toolsPath, logPath, bridge string) error {
	b, err := os.ReadFile(toolsPath)
	if err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("%s: %w", toolsPath, err)
	}
	var mu sync.Mutex
	s := mcptest.NewServer(name)
	for tool, msg := range raw {
		answers, err := parseAnswers(msg)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", toolsPath, tool, err)
		}
		s.Handle(tool, func(c mcptest.Call) mcptest.Result {
			mu.Lock()
			defer mu.Unlock()
			if logPath != "" {
				if err := appendLog(logPath, name, tool, c.Args); err != nil {
					return mcptest.Error("stubmcp: log: " + err.Error())
				}
			}
			a := answers[min(c.N, len(answers))-1]
			switch {
			case a.Error != "":
				return mcptest.Error(a.Error)
			case a.Echo:
				out, _ := json.Marshal(c.Args)
				return mcptest.Text(string(out))
			case a.JSON != nil:
				out, _ := json.Marshal(a.JSON)
				return mcptest.Text(string(out))
			}
			return mcptest.Text(a.Text)
		})
	}
	if bridge != "" {
		return serveBridge(filepath.Join(bridge, "stub.sock"), s)
	}
	return s.ServeStdio()
}

// serveBridge answers the bridge protocol on a unix socket at path with
// the tools of s, through an in-process MCP session.
func serveBridge(path string, s *mcptest.Server) error {
	ln, err := net.Listen("unix", path)
	if err != nil {
		return err
	}
	defer ln.Close()
	for {
		conn, err := ln.Accept()
		if err != nil {
			return err
		}
		go bridgeConn(conn, s)
	}
}

func bridgeConn(conn net.Conn, s *mcptest.Server) {
	defer conn.Close()
	sess, err := s.Connect(context.Background())
	if err != nil {
		return
	}
	defer sess.Close()
	for {
		var n [4]byte
		if _, err := io.ReadFull(conn, n[:]); err != nil {
			return
		}
		body := make([]byte, binary.LittleEndian.Uint32(n[:]))
		if _, err := io.ReadFull(conn, body); err != nil {
			return
		}
		var req struct {
			ID     any `json:"id"`
			Params struct {
				Tool string         `json:"tool"`
				Args map[string]any `json:"args"`
			} `json:"params"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return
		}
		answer := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		res, err := sess.CallTool(context.Background(), req.Params.Tool, req.Params.Args)
		switch {
		case err != nil:
			answer["error"] = map[string]any{"message": err.Error()}
		case res.IsError:
			answer["error"] = map[string]any{"message": res.Text}
		default:
			answer["result"] = map[string]any{"content": []any{map[string]any{"type": "text", "text": res.Text}}}
		}
		out, _ := json.Marshal(answer)
		if _, err := conn.Write(append(binary.LittleEndian.AppendUint32(nil, uint32(len(out))), out...)); err != nil {
			return
		}
	}
}

// parseAnswers reads one answer or a list of them.
func parseAnswers(msg json.RawMessage) ([]answer, error) {
	var list []answer
	if err := json.Unmarshal(msg, &list); err == nil {
		if len(list) == 0 {
			return nil, fmt.Errorf("no answers")
		}
		return list, nil
	}
	var one answer
	if err := json.Unmarshal(msg, &one); err != nil {
		return nil, err
	}
	return []answer{one}, nil
}

func appendLog(path, server, tool string, args map[string]any) error {
	line, err := json.Marshal(map[string]any{"server": server, "tool": tool, "args": args})
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(append(line, '\n'))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}
