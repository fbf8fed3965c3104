// The questions compile asks an element while it works a widget
// (widgets.go's probe), each a function of the element, one declaration a
// line, sent as the right-hand side written here:
//   editable     whether it takes typed text (a combo box one types into)
//   valueNow     the number a slider or spin button holds, as a string
//   isTextField  whether a spin button is an <input> one fills, not a
//                slider one moves with keys
//   labelOf      for a checkbox or radio, how to find the first of its
//                labels that shows: the box's id (a label for it, or
//                around it), else its name attribute (a label around it);
//                'null' when no label shows. A label in a shadow root
//                around the box (a design system's checkbox) is answered
//                as wrap: found from the box, as its nearest label
//                ancestor (label.go)
const editable = (el) => el.matches('input, textarea, [contenteditable=""], [contenteditable=true]');
const valueNow = (el) => String(el.getAttribute('aria-valuenow') ?? el.value ?? '');
const isTextField = (el) => el.tagName === 'INPUT' && el.type !== 'range';
const labelOf = (el) => {
  const l = el.labels && Array.from(el.labels).find((l) => l.getClientRects().length);
  if (!l) return 'null';
  const wrap = l.getRootNode() instanceof ShadowRoot && l.contains(el);
  return JSON.stringify({ for: !!el.id && l.htmlFor === el.id, id: el.id || '', name: el.getAttribute('name') || '', wrap });
};
