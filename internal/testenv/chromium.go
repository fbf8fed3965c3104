package testenv

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Chromium is one headless Chromium shared by the tests of a test binary,
// reached over the Chrome DevTools Protocol at Endpoint (the built-in
// server's CDPEndpoint, plaintest's --cdp-endpoint). Each built-in server
// connected to it makes its own browser contexts, so tests sharing it
// share no cookies or storage; what they save is a browser launch each
// (seconds on a loaded 2-core machine).
//
// A package uses it through SharedChromium, started on first use, and
// stops it at the end of TestMain:
//
//	func TestMain(m *testing.M) {
//		code := m.Run()
//		testenv.StopShared()
//		os.Exit(code)
//	}
//
// A test about launching the browser (a missing or broken Chromium, a
// browser killed mid-run) launches its own instead.
type Chromium struct {
	// Endpoint is the DevTools HTTP endpoint, http://127.0.0.1:PORT.
	Endpoint string

	cmd  *exec.Cmd
	dir  string
	done chan struct{}
}

// devToolsRe is the line Chromium prints when its DevTools endpoint listens.
var devToolsRe = regexp.MustCompile(`DevTools listening on ws://([^/\s]+)/`)

// chromiumArgs are the switches Playwright 1.64 launches a headless
// Chromium with (chromiumSwitches in playwright-core, plus its headless
// ones), so that a page behaves in the shared browser as in one the
// built-in server launches.
var chromiumArgs = []string{
	"--disable-field-trial-config", "--disable-background-networking", "--disable-background-timer-throttling",
	"--disable-backgrounding-occluded-windows", "--disable-back-forward-cache", "--disable-breakpad",
	"--disable-client-side-phishing-detection", "--disable-component-extensions-with-background-pages",
	"--disable-component-update", "--no-default-browser-check", "--disable-default-apps", "--disable-dev-shm-usage",
	"--disable-extensions",
	"--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,DialMediaRouteProvider," +
		"GlobalMediaControls,HttpsUpgrades,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning," +
		"BlockOriginHeaderModificationOnRedirect,AvoidCorsURLLoaderRestartOnRedirect,Translate,AutoDeElevate," +
		"OptimizationHints,NetworkTimeServiceQuerying,AimEnabled",
	"--enable-features=CDPScreenshotNewSurface", "--allow-pre-commit-input", "--disable-hang-monitor",
	"--disable-ipc-flooding-protection", "--disable-popup-blocking", "--disable-prompt-on-repost",
	"--disable-renderer-backgrounding", "--force-color-profile=srgb", "--metrics-recording-only", "--no-first-run",
	"--password-store=basic", "--use-mock-keychain", "--no-service-autorun", "--export-tagged-pdf",
	"--disable-search-engine-choice-screen", "--unsafely-disable-devtools-self-xss-warnings", "--disable-infobars",
	"--disable-sync",
	"--headless", "--hide-scrollbars", "--mute-audio",
	"--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4",
	"--no-sandbox",
	"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
}

// StartChromium launches the Chromium at path, headless, with its
// DevTools endpoint on a free loopback port, and waits (at most a minute)
// until it listens.
func StartChromium(path string) (*Chromium, error) {
	dir, err := os.MkdirTemp("", "plaintest-test-chromium-")
	if err != nil {
		return nil, err
	}
	args := append(append([]string{}, chromiumArgs...), "--user-data-dir="+dir, "about:blank")
	cmd := exec.Command(path, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	c := &Chromium{cmd: cmd, dir: dir, done: make(chan struct{})}
	found := make(chan string, 1)
	var tail []string // its last lines, for the error when it never listens
	var tailMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			if m := devToolsRe.FindStringSubmatch(line); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
			tailMu.Lock()
			tail = append(tail, line)
			if len(tail) > 5 {
				tail = tail[1:]
			}
			tailMu.Unlock()
		}
	}()
	go func() { _ = cmd.Wait(); close(c.done) }()
	select {
	case addr := <-found:
		c.Endpoint = "http://" + addr
		return c, nil
	case <-c.done:
	case <-time.After(time.Minute):
	}
	c.Close()
	tailMu.Lock()
	defer tailMu.Unlock()
	return nil, fmt.Errorf("%s never said where DevTools listens: %s", path, strings.Join(tail, " | "))
}

// Close stops the browser and removes its profile.
func (c *Chromium) Close() {
	if c.cmd.Process != nil {
		_ = c.cmd.Process.Kill()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
		}
	}
	os.RemoveAll(c.dir)
}

// shared is the test binary's shared Chromium, started on first use.
var shared struct {
	sync.Mutex
	c   *Chromium
	err error
}

// SharedChromium returns the test binary's shared Chromium, launching
// the one path finds (pass mcpclient.Chromium) on first use. A browser
// that died (a test killed it) is launched again. Under -short it skips
// tb; a Chromium that cannot start skips tb or, with CI set, fails it.
func SharedChromium(tb testing.TB, path func() (string, error)) *Chromium {
	tb.Helper()
	Need(tb, nil)
	c, err := sharedChromium(path)
	if err != nil {
		Missing(tb, "%v", err)
	}
	return c
}

func sharedChromium(path func() (string, error)) (*Chromium, error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.c != nil {
		select {
		case <-shared.c.done:
			shared.c.Close() // died: launched again below
			shared.c = nil
		default:
			return shared.c, nil
		}
	}
	p, err := path()
	if err != nil {
		return nil, err
	}
	shared.c, err = StartChromium(p)
	return shared.c, err
}

// StopShared stops the shared Chromium, if one was started.
func StopShared() {
	shared.Lock()
	defer shared.Unlock()
	if shared.c != nil {
		shared.c.Close()
		shared.c = nil
	}
}
