// The named containers around the element it is given, nearest first, for
// replay --heal: each with its role (internal/pagejs's role, as dom reads
// HTML) and the names a description may know it by: its label (ariaLabel),
// and for a card, row or list item its heading, its first cell, its first
// line of text. replay holds a healed element to the container its
// compiled description names (replay/heal.go). Containers are looked for
// through shadow roots (deepUp, deepById, deepText).
(el) => {
  const text = (s) => (s || '').replace(/\s+/g, ' ').trim();
  // CONTAINER_ROLES is replaced by dom.ContainerRoles() when replay loads
  // this file: one list of container roles for compile and replay.
  const containers = new Set(CONTAINER_ROLES);
  const cards = new Set(['article', 'row', 'listitem']);
  const word = /[\p{L}\p{N}]/u;
  const out = [];
  for (let c = deepUp(el); c; c = deepUp(c)) {
    const r = role(c);
    if (!containers.has(r)) continue;
    const names = [];
    const l = ariaLabel(c, (k, id) => deepById(k, id));
    if (l) names.push(l);
    const legend = c.tagName === 'FIELDSET' ? c.querySelector(':scope > legend') : null;
    if (legend) names.push(text(legend.textContent));
    // A card, row or list item is also known by its heading, first cell or
    // first line, as compile names one; a list or a region is not (its
    // first line is its first item's).
    if (cards.has(r)) {
      const h = c.querySelector('h1, h2, h3, h4, h5, h6');
      if (h) names.push(text(h.textContent));
      const cell = c.querySelector('td, th');
      if (cell) names.push(text(cell.textContent));
      const line = (deepText(c) || c.textContent || '').split(/[\n\t]/).map(text).find((s) => word.test(s));
      if (line) names.push(line);
    }
    if (names.length) out.push({role: r, names});
  }
  return out;
}
