package llm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/prompt"
)

// answerCache keeps the model's accepted answers on disk, one JSON file
// per question under dir:
//
//	DIR/llm/<sha256>.json
//	{"version": 2, "server": "http://localhost:11434/v1", "model": "qwen2.5:7b",
//	 "contract": 2, "action": "log in as demo",
//	 "url": "http://127.0.0.1:8080/login", "taken": 0,
//	 "answer": {"action_type": "input", "target_ref": "e12", ...}}
//
// The file's name is the SHA-256 of the model server's base URL, the
// model's name, the prompt contract's version (prompt.ContractVersion),
// the fingerprint of the page as shown (the SHA-256 of its text), and the
// whole first request (every message and the function): the action, the
// URL and title, the steps already taken, the placeholders and the
// templates. The same model name on two servers, or under two contracts,
// never shares an answer. A compile against an unchanged page asks the
// model nothing; any change asks again. Files hold only what the prompt
// held: secret values are {{NAME}}, and the server's URL is written
// without a password.
type answerCache struct {
	dir string
}

// cacheVersion is the format of the files; others are ignored.
const cacheVersion = 2

type cacheEntry struct {
	Version  int                     `json:"version"`
	Server   string                  `json:"server"`
	Model    string                  `json:"model"`
	Contract int                     `json:"contract"`
	Action   string                  `json:"action"`
	URL      string                  `json:"url"`
	Taken    int                     `json:"taken"`
	Answer   prompt.IntermediateStep `json:"answer"`
}

// cacheKey names the answer to p from model at the server base.
func cacheKey(base, model string, p *prompt.Request) string {
	page := sha256.Sum256([]byte(dom.Serialize(p.Page)))
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(base)
	_ = enc.Encode(model)
	_ = enc.Encode(prompt.ContractVersion)
	_ = enc.Encode(hex.EncodeToString(page[:]))
	_ = enc.Encode(p.Messages)
	_ = enc.Encode(p.Function)
	return hex.EncodeToString(h.Sum(nil))
}

func (c *answerCache) path(key string) string { return filepath.Join(c.dir, "llm", key+".json") }

// get returns the answer kept under key. The file is read as outside
// input: its answer must parse as a model's would.
func (c *answerCache) get(key string) (prompt.IntermediateStep, bool) {
	data, err := os.ReadFile(c.path(key))
	if err != nil {
		return prompt.IntermediateStep{}, false
	}
	var e struct {
		Version int             `json:"version"`
		Answer  json.RawMessage `json:"answer"`
	}
	if json.Unmarshal(data, &e) != nil || e.Version != cacheVersion {
		return prompt.IntermediateStep{}, false
	}
	a, err := prompt.ParseArguments(string(e.Answer))
	return a, err == nil
}

// put keeps e under key, replacing the file atomically.
func (c *answerCache) put(key string, e cacheEntry) error {
	e.Version = cacheVersion
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	path := c.path(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("answer cache: %w", err)
	}
	return safefile.Write(path, append(data, '\n'), 0o644)
}
