// Compiles a Svelte component to a client-side ES module with the svelte
// pinned in the checkout's package.json, and prints it: the corpus test's
// server runs it once per test binary and serves the result, so no build
// output is committed.
//
//	node compile.mjs Booking.svelte > booking.js
//
// The module imports svelte/internal/client (and svelte's own bare
// imports): booking.html maps them to /node_modules/ with an import map.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';

const file = process.argv[2];
if (!file) {
  console.error('usage: node compile.mjs COMPONENT.svelte');
  process.exit(2);
}
// Resolved from this file, so the checkout's node_modules is found
// whatever the working directory.
const require = createRequire(import.meta.url);
const { compile, VERSION } = require('svelte/compiler');
const result = compile(readFileSync(file, 'utf8'), {
  filename: basename(file),
  generate: 'client',
  dev: false,
});
for (const w of result.warnings) {
  console.error(`${file}: warning: ${w.message}`);
}
process.stdout.write(`// Compiled by svelte ${VERSION} from ${basename(file)} at test time.\n`);
process.stdout.write(result.js.code);
