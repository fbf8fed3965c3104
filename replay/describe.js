// Describes the element it is given, for replay's messages when a target
// no longer names its compiled element ("target is now button "Archive",
// compiled as button "Delete""): its role (explicit, else the HTML
// element's usual one, as dom reads HTML), its accessible name (as far as a few lines of
// script can tell, cut to 60 characters) and its nearest named container
// (a card, row or list item named by its label, heading or first cell),
// looked for through shadow roots (internal/pagejs's deepUp, deepText).
(el) => {
  // As dom's ParseHTML reads a role (TestRolesAgree holds them to one
  // answer): the first token of the role attribute that is a concrete ARIA
  // role (ARIA_ROLES, put in by the Go side), else the element's own.
  const sectioning = 'article, aside, main, nav, section';
  const implicit = (e) => {
    const t = e.tagName.toLowerCase(), type = (e.getAttribute('type') || 'text').toLowerCase();
    const labelledBy = () => !!((e.getAttribute('aria-label') || '').trim() || (e.getAttribute('aria-labelledby') || '').trim());
    if (t === 'button' || (t === 'input' && ['button', 'submit', 'reset', 'image', 'file'].includes(type))) return 'button';
    if ((t === 'a' || t === 'area') && e.hasAttribute('href')) return 'link';
    if (t === 'input') return ({checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton'})[type] || (e.hasAttribute('list') ? 'combobox' : type === 'search' ? 'searchbox' : 'textbox');
    if (t === 'textarea') return 'textbox';
    if (t === 'select') return e.multiple || e.size > 1 ? 'listbox' : 'combobox';
    if (/^h[1-6]$/.test(t)) return 'heading';
    if (t === 'img') return e.getAttribute('alt') === '' && !labelledBy() ? 'presentation' : 'img';
    if (t === 'th') return (e.getAttribute('scope') || '').toLowerCase() === 'row' ? 'rowheader' : 'columnheader';
    if (t === 'header' || t === 'footer') return e.parentElement && e.parentElement.closest(sectioning) ? 'generic' : (t === 'header' ? 'banner' : 'contentinfo');
    if (t === 'form' || t === 'section') return labelledBy() ? (t === 'form' ? 'form' : 'region') : 'generic';
    return ({li: 'listitem', tr: 'row', article: 'article', option: 'option', nav: 'navigation', dialog: 'dialog', table: 'table', ul: 'list', ol: 'list', menu: 'list', td: 'cell', p: 'paragraph', main: 'main', aside: 'complementary', fieldset: 'group', details: 'group'})[t] || 'generic';
  };
  const roles = new Set(ARIA_ROLES);
  const role = (e) => (e.getAttribute('role') || '').toLowerCase().split(/\s+/).find((r) => roles.has(r)) || implicit(e);
  const text = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const labelled = (e) => {
    const by = e.getAttribute('aria-labelledby');
    return text(e.getAttribute('aria-label') || (by ? by.split(/\s+/).map((id) => deepById(e, id)?.textContent || '').join(' ') : ''));
  };
  const name = (e) => {
    if (labelled(e)) return labelled(e);
    if (e.labels && e.labels.length) return text(e.labels[0].textContent);
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName)) return text(e.getAttribute('placeholder') || e.getAttribute('title') || (['submit', 'button', 'reset'].includes(e.type) ? e.value : ''));
    if (e.tagName === 'IMG') return text(e.getAttribute('alt') || e.getAttribute('title') || '');
    return text(deepText(e) || e.textContent || e.getAttribute('title') || '');
  };
  const cut = (s) => (s.length > 60 ? s.slice(0, 59) + '…' : s);
  // A container is named by its label, or (a card, row or list item) by
  // its heading or first cell, as compile names it.
  const cname = (e) => {
    if (labelled(e)) return labelled(e);
    if (!['row', 'listitem', 'article'].includes(role(e))) return '';
    const h = e.querySelector('h1, h2, h3, h4, h5, h6, td, th');
    return text(h ? h.textContent : deepText(e));
  };
  const containers = new Set(['article', 'region', 'row', 'listitem', 'group', 'form', 'dialog', 'navigation', 'tabpanel', 'table', 'grid', 'list', 'menu', 'toolbar', 'tree']);
  let c = deepUp(el);
  while (c && !(containers.has(role(c)) && cname(c))) c = deepUp(c);
  let d = role(el);
  const n = name(el);
  if (n) d += ' ' + JSON.stringify(cut(n));
  if (c) d += ' in ' + role(c) + ' ' + JSON.stringify(cut(cname(c)));
  return d;
}
