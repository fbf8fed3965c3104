// What a value check reads of its element el (checks.go), each the
// right-hand side of a declaration, sent on one line: the lines of a
// declaration joined with one space, indentation dropped (see
// internal/pagejs). Pinned by the goldens.
//   values    the values a person sees in el (r is its role, internal/pagejs's
//             role), the first the one a failure names:
//     - a slider, spin button, progress bar or meter: its value text
//       (aria-valuetext), its number (aria-valuenow, or an input's value)
//       and the text it shows (an SVG slider's <text> parts, each once);
//     - a <select>: its selected options' labels (all of them, then each),
//       never the labels of the options not chosen;
//     - a checkbox, radio button or switch: its state ("checked" or
//       "unchecked", "on" or "off");
//     - a text field (<input>, <textarea>): its value, never its text
//       content, which is always empty;
//     - a list box: its selected options' text;
//     - anything else (a contenteditable field, a combo box that is not a
//       field, a button, a status): the text it renders (innerText), never
//       the text of hidden parts.
//   valueNow  the number of a slider or spin button, and nothing else
const values = ((el, r) => { const shown = e => e.innerText ?? e.textContent ?? '';
  if (['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar'].includes(r)) return [el.getAttribute('aria-valuetext'), el.getAttribute('aria-valuenow'), el.tagName === 'INPUT' ? el.value : shown(el), ...(el.innerText === undefined ? [...new Set([...el.children].map(c => c.textContent).filter(t => t.trim()))] : [])].filter(x => x !== null && x !== undefined);
  if (el.tagName === 'SELECT') { const ls = [...el.selectedOptions].map(o => o.label); return ls.length > 1 ? [ls.join(', '), ...ls] : [ls.join(', ')]; }
  if (['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'].includes(r)) { const c = el.matches('input') ? el.checked : el.getAttribute('aria-checked') === 'true'; return c ? ['checked', 'on'] : ['unchecked', 'off']; }
  if (/^(INPUT|TEXTAREA)$/.test(el.tagName)) return [el.value];
  if (r === 'listbox') { const ls = [...el.querySelectorAll('[aria-selected=true]')].map(o => o.innerText); return ls.length > 1 ? [ls.join(', '), ...ls] : [ls.join(', ')]; }
  return [shown(el)]; })(el, role(el));
const valueNow = [el.getAttribute('aria-valuenow') ?? el.value];
