package browserserver

import (
	"sync"

	"github.com/mxschmitt/playwright-go"
)

// shared holds the local browsers that servers share while HoldBrowsers is
// in effect: one per driver, executable and headedness, each server still
// giving every session a fresh browser context of its own. Launching
// Chromium costs about a fifth of a second of processor time and its
// shutdown more; a test binary whose tests each start a server (each
// command under test does) pays it once.
var shared struct {
	sync.Mutex
	held     int
	browsers map[sharedKey]playwright.Browser
}

type sharedKey struct {
	pw     *playwright.Playwright
	exe    string
	headed bool
}

// HoldBrowsers makes every server started until the returned function is
// called use one shared local browser (per executable and headedness)
// rather than launch its own, and holds the driver (HoldDriver) that
// browser runs on. A server's Close then closes its contexts, not the
// shared browser; release closes the browsers. A shared browser that has
// gone (killed, crashed) is launched again for the next server. For test
// binaries: a user's run has one server.
func HoldBrowsers() (release func()) {
	releaseDriver := HoldDriver()
	shared.Lock()
	shared.held++
	shared.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			shared.Lock()
			shared.held--
			var gone []playwright.Browser
			if shared.held == 0 {
				for k, b := range shared.browsers {
					gone = append(gone, b)
					delete(shared.browsers, k)
				}
			}
			shared.Unlock()
			for _, b := range gone {
				_ = b.Close()
			}
			releaseDriver()
		})
	}
}

// sharedBrowser returns the shared browser for key, launching it with
// launch when there is none or it has gone; ok is false when nothing
// holds browsers (the server launches its own).
func sharedBrowser(key sharedKey, launch func() (playwright.Browser, error)) (b playwright.Browser, ok bool, err error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.held == 0 {
		return nil, false, nil
	}
	if b := shared.browsers[key]; b != nil && b.IsConnected() {
		return b, true, nil
	}
	if b, err = launch(); err != nil {
		return nil, true, err
	}
	if shared.browsers == nil {
		shared.browsers = map[sharedKey]playwright.Browser{}
	}
	shared.browsers[key] = b
	return b, true, nil
}
