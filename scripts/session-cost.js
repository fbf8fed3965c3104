// What a browser session and a page fault cost on this machine: the two
// figures that set how long make test takes (docs/figures.md). It touches
// 256 MiB of fresh memory, one write per 4 KiB page, and prints the time
// per page; then, in one headless-shell browser, it runs N sessions (a
// context, a page, a small page's HTML, an ARIA snapshot, a click, the
// context closed) and prints their processor time, the whole machine's,
// read from /proc/stat (Linux only), so run it with the machine idle. From
// the checkout, after npm ci:
//
//   node scripts/session-cost.js [N] [EXECUTABLE]
'use strict';
const fs = require('fs');
const { chromium } = require('playwright-core');

function busy() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6]) / 100; // user nice system irq softirq, in seconds
}

function faultCost() {
  const size = 256 << 20;
  const t0 = process.hrtime.bigint();
  const b = Buffer.allocUnsafeSlow(size); // fresh pages: each first write faults
  for (let i = 0; i < size; i += 4096) b[i] = 1;
  return Number(process.hrtime.bigint() - t0) / 1e3 / (size / 4096);
}

(async () => {
  const n = Number(process.argv[2] || 40);
  const exe = process.argv[3] || '/usr/bin/chromium-headless-shell';
  console.log(`fresh memory: ${faultCost().toFixed(2)} us per 4 KiB page`);
  const browser = await chromium.launch({ executablePath: exe, headless: true, args: ['--no-sandbox'] });
  const t0 = Date.now();
  const b0 = busy();
  for (let i = 0; i < n; i++) {
    const c = await browser.newContext();
    const p = await c.newPage();
    await p.setContent('<h1>Shop</h1><label>Name <input></label><button>OK</button><ul><li>a</li><li>b</li></ul>');
    await p.locator('body').ariaSnapshot();
    await p.getByRole('button').click();
    await c.close();
  }
  const cpu = busy() - b0;
  const wall = (Date.now() - t0) / 1000;
  await browser.close();
  console.log(`${n} sessions: ${(cpu * 1000 / n).toFixed(0)} ms of processor time and ${(wall * 1000 / n).toFixed(0)} ms each`);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
