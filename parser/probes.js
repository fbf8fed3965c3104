// The questions compile asks an element while it works a widget
// (widgets.go's probe), each a function of the element, one declaration a
// line, sent as the right-hand side written here:
//   editable     whether it takes typed text (a combo box one types into)
//   valueNow     the number a slider or spin button holds, as a string
//   isTextField  whether a spin button is an <input> one fills, not a
//                slider one moves with keys
//   coveredBox   whether another element takes a click at the element's
//                centre (scrolled into view first, as a click is): a
//                design system's box covered by its styled control, which
//                Playwright's click waits on until its timeout; of two
//                same-named buttons, the one under the other (label.go's
//                markCovered) ('true' / 'false')
//   textPoint    for an element that is no control, clicked by its whole
//                text: that text, whitespace collapsed, when it is held by a
//                descendant that a click at the element's centre (scrolled
//                into view first, as a click is) does not land in (a list
//                item as wide as its list whose file name is a span at its
//                start); '' otherwise
//   optionValues for a <select>, its options' values and labels as JSON
//                [[value, label], ...]; 'null' for any other element
//   multiple     for a list box, how it takes several options: 'native'
//                (a <select multiple>), 'aria' (aria-multiselectable),
//                else 'single'
//   labelOf      for a checkbox or radio, how to find the first of its
//                labels that shows: the box's id (a label for it, or
//                around it), else its name attribute (a label around it);
//                'null' when no label shows. A label in a shadow root
//                around the box (a design system's checkbox) is answered
//                as wrap: found from the box, as its nearest label
//                ancestor (label.go)
const optionValues = (el) => JSON.stringify(el.tagName === 'SELECT' ? Array.from(el.options, (o) => [o.value, o.label]) : null);
const multiple = (el) => (el.tagName === 'SELECT' && el.multiple ? 'native' : el.getAttribute('aria-multiselectable') === 'true' ? 'aria' : 'single');
const editable = (el) => el.matches('input, textarea, [contenteditable=""], [contenteditable=true]');
const valueNow = (el) => String(el.getAttribute('aria-valuenow') ?? el.value ?? '');
const isTextField = (el) => el.tagName === 'INPUT' && el.type !== 'range';
const coveredBox = (el) => {
  if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded(); else el.scrollIntoView({ block: 'nearest' });
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  let hit = document.elementFromPoint(x, y);
  for (let d = hit && hit.shadowRoot && hit.shadowRoot.elementFromPoint(x, y); d && d !== hit; d = hit.shadowRoot && hit.shadowRoot.elementFromPoint(x, y)) hit = d;
  for (let a = hit; a; a = a.parentElement || (a.getRootNode() instanceof ShadowRoot ? a.getRootNode().host : null)) if (a === el) return 'false';
  return hit ? 'true' : 'false';
};
const textPoint = (el) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const want = norm(el.textContent);
  if (!want) return '';
  let d = el;
  for (let next = d; next; ) {
    d = next;
    next = Array.from(d.children).find((c) => norm(c.textContent) === want);
  }
  if (d === el) return '';
  if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded(); else el.scrollIntoView({ block: 'nearest' });
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (hit === d || d.contains(hit)) ? '' : want;
};
const labelOf = (el) => {
  const l = el.labels && Array.from(el.labels).find((l) => l.getClientRects().length);
  if (!l) return 'null';
  const wrap = l.getRootNode() instanceof ShadowRoot && l.contains(el);
  return JSON.stringify({ for: !!el.id && l.htmlFor === el.id, id: el.id || '', name: el.getAttribute('name') || '', wrap });
};
