package sandy

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/textpos"
)

// DotenvError is a bad line in an env file. It wraps ErrInvalid.
type DotenvError struct {
	File string
	Line int
	Msg  string
}

func (e *DotenvError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Unwrap returns ErrInvalid.
func (e *DotenvError) Unwrap() error { return ErrInvalid }

// LoadDotenv reads an env file (see ParseDotenv) for the variables of a run.
func LoadDotenv(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load env file: %w", err)
	}
	return ParseDotenv(data, path)
}

// ParseDotenv parses env-file lines, file naming the input in errors:
//
//	# a comment, and blank lines, are skipped
//	KEY=value              value trimmed; " #" starts a comment
//	export KEY=value       "export " is ignored
//	KEY='single quoted'    taken literally, no escapes
//	KEY="double quoted"    \n \r \t \" \\ are escapes; other backslashes stay
//	KEY=                   the empty string
//
// Keys match ^[A-Za-z_][A-Za-z0-9_-]*$ (spaces around = are allowed). A
// quoted value ends on its line; only white space or a # comment may follow
// it. A later line for the same key wins. A line that is none of these is a
// *DotenvError "file:LINE: ...", and so is a byte that is not UTF-8 anywhere
// in the file (sent to a server, it would arrive as U+FFFD).
func ParseDotenv(data []byte, file string) (map[string]string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	env := map[string]string{}
	if bad := textpos.InvalidUTF8(data); bad >= 0 {
		line, col := textpos.LineCol(data, bad)
		return nil, &DotenvError{File: file, Line: line,
			Msg: fmt.Sprintf("column %d: invalid UTF-8 (byte 0x%02x): the file must be UTF-8", col, data[bad])}
	}
	for n, line := range strings.Split(string(data), "\n") {
		key, val, msg := dotenvLine(strings.TrimSuffix(line, "\r"))
		if msg != "" {
			return nil, &DotenvError{File: file, Line: n + 1, Msg: msg}
		}
		if key != "" {
			env[key] = val
		}
	}
	return env, nil
}

// dotenvLine parses one line: key "" for a blank or comment line, msg set
// when the line is bad.
func dotenvLine(line string) (key, val, msg string) {
	s := strings.TrimLeft(line, " \t")
	if s == "" || s[0] == '#' {
		return "", "", ""
	}
	if rest, ok := strings.CutPrefix(s, "export"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
		s = strings.TrimLeft(rest, " \t")
	}
	key, val, ok := strings.Cut(s, "=")
	if !ok {
		return "", "", "want KEY=VALUE"
	}
	key = strings.TrimRight(key, " \t")
	if !validIdent(key) {
		return "", "", fmt.Sprintf("bad name %s (want %s)", printable.Quote(key), identPattern)
	}
	val = strings.TrimLeft(val, " \t")
	if val == "" {
		return key, "", ""
	}
	var after string
	switch val[0] {
	case '\'':
		end := strings.IndexByte(val[1:], '\'')
		if end < 0 {
			return "", "", "unterminated single quote"
		}
		val, after = val[1:end+1], val[end+2:]
	case '"':
		var b strings.Builder
		i := 1
	loop:
		for ; i < len(val); i++ {
			switch c := val[i]; c {
			case '"':
				break loop
			case '\\':
				if i+1 == len(val) {
					b.WriteByte(c)
					continue
				}
				i++
				switch e := val[i]; e {
				case 'n':
					b.WriteByte('\n')
				case 'r':
					b.WriteByte('\r')
				case 't':
					b.WriteByte('\t')
				case '"', '\\':
					b.WriteByte(e)
				default:
					b.WriteByte('\\')
					b.WriteByte(e)
				}
			default:
				b.WriteByte(c)
			}
		}
		if i >= len(val) {
			return "", "", "unterminated double quote"
		}
		val, after = b.String(), val[i+1:]
	default:
		if i := strings.Index(val, " #"); i >= 0 {
			val = val[:i]
		}
		if i := strings.Index(val, "\t#"); i >= 0 {
			val = val[:i]
		}
		return key, strings.TrimRight(val, " \t"), ""
	}
	if after = strings.TrimLeft(after, " \t"); after != "" && after[0] != '#' {
		return "", "", fmt.Sprintf("unexpected %s after the closing quote", printable.Quote(after))
	}
	return key, val, ""
}
