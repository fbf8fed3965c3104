// Elements a person names that the accessibility snapshot does not list
// by that name, read in the page (parser's pageFinds): an element clicked
// through script that has no role (an <a> with no href, an element with
// an onclick handler), by its text; a text field by its placeholder; the
// email and search fields by their kind. Each comes with its path in the
// page (as elementPathFn gives it), for the selector built from it to be
// confirmed. Open shadow roots are searched too (internal/pagejs's deepAll). White space of every kind (U+00A0, U+2009, U+202F) counts as
// one space. An email or search field comes with a hint that tells it
// from others of its kind: its name attribute, id, label or placeholder.
() => {
  const norm = (s) => (s || '').replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();
  const shown = (el) => el.checkVisibility ? el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) : !!el.getClientRects().length;
  const out = [];
  const roled = 'a[href], button, input, select, textarea, summary, [role], [contenteditable]';
  for (const el of deepAll(document, 'a:not([href]), [onclick]')) {
    if (el.matches(roled) || el.closest('a[href], button, [role=button], [role=link]') || !shown(el)) continue;
    const text = norm(deepText(el));
    if (text && text.length <= 80) out.push({ kind: 'script', text, tag: el.localName, path: deepPath(el) });
  }
  for (const el of deepAll(document, 'input[placeholder], textarea[placeholder]')) {
    const text = norm(el.getAttribute('placeholder'));
    if (text && shown(el)) out.push({ kind: 'placeholder', text, tag: el.localName, type: el.type || '', path: deepPath(el) });
  }
  for (const el of deepAll(document, 'input[type=email i], input[type=search i]')) {
    const hint = el.name ? 'name=' + el.name : el.id ? 'id=' + el.id : norm(el.getAttribute('aria-label') || el.placeholder || (el.labels && el.labels[0] && el.labels[0].innerText));
    if (shown(el)) out.push({ kind: el.type.toLowerCase(), text: el.type.toLowerCase(), tag: 'input', type: el.type.toLowerCase(), hint, path: deepPath(el) });
  }
  return JSON.stringify(out);
}
