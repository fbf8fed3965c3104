// A client of another MCP implementation for the tests: the official
// TypeScript SDK (@modelcontextprotocol/sdk, as the pinned @playwright/mcp's
// playwright-core bundles it). It connects to `plaintest mcp`, lists the
// tools, opens the shop, clicks a button and prints what it saw as JSON.
//
//   node sdkclient.js SDK_BUNDLE SHOP_URL stdio COMMAND [ARGS...]
//   node sdkclient.js SDK_BUNDLE SHOP_URL http|sse URL
const [bundle, shop, transport, ...rest] = process.argv.slice(2);
const sdk = require(bundle);

function text(result) {
  return result.content.filter(c => c.type === 'text').map(c => c.text).join('\n');
}

(async () => {
  let t;
  if (transport === 'stdio') {
    t = new sdk.StdioClientTransport({ command: rest[0], args: rest.slice(1), env: process.env, stderr: 'inherit' });
  } else if (transport === 'http') {
    t = new sdk.StreamableHTTPClientTransport(new URL(rest[0]));
  } else {
    t = new sdk.SSEClientTransport(new URL(rest[0]));
  }
  const client = new sdk.Client({ name: 'sdk-test-client', version: '1.0.0' });
  await client.connect(t);
  const tools = (await client.listTools()).tools.map(x => x.name);
  await client.callTool({ name: 'browser_navigate', arguments: { url: shop + '/products' } });
  const click = await client.callTool({ name: 'browser_click', arguments: {
    element: 'Add to cart of Blue Mug',
    target: "getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart' })",
  } });
  const snapshot = await client.callTool({ name: 'browser_snapshot', arguments: {} });
  console.log(JSON.stringify({ server: client.getServerVersion(), tools, click: text(click), clickError: !!click.isError, snapshot: text(snapshot) }));
  await client.close();
})().catch(e => { console.error(e); process.exit(1); });
