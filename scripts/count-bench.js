// How long a count check's reading takes on a long table: checks.js's
// items (with vis, role) over 1000 rows in a scrolling box, five times,
// in the headless shell; prints the milliseconds per count and the rows
// counted (all 1000 must count: a person scrolls to them). Run from the
// checkout, after npm ci (docs/figures.md):
//
//   node scripts/count-bench.js [CHROMIUM]
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

(async () => {
  const exe = process.argv[2] || '/usr/bin/chromium-headless-shell';
  const src = fs.readFileSync(path.join(__dirname, '..', 'step', 'checks.js'), 'utf8')
    .split('\n').filter((l) => /^const (vis|role|items) = /.test(l)).join('\n');
  const b = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
  const p = await b.newPage();
  const rows = Array.from({ length: 1000 }, (_, i) =>
    `<tr><td>Row ${i}</td><td><a href="#">Edit</a> <button>Delete</button></td><td><span>a</span><span>b</span></td></tr>`).join('');
  await p.setContent(`<div style="overflow:auto;height:400px"><table id="t"><tbody>${rows}</tbody></table></div>`);
  const [ms, n] = await p.evaluate((src) => {
    const { items } = new Function(src + '; return { items };')();
    const t = performance.now();
    let n = 0;
    for (let i = 0; i < 5; i++) n = items(document.getElementById('t'), ['row']).length;
    return [(performance.now() - t) / 5, n];
  }, src);
  console.log(`${n} rows counted, ${ms.toFixed(1)} ms a count`);
  await b.close();
})();
