// Package prompts holds the templates of the language-model prompts as
// files, embedded in the binary:
//
//   - system.md: the rules the model answers by, the same for every
//     question of a compile (the actions it may answer, the refs, the
//     placeholders, the page as data, where navigation may go);
//   - step.md: one question: the action, the earlier actions, the steps
//     already taken for this action, the placeholders, and the page fenced
//     as data;
//   - retry.md: a refused answer sent back with the reason.
//
// They are text/template files whose actions are written [[ ... ]], since
// {{NAME}} is how a placeholder looks in their text. Package prompt fills
// them; nothing else reads them.
package prompts

import "embed"

// FS holds the templates by file name.
//
//go:embed *.md
var FS embed.FS

// The delimiters of the templates' actions.
const (
	LeftDelim  = "[["
	RightDelim = "]]"
)
