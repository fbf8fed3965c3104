// Describes the element it is given, for replay's messages when a target
// no longer names its compiled element ("target is now button "Archive",
// compiled as button "Delete""): its role and accessible name (cut to 60
// characters), as internal/pagejs's role and nameDeep read them, and its
// nearest named container (a card, row or list item named by its label,
// heading or first cell), looked for through shadow roots (deepUp,
// deepText).
(el) => {
  const text = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const cut = (s) => (s.length > 60 ? s.slice(0, 59) + '…' : s);
  // A container is named by its label, or (a card, row or list item) by
  // its heading or first cell, as compile names it.
  const cname = (e) => {
    const l = ariaLabel(e, (k, id) => deepById(k, id));
    if (l) return l;
    if (!['row', 'listitem', 'article'].includes(role(e))) return '';
    const h = e.querySelector('h1, h2, h3, h4, h5, h6, td, th');
    return text(h ? h.textContent : deepText(e));
  };
  const containers = new Set(['article', 'region', 'row', 'listitem', 'group', 'form', 'dialog', 'navigation', 'tabpanel', 'table', 'grid', 'list', 'menu', 'toolbar', 'tree']);
  let c = deepUp(el);
  while (c && !(containers.has(role(c)) && cname(c))) c = deepUp(c);
  let d = role(el);
  const n = nameDeep(el);
  if (n) d += ' ' + JSON.stringify(cut(n));
  if (c) d += ' in ' + role(c) + ' ' + JSON.stringify(cut(cname(c)));
  return d;
}
