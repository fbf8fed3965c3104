package replay

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
)

// Screenshots is which steps get a screenshot (Options.Screenshots).
type Screenshots string

// Values of Screenshots, as --screenshots spells them.
const (
	ScreenshotsFailure Screenshots = "failure" // the step that ended the run
	ScreenshotsAll     Screenshots = "all"     // every step that ran
	ScreenshotsOff     Screenshots = "off"     // none
)

// ParseScreenshots reads a --screenshots value: all, failure or off.
func ParseScreenshots(s string) (Screenshots, error) {
	switch v := Screenshots(strings.ToLower(strings.TrimSpace(s))); v {
	case ScreenshotsAll, ScreenshotsFailure, ScreenshotsOff:
		return v, nil
	}
	return "", fmt.Errorf("screenshots %q: want all, failure or off", s)
}

// browserFor is the session whose page is evidence of step pl: the
// step's own server when it is a call, else the browser server; nil when
// neither is open.
func (r *run) browserFor(pl *plan) ToolCaller {
	server := r.opts.Browser
	if pl.kind == kindCall {
		server = pl.server
	}
	if s := r.sessions[server]; s != nil {
		return s
	}
	return r.sessions[r.opts.Browser]
}

// evidenceBase is the path, without extension, of step pl's evidence
// files in EvidenceDir, creating the folder.
func (r *run) evidenceBase(pl *plan) (string, error) {
	if err := os.MkdirAll(r.opts.EvidenceDir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(r.opts.EvidenceDir, fmt.Sprintf("%s-step%d", r.names.claim(r.slug(), r.where()), pl.step.Step)), nil
}

// stepShot saves, with Screenshots all, a screenshot of the page after
// step pl (sr) ran, and names it in sr.Screenshot (relative to
// EvidenceDir). A step that was skipped, or that failed and ends the run
// (evidence takes that one), gets none. Failing to save it is logged.
func (r *run) stepShot(ctx context.Context, pl *plan, sr *report.StepResult) {
	if r.opts.Screenshots != ScreenshotsAll || r.opts.EvidenceDir == "" || r.opts.DryRun || ctx.Err() != nil ||
		sr.Skipped || sr.Status == report.StatusFailed && !sr.Tolerated {
		return
	}
	s := r.browserFor(pl)
	if s == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, defaults.Evidence)
	defer cancel()
	base, err := r.evidenceBase(pl)
	if err != nil {
		r.log.Warn("step screenshot", "err", err)
		return
	}
	if err := r.saveShot(ctx, s, base+".png"); err != nil {
		r.log.Warn("step screenshot", "step", pl.step.Step, "err", err)
		return
	}
	sr.Screenshot = filepath.Base(base) + ".png"
}

// saveShot takes a screenshot through s and writes it at path.
func (r *run) saveShot(ctx context.Context, s ToolCaller, path string) error {
	data, err := r.screenshot(ctx, s)
	if err != nil {
		return err
	}
	return safefile.Write(path, data, 0o644)
}

// evidence saves a screenshot (unless Screenshots is off) and the page
// snapshot of the browser session, when one is open, after the step pl
// failed; their paths go in the result, and the screenshot's name
// (relative to EvidenceDir) in the step's Screenshot. Each replaces an
// earlier file of its name atomically. Failing to save them is logged,
// never an error of the run.
func (r *run) evidence(ctx context.Context, pl *plan) {
	if r.opts.EvidenceDir == "" || ctx.Err() != nil {
		return
	}
	s := r.browserFor(pl)
	if s == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, defaults.Evidence)
	defer cancel()
	base, err := r.evidenceBase(pl)
	if err != nil {
		r.log.Warn("cannot save failure evidence", "err", err)
		return
	}

	if r.opts.Screenshots == ScreenshotsOff {
		r.log.Debug("no failure screenshot: --screenshots off")
	} else if err := r.saveShot(ctx, s, base+".png"); err != nil {
		r.log.Warn("failure screenshot", "err", err)
	} else {
		r.res.Evidence = append(r.res.Evidence, base+".png")
		if n := len(r.res.Steps); n > 0 && r.res.Steps[n-1].Step == pl.step.Step {
			r.res.Steps[n-1].Screenshot = filepath.Base(base) + ".png"
		}
	}

	if res, err := s.CallTool(ctx, mcpclient.ToolSnapshot, map[string]any{}); err != nil {
		r.log.Warn("failure snapshot", "err", err)
	} else if res.IsError {
		r.log.Warn("failure snapshot", "err", errorText(res))
	} else if err := safefile.Write(base+".snapshot.md", []byte(r.mask.text(res.Text)), 0o644); err != nil {
		r.log.Warn("failure snapshot", "err", err)
	} else {
		r.res.Evidence = append(r.res.Evidence, base+".snapshot.md")
	}
}

// screenshot takes a PNG of the page. A busy machine can make the server's
// screenshot outlast its action timeout: it is tried twice.
func (r *run) screenshot(ctx context.Context, s ToolCaller) ([]byte, error) {
	var last string
	for range 2 {
		res, err := s.CallTool(ctx, mcpclient.ToolScreenshot, map[string]any{"type": "png", "scale": "css"})
		if err != nil {
			return nil, err
		}
		if !res.IsError && len(res.Images) > 0 {
			return res.Images[0].Data, nil
		}
		last = errorText(res)
		if !res.IsError {
			last = "no image in the result"
		}
	}
	return nil, errors.New(last)
}

// slug names a run's evidence files: the scenario file's base name, else
// the scenario's name, reduced to [a-z0-9-].
func (r *run) slug() string {
	name := r.sc.Metadata.Name
	if r.file != "" {
		name = strings.TrimSuffix(filepath.Base(r.file), filepath.Ext(r.file))
	}
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(name) {
		if unicode.IsLetter(c) && c < unicode.MaxASCII || unicode.IsDigit(c) && c < unicode.MaxASCII {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "scenario"
	}
	return s
}

// evidenceNames hands out evidence names: a scenario gets its slug unless
// another scenario (a file of the same base name in another folder) has it
// already, and then the slug plus a hash of its own path, which is the same
// on every run.
type evidenceNames struct {
	mu    sync.Mutex
	owner map[string]string // name → the scenario (file) it was given to
}

func (n *evidenceNames) claim(slug, who string) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.owner == nil {
		n.owner = map[string]string{}
	}
	name := slug
	if owner, ok := n.owner[name]; ok && owner != who {
		h := fnv.New32a()
		h.Write([]byte(who))
		name = fmt.Sprintf("%s-%08x", slug, h.Sum32())
	}
	n.owner[name] = who
	return name
}
