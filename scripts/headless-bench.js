// The headless shell against the full browser in headless mode: six
// launches, each with a page, an ARIA snapshot and a click, for each
// executable given (docs/figures.md). Run from the checkout, after npm ci:
//
//   for e in /usr/bin/chromium /usr/bin/chromium-headless-shell; do
//     /usr/bin/time -f "%U s user %S s sys" node scripts/headless-bench.js $e
//   done
const { chromium } = require('playwright-core');

(async () => {
  const exe = process.argv[2];
  const t0 = Date.now();
  for (let i = 0; i < 6; i++) {
    const b = await chromium.launch({ executablePath: exe, headless: true, args: ['--no-sandbox'] });
    const c = await b.newContext();
    const p = await c.newPage();
    await p.setContent('<h1>hi</h1><button>OK</button><ul><li>a</li><li>b</li></ul>');
    await p.locator('body').ariaSnapshot();
    await p.getByRole('button').click();
    await b.close();
  }
  console.log(exe, 'wall', Date.now() - t0, 'ms');
})();
