// Elements a person names that the accessibility snapshot does not list
// by that name, read in the page (parser's pageFinds): an element clicked
// through script that has no role (an <a> with no href, an element with
// an onclick handler), by its text; a text field by its placeholder; the
// fields a person names by their kind (an input's type, a text area, a
// contenteditable element: dom.FieldKinds), a contenteditable one with its
// label; a button or link whose only content is an icon-font glyph, with
// the icon's classes and its ligature word (dom.Icons). Each comes with its path in the
// page (as elementPathFn gives it), for the selector built from it to be
// confirmed. Open shadow roots are searched too (internal/pagejs's deepAll). White space of every kind (U+00A0, U+2009, U+202F) counts as
// one space. A field of a kind comes with a hint that tells it from others
// of its kind: its name attribute, id, label or placeholder.
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
  const editable = '[contenteditable]:not([contenteditable=false i])';
  const typed = ['email', 'search', 'password', 'number', 'tel', 'url', 'date', 'datetime-local', 'time', 'month', 'week'];
  const kinds = typed.map((t) => 'input[type=' + t + ' i]').join(', ') + ', textarea, ' + editable;
  for (const el of deepAll(document, kinds)) {
    if (!shown(el) || (!el.matches('input, textarea') && el.parentElement && el.parentElement.closest(editable))) continue;
    const kind = el.localName === 'input' ? el.type.toLowerCase() : el.localName === 'textarea' ? 'textarea' : 'contenteditable';
    const byIds = (ids) => norm((ids || '').split(/\s+/).map((id) => { const l = id && el.getRootNode().getElementById(id); return l ? l.innerText : ''; }).join(' '));
    const label = norm(el.getAttribute('aria-label')) || byIds(el.getAttribute('aria-labelledby')) || norm(el.labels && el.labels[0] && el.labels[0].innerText);
    const hint = el.name ? 'name=' + el.name : el.id ? 'id=' + el.id : label || norm(el.getAttribute('placeholder'));
    out.push({ kind, text: kind, tag: el.localName, type: kind, hint, label, path: deepPath(el) });
  }
  const iconFont = (c) => /^(fa|bi|glyphicon|icon|mdi)-/.test(c) || /^material-(icons|symbols)/.test(c);
  const glyphless = (s) => norm(s.replace(/[\ue000-\uf8ff]/g, ''));
  for (const el of deepAll(document, 'button, [role=button], a[href], [role=link]')) {
    const icon = [...el.querySelectorAll('i, span, em, svg')].find((i) => [...i.classList].some(iconFont));
    if (!icon || !shown(el)) continue;
    const ligature = glyphless(icon.textContent);
    const text = glyphless(deepText(el));
    if (text !== '' && text !== ligature) continue; // words of its own
    const role = el.getAttribute('role') || (el.localName === 'a' ? 'link' : 'button');
    out.push({ kind: 'icon', text: ligature, tag: el.localName, role, classes: [...icon.classList].join(' '), path: deepPath(el) });
  }
  return JSON.stringify(out);
}
