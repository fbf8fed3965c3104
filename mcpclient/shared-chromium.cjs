// shared-chromium.cjs launches Chromium as a Playwright browser server
// (playwright-core's launchServer, with plaintest's switches) on loopback,
// for the bundled @playwright/mcp servers of a test binary to share
// (mcpclient.ShareBrowser): it prints the server's WebSocket endpoint once
// the browser runs, and closes it when its standard input ends (the test
// binary is done, or gone).
//
//   node shared-chromium.cjs PLAYWRIGHT_CORE_DIR EXECUTABLE ARGS_JSON
'use strict';

const [core, executablePath, args] = process.argv.slice(2);
const { chromium } = require(core);

(async () => {
  const server = await chromium.launchServer({
    executablePath,
    headless: true,
    chromiumSandbox: false,
    host: '127.0.0.1',
    port: 0,
    args: JSON.parse(args),
  });
  const done = () => server.close().finally(() => process.exit(0));
  process.stdin.on('end', done);
  process.stdin.on('error', done);
  process.stdin.resume();
  console.log(server.wsEndpoint());
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
