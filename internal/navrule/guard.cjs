// plaintest's navigation guard for @playwright/mcp, loaded with
// --init-page: the same rule as navrule.Rule.Loaded (navrule.go), checked
// on every frame of every page the server opens. A page that loads a URL
// the rule refuses (a local file it was not given, a view-source: page) is
// closed at once, and the refusal is appended to $PLAINTEST_GUARD_LOG,
// which plaintest reads after each tool call: the call's result, which may
// hold the page's text, is then replaced by the refusal.
//
// $PLAINTEST_FILE_ROOTS: the folders file: URLs may open (resolved,
// separated by the platform's path list separator); unset: none.
'use strict';
const fs = require('fs');
const path = require('path');

const roots = (process.env.PLAINTEST_FILE_ROOTS || '').split(path.delimiter).filter(Boolean);
const MARKER = 'plaintest refused';

function normalize(raw) {
  let s = String(raw).replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '').replace(/[\t\n\r]/g, '');
  const sc = scheme(s);
  if (sc) s = sc + s.slice(sc.length);
  return s.replace(/\\/g, '/');
}

function scheme(s) {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(s);
  return m ? m[1].toLowerCase() : '';
}

function resolve(p) {
  const rest = [];
  for (let cur = path.resolve(p); ;) {
    try {
      fs.lstatSync(cur);
      return path.join(fs.realpathSync(cur), ...rest.reverse());
    } catch (e) {
      if (e.code !== 'ENOENT' && e.code !== 'ENOTDIR') throw e;
    }
    const parent = path.dirname(cur);
    if (parent === cur) return p;
    rest.push(path.basename(cur));
    cur = parent;
  }
}

function within(dir, p) {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}

// dotPart is the first part of p below dir (p inside dir) whose name
// starts with a dot, '' when none.
function dotPart(dir, p) {
  const rel = path.relative(dir, p);
  if (rel === '') return '';
  return rel.split(path.sep).find(part => part.startsWith('.')) || '';
}

function filePath(u) {
  const url = new URL(u);
  if (url.host !== '' && url.host.toLowerCase() !== 'localhost') throw new Error(`a file on host "${url.host}"`);
  const p = decodeURIComponent(url.pathname);
  if (p.includes('\0')) throw new Error('a NUL byte in the path');
  return path.posix.normalize('/' + p);
}

// refusal is null when the browser may show raw, else why not.
function refusal(raw) {
  const u = normalize(raw);
  if (u === '' || u === 'about:srcdoc' || u.startsWith('chrome-error://chromewebdata/')) return null;
  const sc = scheme(u);
  switch (sc) {
    case 'http': case 'https': case 'data':
      return null;
    case 'about':
      return u === 'about:blank' ? null : 'only about:blank opens among about: pages';
    case 'blob': {
      const inner = u.slice('blob:'.length);
      const isc = scheme(inner);
      if (isc === 'http' || isc === 'https') return null;
      if (isc === 'file') {
        const why = refusal(inner);
        return why === null ? null : `a blob of a local file's page: ${why}`;
      }
      if (inner === 'null' || inner.startsWith('null/')) return null;
      return 'a blob: URL opens only for a web page\'s blob';
    }
    case 'file': {
      let p;
      try { p = filePath(u); } catch (e) { return e.message; }
      if (roots.length === 0) return 'local files open only with --allow-file-urls';
      let rp;
      try { rp = resolve(p); } catch (e) { return `${p} cannot be resolved`; }
      let hidden = '';
      for (const root of roots) {
        let rr;
        try { rr = resolve(root); } catch (e) { continue; }
        if (!within(rr, rp)) continue;
        // A dot-file or dot-folder below the root (.git, .env), as written
        // or as resolved, never opens: the root itself may be one.
        const dot = (within(root, p) && dotPart(root, p)) || dotPart(rr, rp);
        if (dot === '') return null;
        if (hidden === '') hidden = dot;
      }
      if (hidden !== '') {
        return `${p} is in ${hidden}, a dot-file or dot-folder: --allow-file-urls opens none (.git, .env, ...); name such a folder itself with --allow-file-urls=DIR`;
      }
      return `${p} is outside the folders --allow-file-urls opens (${roots.join(', ')})`;
    }
    case '':
      return null; // no scheme: @playwright/mcp opens it as https://
  }
  if (u.includes('file:')) return `${sc}: pages around a local file never open`;
  return `${sc}: URLs never open in a scenario; only http:, https:, data:, blob:, about:blank and, with --allow-file-urls, file:`;
}

function report(url, why) {
  const line = `${MARKER} ${JSON.stringify(url)}: ${why}\n`;
  const log = process.env.PLAINTEST_GUARD_LOG;
  if (log) fs.appendFileSync(log, line);
  else process.stderr.write(line);
}

function watch(page) {
  const check = frame => {
    const url = frame.url();
    const why = refusal(url);
    if (why === null) return;
    report(url, why);
    page.close().catch(() => {});
  };
  page.on('framenavigated', check);
  for (const frame of page.frames()) check(frame);
}

const init = async ({ page }) => watch(page);
module.exports = { default: init, refusal };
