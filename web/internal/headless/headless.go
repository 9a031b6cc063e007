// Package headless starts Debian's Chromium for the page's browser tests
// and benchmarks, with the flags that work on these machines (also as
// root) and a fresh profile.
package headless

import (
	"context"
	"fmt"
	"os"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Path is Debian's chromium.
const Path = "/usr/bin/chromium"

// Start opens a tab in a new headless Chromium using profile as its
// user data directory. cancel stops the browser.
func Start(parent context.Context, profile string) (ctx context.Context, cancel func(), err error) {
	if _, err := os.Stat(Path); err != nil {
		return nil, nil, fmt.Errorf("Debian's chromium is needed at %s (./build.sh deps installs it): %w", Path, err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Path),
		chromedp.UserDataDir(profile),
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 1000),
	}
	actx, acancel := chromedp.NewExecAllocator(parent, opts...)
	ctx, ccancel := chromedp.NewContext(actx)
	cancel = func() { ccancel(); acancel() }
	// A headless tab never has the window's focus, so focus events would
	// not fire; emulate a focused page as a user's would be.
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	})); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("starting chromium: %w", err)
	}
	return ctx, cancel, nil
}
