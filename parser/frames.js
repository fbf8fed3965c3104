// What a person calls the iframe it is given, and a CSS selector that
// finds it alone in its own document (parser's nameFrames): its name is
// its aria-label, else its title, else its name or id attribute (as the
// accessible name of an iframe, then what the page's code calls it); the
// selector is by its title, name attribute, aria-label or id, the first
// that no other element of its document shares; "" when none does.
(el) => {
  const q = (v) => '"' + v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
  const tag = el.localName;
  let css = '';
  for (const a of ['title', 'name', 'aria-label', 'id']) {
    const v = el.getAttribute(a);
    if (!v || css) continue;
    const sel = tag + '[' + a + '=' + q(v) + ']';
    if (el.getRootNode().querySelectorAll(sel).length === 1) css = sel;
  }
  const name = el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('name') || el.id || '';
  return JSON.stringify({ name: name.trim(), css });
}
