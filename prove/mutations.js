// The mutations plaintest prove breaks a check with (package prove), one
// declaration a line as internal/pagejs reads them. Each mutation is a
// function (el, c, J): el is the check's element (null for a check of the
// page), c its record as data (kind, value, values, match, negated,
// shadow; roles: the roles an order check reads), J the journal every
// change goes through so that undo puts the page back as it was. It
// returns {did: what it changed} or {skip: why it has nothing to change,
// or why its change did not take}. A mutation that hides makes sure, by
// the page's geometry and not by the checks' own reading of it, that what
// it claims holds (a box of no size, a box off the page, a cover on top
// where the checks look), and skips when it does not: a mutation that did
// not break the page proves nothing either way.
// A mutation is named by its declaration with _ for a space ("display
// none" is display_none), as commandgen's table of check kinds names it.
// They find what a check reads with the checks' own helpers (checks.js:
// norm, says; internal/pagejs's library: vis, role, name, items and their
// deep forms, deepAll, deepText, deepKids through open shadow roots and
// slots), never a copy of them.
//   journal     a record of changes, undone in reverse: a property, an
//               attribute, an inline style (set important), a node added,
//               detached or two swapped, the URL, the focus, the scroll
//   stash       where the journal waits for its undo: the top window when
//               the frame may reach it, else its own
//   other       a text changed letter by letter and digit by digit ("Saved"
//               is "Tbwfe", "1 item" is "2 jufn"); '' for a text with
//               neither, so that it is gone
//   showers     the innermost elements in root whose rendered text says w
//               (normed), where a text check finds it; deep, through open
//               shadow roots and slots (deepKids: what a person sees as an
//               element's children)
//   subjects    what a shown check reads, to hide: for text, the elements
//               that show the value; for visible, its element, else every element of
//               its roles whose name says its value (contains, for a
//               browser_verify_element_visible)
//   textNodes   the text nodes under root, deep: as a person sees them,
//               through open shadow roots and slots (a slot's assigned
//               text, not its fallback content)
//   tag         an element as a message names it (p#status)
//   box         the box vis reads of an element: its own, grown by those of
//               its first 100 descendants with a size (a link around a
//               block image)
//   inView      whether a box is at least partly in the window
//   hideAll     hides each subject with one change, then asks broke of
//               each whether the change took ('' when it did, else why
//               not): the mutation is skipped when one did not
//   flips       per state, how to make the state the check reads the other
//               way (want: what the check expects)
//   text_changed       the value's text, wherever the check reads it, is
//                      another (each occurrence in a text node; spread over
//                      several nodes, every text of the elements that show
//                      it changed); skipped when the text the check reads
//                      still says it
//   display_none, visibility_hidden
//                      what the check reads, hidden so: no box left, or
//                      its visibility hidden
//   zero_size          what the check reads, a block (a table cell or an
//                      inline element made one first) of no width or
//                      height that contains its content; skipped when a
//                      box keeps a size
//   off_screen         what the check reads, fixed far left of and above the
//                      page, its own offsets, margins and transforms put
//                      aside; skipped when the box it and its content
//                      make is not wholly left of or above the page
//   covered            an opaque box over each (its box, grown by its
//                      content's), scrolled into view only when it is not
//                      in the window; over an element of the top layer
//                      itself, a box in the top layer above it (a modal
//                      dialog's: a modal dialog, the focus given back on
//                      undo; an open popover's: a popover); skipped when they are not in the
//                      window at once, where the check sees a cover, or
//                      when the page at the points the checks look at
//                      (each box's centre and four points a fifth in from
//                      its corners) is not the cover
//   detached           what it reads, taken out of the page
//   text_shown         the text, in a visible element first in the part of
//                      the page the check reads
//   state_flipped      the state the other way
//   value_changed      another value: a select's other option, a box's
//                      other state, a slider's other number, a field's
//                      other text ("typed" in an empty one); the value
//                      itself for a check that it is anything but that
//   item_removed       the last item the count counts, taken out
//   item_added         a copy of it added after it (an item of the role
//                      when there is none)
//   items_swapped      the two items the order check reads, swapped: the
//                      first and last it names, or the one at its place
//                      and its neighbour
//   url_changed        the URL another path on the same origin, no query
//                      nor fragment (or the URL the check must not see)
//   title_changed      another title (or the one the check must not see)
//   named_shown        an element of the role and name the check says is
//                      not shown, shown
//   colour_changed     the element's text and its own background painted
//                      in colours of other families (commandgen's
//                      colours.js: colourSwatch), or, for a check that it
//                      is not of a family, in that family's; its
//                      transitions off; skipped when the colours the
//                      check reads (coloursSeen) did not change so
const journal = () => { const done = [];
  const undo1 = ([how, o, k, v]) => { if (how === 'prop') o[k] = v; else if (how === 'attr') { if (v === null) o.removeAttribute(k); else o.setAttribute(k, v); } else if (how === 'style') { if (v[0] === '') o.style.removeProperty(k); else o.style.setProperty(k, v[0], v[1]); } else if (how === 'added') o.remove(); else if (how === 'detached') k.insertBefore(o, v && v.parentNode === k ? v : null); else if (how === 'swap') swap2(o, k); else if (how === 'url') history.replaceState(v, '', k); else if (how === 'focus') { if (o && o.focus) o.focus(); else if (document.activeElement) document.activeElement.blur(); } else if (how === 'scroll') { o.scrollLeft = k; o.scrollTop = v; } else if (how === 'validity') o.setCustomValidity(v); };
  const swap2 = (a, b) => { const pa = document.createComment(''), pb = document.createComment(''); a.replaceWith(pa); b.replaceWith(pb); pa.replaceWith(b); pb.replaceWith(a); };
  return {
    prop: (o, k, v) => { done.push(['prop', o, k, o[k]]); o[k] = v; },
    attr: (e, k, v) => { done.push(['attr', e, k, e.getAttribute(k)]); if (v === null) e.removeAttribute(k); else e.setAttribute(k, v); },
    style: (e, k, v) => { done.push(['style', e, k, [e.style.getPropertyValue(k), e.style.getPropertyPriority(k)]]); e.style.setProperty(k, v, 'important'); },
    add: (parent, node, before) => { parent.insertBefore(node, before ?? null); done.push(['added', node]); },
    detach: e => { done.push(['detached', e, e.parentNode, e.nextSibling]); e.remove(); },
    swap: (a, b) => { swap2(a, b); done.push(['swap', a, b]); },
    url: href => { done.push(['url', null, location.href, history.state]); history.replaceState(history.state, '', href); },
    focus: e => { done.push(['focus', document.activeElement]); if (e) e.focus(); else if (document.activeElement) document.activeElement.blur(); },
    scroll: e => { const ups = []; for (let a = e.parentElement; a; a = a.parentElement) ups.push(a); for (const a of [...ups, document.scrollingElement || document.documentElement]) done.push(['scroll', a, a.scrollLeft, a.scrollTop]); e.scrollIntoView({block: 'center', inline: 'center'}); },
    validity: (e, msg) => { done.push(['validity', e, null, e.validationMessage]); e.setCustomValidity(msg); },
    undo: () => { for (const d of done.reverse()) { try { undo1(d); } catch (err) { } } done.length = 0; } }; };
const stash = () => { try { if (window.top.document) return window.top; } catch (err) { } return window; };
const other = s => { const t = String(s).replace(/[a-zA-Z0-9]/g, ch => ch === 'z' ? 'a' : ch === 'Z' ? 'A' : ch === '9' ? '0' : String.fromCharCode(ch.charCodeAt(0) + 1)); return t === String(s) ? '' : t; };
const showers = (root, w, deep) => { const out = []; const seen = k => k.checkVisibility ? k.checkVisibility({visibilityProperty: true, opacityProperty: true}) : k.getClientRects().length > 0;
  const text = k => deep ? deepText(k) : k.innerText ?? k.textContent, kids = e => deep ? deepKids(e).filter(k => k.nodeType === 1) : [...e.children];
  const walk = e => { const ks = kids(e).filter(k => seen(k) && says(norm(text(k)), w)); if (ks.length) ks.forEach(walk); else out.push(e); };
  if (says(norm(text(root)), w)) walk(root); return out; };
const subjects = (el, c) => { if (c.kind === 'text' || c.kind === 'gone') return showers(el ?? document.body, norm(c.value), c.shadow);
  if (el) return [el];
  const named = e => c.value === '' || (c.match === 'contains' ? norm(c.shadow ? nameDeep(e) : name(e)).includes(norm(c.value)) : says(norm(c.shadow ? nameDeep(e) : name(e)), norm(c.value)));
  return (c.shadow ? deepAll(document, '*') : [...document.querySelectorAll('*')]).filter(e => c.values.includes(role(e)) && vis(e) && named(e)); };
const textNodes = (root, deep) => { const out = []; const walk = n => { for (const k of deep ? deepKids(n) : n.childNodes) { if (k.nodeType === 3) out.push(k); else if (k.nodeType === 1 && !/^(SCRIPT|STYLE|TEMPLATE)$/.test(k.tagName)) walk(k); } }; walk(root); return out; };
const tag = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '');
const box = e => { const o = e.getBoundingClientRect(), r = {left: o.left, top: o.top, right: o.right, bottom: o.bottom}; for (const k of [...e.querySelectorAll('*')].slice(0, 100)) { const b = k.getBoundingClientRect(); if (b.width > 0 && b.height > 0) { r.left = Math.min(r.left, b.left); r.top = Math.min(r.top, b.top); r.right = Math.max(r.right, b.right); r.bottom = Math.max(r.bottom, b.bottom); } } return r; };
const inView = r => r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
const hideAll = (el, c, how, hide, broke) => { if (c.negated) return {skip: 'the check is that it is not shown'}; const es = subjects(el, c); if (!es.length) return {skip: 'nothing the check reads is on the page'}; es.forEach(hide);
  for (const e of es) { const why = broke(e); if (why) return {skip: how + ' did not take on ' + tag(e) + ': ' + why}; }
  return {did: how + ' on ' + es.length + (es.length === 1 ? ' element' : ' elements') + ': ' + es.slice(0, 3).map(tag).join(', ')}; };
const flips = {
  checked: (el, want, J) => { if (el.matches('input[type=checkbox],input[type=radio]')) J.prop(el, 'checked', !want); else J.attr(el, 'aria-checked', String(!want)); },
  mixed: (el, want, J) => { if (want) { if (el.indeterminate === true) J.prop(el, 'indeterminate', false); if (el.getAttribute('aria-checked') === 'mixed') J.attr(el, 'aria-checked', 'false'); } else if (el.matches('input[type=checkbox]')) J.prop(el, 'indeterminate', true); else J.attr(el, 'aria-checked', 'mixed'); },
  disabled: (el, want, J) => { if (!want) { if ('disabled' in el) J.prop(el, 'disabled', true); else J.attr(el, 'aria-disabled', 'true'); return; }
    if (el.disabled === true) J.prop(el, 'disabled', false); for (let a = el; a; a = a.parentElement) { if (a.getAttribute('aria-disabled') === 'true') J.attr(a, 'aria-disabled', null); if (a.matches('fieldset:disabled')) J.prop(a, 'disabled', false); } },
  expanded: (el, want, J) => { if (!want) { J.attr(el, 'aria-expanded', 'true'); return; } if (el.hasAttribute('aria-expanded')) J.attr(el, 'aria-expanded', 'false'); if (el.tagName === 'SUMMARY' && el.parentElement.open) J.prop(el.parentElement, 'open', false); if (el.open === true) J.prop(el, 'open', false); },
  selected: (el, want, J) => { if (!want) { J.attr(el, 'aria-selected', 'true'); return; }
    const sel = el.tagName === 'OPTION' ? el.closest('select') : null; if (sel && !sel.multiple) { const i = [...sel.options].findIndex(o => o !== el && !o.disabled); if (i >= 0) J.prop(sel, 'selectedIndex', i); } else if (el.selected === true) J.prop(el, 'selected', false);
    if (el.getAttribute('aria-selected') === 'true') J.attr(el, 'aria-selected', 'false'); if (el.matches('input') && el.checked) J.prop(el, 'checked', false); },
  pressed: (el, want, J) => { J.attr(el, 'aria-pressed', String(!want)); },
  current: (el, want, J) => { if (!want) { J.attr(el, 'aria-current', 'page'); return; } if (el.hasAttribute('aria-current')) J.attr(el, 'aria-current', null); for (const k of ['aria-selected', 'aria-pressed']) if (el.getAttribute(k) === 'true') J.attr(el, k, 'false');
    for (const e of [el, el.parentElement && el.parentElement.tagName === 'LI' ? el.parentElement : null]) if (e && ['active', 'selected', 'current'].some(k => e.classList.contains(k))) J.attr(e, 'class', [...e.classList].filter(k => !['active', 'selected', 'current'].includes(k)).join(' ')); },
  focused: (el, want, J) => { if (want) { J.focus(null); return; } if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) J.attr(el, 'tabindex', '-1'); J.focus(el); },
  required: (el, want, J) => { if (!want) { if ('required' in el) J.prop(el, 'required', true); else J.attr(el, 'aria-required', 'true'); return; } if (el.required === true) J.prop(el, 'required', false); if (el.hasAttribute('aria-required')) J.attr(el, 'aria-required', null); },
  readonly: (el, want, J) => { if (!want) { if ('readOnly' in el) J.prop(el, 'readOnly', true); else J.attr(el, 'aria-readonly', 'true'); return; } if (el.readOnly === true) J.prop(el, 'readOnly', false); if (el.hasAttribute('aria-readonly')) J.attr(el, 'aria-readonly', null); },
  invalid: (el, want, J) => { if (!want) { J.attr(el, 'aria-invalid', 'true'); return; } if (el.hasAttribute('aria-invalid')) J.attr(el, 'aria-invalid', null);
    if (el.validity && !el.validity.valid) { if (el.validity.customError) J.validity(el, ''); for (const k of ['required', 'pattern', 'min', 'max', 'minlength', 'maxlength', 'step']) if (el.hasAttribute(k)) J.attr(el, k, null); if (!el.validity.valid && el.matches('input')) J.attr(el, 'type', 'text'); } },
  sorted: (el, want, J) => { J.attr(el, 'aria-sort', want ? 'none' : 'ascending'); },
  sorted_ascending: (el, want, J) => { J.attr(el, 'aria-sort', want ? 'descending' : 'ascending'); },
  sorted_descending: (el, want, J) => { J.attr(el, 'aria-sort', want ? 'ascending' : 'descending'); } };
const text_changed = (el, c, J) => { const root = el ?? document.body, w = norm(c.value); if (!w) return {skip: 'the check reads no text'};
  const re = new RegExp(String(c.value).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+').replace(/['\u2018\u2019]/g, "['\u2018\u2019]").replace(/["\u201c\u201d]/g, '["\u201c\u201d]'), 'gi');
  let n = 0; for (const t of textNodes(root, c.shadow)) { const d = t.data.replace(re, m => other(m)); if (d !== t.data) { J.prop(t, 'data', d); n++; } }
  if (n === 0) for (const e of subjects(el, c)) for (const t of textNodes(e, c.shadow)) { if (t.data.trim() && other(t.data) !== t.data) { J.prop(t, 'data', other(t.data)); n++; } }
  if (n === 0) return {skip: 'no text says ' + JSON.stringify(c.value)};
  if (says(norm(c.shadow ? deepText(root) : root.innerText ?? root.textContent), w)) return {skip: 'changed ' + n + (n === 1 ? ' text' : ' texts') + ', and the text the check reads still says ' + JSON.stringify(c.value)};
  return {did: 'changed ' + JSON.stringify(c.value) + ' to ' + JSON.stringify(other(c.value)) + ' in ' + n + (n === 1 ? ' text' : ' texts')}; };
const display_none = (el, c, J) => hideAll(el, c, 'display: none', e => J.style(e, 'display', 'none'), e => e.getClientRects().length ? 'it keeps a box' : '');
const visibility_hidden = (el, c, J) => hideAll(el, c, 'visibility: hidden', e => J.style(e, 'visibility', 'hidden'), e => getComputedStyle(e).visibility === 'visible' ? 'it stays visible' : '');
const zero_size = (el, c, J) => hideAll(el, c, 'zero size', e => { const d = getComputedStyle(e).display; if (!['block', 'flow-root', 'flex', 'grid', 'list-item', 'inline-block', 'inline-flex', 'inline-grid'].includes(d)) J.style(e, 'display', d === 'inline' ? 'inline-block' : 'block');
    for (const [k, v] of [['box-sizing', 'border-box'], ['width', '0'], ['height', '0'], ['min-width', '0'], ['min-height', '0'], ['max-width', '0'], ['max-height', '0'], ['padding', '0'], ['border-width', '0'], ['overflow', 'hidden'], ['flex', 'none'], ['contain', 'strict']]) J.style(e, k, v); },
  e => { const r = e.getBoundingClientRect(); return r.width === 0 || r.height === 0 ? '' : 'its box stays ' + Math.round(r.width) + ' by ' + Math.round(r.height) + ' px'; });
const off_screen = (el, c, J) => hideAll(el, c, 'off screen', e => { for (const [k, v] of [['position', 'fixed'], ['left', '-100000px'], ['top', '-100000px'], ['right', 'auto'], ['bottom', 'auto'], ['margin', '0'], ['transform', 'none'], ['translate', 'none'], ['rotate', 'none'], ['scale', 'none']]) J.style(e, k, v); },
  e => { const r = box(e); return (r.right <= 0 && r.right + scrollX <= 0) || (r.bottom <= 0 && r.bottom + scrollY <= 0) ? '' : 'its box stays at ' + Math.round(r.left + scrollX) + ', ' + Math.round(r.top + scrollY) + ' on the page'; });
const covered = (el, c, J) => { if (c.negated) return {skip: 'the check is that it is not shown'}; const es = subjects(el, c); if (!es.length) return {skip: 'nothing the check reads is on the page'};
  if (!es.every(e => inView(box(e)))) J.scroll(es[0]); const rs = es.map(box); if (!rs.every(inView)) return {skip: 'the ' + es.length + ' elements that show it are not in the window at once, where a cover is seen'};
  const covers = es.map((e, i) => { const r = rs[i], d = document.createElement('div');
    d.setAttribute('style', 'position: fixed !important; left: ' + r.left + 'px !important; top: ' + r.top + 'px !important; width: ' + Math.max(r.right - r.left, 1) + 'px !important; height: ' + Math.max(r.bottom - r.top, 1) + 'px !important; background: rgb(255, 255, 255) !important; opacity: 1 !important; z-index: 2147483647 !important; display: block !important; visibility: visible !important; margin: 0 !important; padding: 0 !important; border: 0 !important; transform: none !important');
    const top = e.closest('dialog[open], [popover]'); if (top !== e) { J.add(top || document.body, d, null); return d; }
    const c = document.createElement(e.matches(':modal') ? 'dialog' : 'div'); c.setAttribute('style', d.getAttribute('style') + '; right: auto !important; bottom: auto !important; max-width: none !important; max-height: none !important; overflow: hidden !important'); J.focus(document.activeElement); J.add(document.body, c, null);
    if (c.tagName === 'DIALOG') c.showModal(); else { c.setAttribute('popover', 'manual'); c.showPopover(); } return c; });
  const points = r => [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]].map(([fx, fy]) => [r.left + fx * (r.right - r.left), r.top + fy * (r.bottom - r.top)]).filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
  for (const e of es) for (const r of [e.getBoundingClientRect(), box(e)]) for (const [x, y] of points(r)) { let t = document.elementFromPoint(x, y); while (t && t.shadowRoot) { const i = t.shadowRoot.elementFromPoint(x, y); if (!i || i === t) break; t = i; }
    const b = t && t.getBoundingClientRect(); if (!covers.includes(t) || x < b.left || x > b.right || y < b.top || y > b.bottom) return {skip: 'the cover is not on top of ' + tag(e) + ' at ' + Math.round(x) + ', ' + Math.round(y) + ' in the window: ' + (t ? tag(t) : 'nothing') + ' is'}; }
  return {did: 'covered on ' + es.length + (es.length === 1 ? ' element' : ' elements') + ': ' + es.slice(0, 3).map(tag).join(', ')}; };
const detached = (el, c, J) => { const es = subjects(el, c).filter((e, i, all) => !all.some(a => a !== e && a.contains(e))); if (!es.length) return {skip: 'nothing the check reads is on the page'}; es.forEach(e => J.detach(e)); return {did: 'detached ' + es.length + (es.length === 1 ? ' element' : ' elements')}; };
const text_shown = (el, c, J) => { const root = el ?? document.body; if (/^(INPUT|TEXTAREA|SELECT|IMG|BR|HR)$/.test(root.tagName)) return {skip: 'the check reads an element that shows no children'};
  const d = document.createElement('div'); d.textContent = c.value; d.setAttribute('style', 'display: block !important; visibility: visible !important; opacity: 1 !important; position: relative !important; z-index: 2147483647 !important; background: rgb(255, 255, 255) !important; color: rgb(0, 0, 0) !important; font-size: 16px !important; width: auto !important; height: auto !important; clip: auto !important; clip-path: none !important; transform: none !important');
  J.add(root, d, root.firstChild); return {did: 'showed ' + JSON.stringify(c.value) + ' first in ' + (el ? 'the element' : 'the page')}; };
const state_flipped = (el, c, J) => { if (!el) return {skip: 'a state check with no element'}; const f = flips[String(c.value).replace(/ /g, '_')]; if (!f) return {skip: 'no way to flip the state ' + JSON.stringify(c.value)}; f(el, !c.negated, J); return {did: (c.negated ? 'made it ' : 'made it not ') + c.value}; };
const value_changed = (el, c, J) => { if (!el) return {skip: 'a value check with no element'}; const r = role(el), want = String(c.value);
  if (el.tagName === 'SELECT') { const os = [...el.options], i = os.findIndex(o => c.negated ? norm(o.label) === norm(want) : !o.selected && !o.disabled && norm(o.label) !== norm(want)); if (i < 0) return {skip: 'the select has no other option'}; if (el.multiple) { os.forEach(o => { if (o.selected) J.prop(o, 'selected', false); }); J.prop(os[i], 'selected', true); } else J.prop(el, 'selectedIndex', i); return {did: 'chose ' + JSON.stringify(os[i].label)}; }
  if (['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'].includes(r)) { const on = el.matches('input') ? el.checked : el.getAttribute('aria-checked') === 'true'; if (el.matches('input')) J.prop(el, 'checked', !on); else J.attr(el, 'aria-checked', String(!on)); return {did: on ? 'unchecked it' : 'checked it'}; }
  if (['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar'].includes(r)) { const now = el.getAttribute('aria-valuenow') ?? el.value, num = c.negated ? want : String(Number(now) === Number(el.min || el.getAttribute('aria-valuemin') || 0) ? Number(el.max || el.getAttribute('aria-valuemax') || 100) : Number(el.min || el.getAttribute('aria-valuemin') || 0));
    if (el.tagName === 'INPUT') J.prop(el, 'value', num); if (el.hasAttribute('aria-valuenow')) J.attr(el, 'aria-valuenow', num); if (el.hasAttribute('aria-valuetext')) J.attr(el, 'aria-valuetext', c.negated ? want : other(el.getAttribute('aria-valuetext')));
    if (el.tagName !== 'INPUT') for (const t of textNodes(el, c.shadow)) if (other(t.data) !== t.data) J.prop(t, 'data', other(t.data)); return {did: 'set it to ' + num}; }
  if (/^(INPUT|TEXTAREA)$/.test(el.tagName)) { const was = el.value; for (const v of c.negated ? [want] : [was === '' ? 'typed' : other(was), String((Number(was) || 0) + 1), '2001-02-03', '01:02', '#123456', 'typed@example.com', 'https://example.com/typed']) { J.prop(el, 'value', v); if (el.value !== was && (c.negated || norm(el.value) !== norm(want))) return {did: 'set it to ' + JSON.stringify(el.value)}; } return {skip: 'the field takes no other value'}; }
  if (r === 'listbox') { const os = deepAll(el, '[role=option]'), on = os.filter(o => o.getAttribute('aria-selected') === 'true'), off = os.find(o => o.getAttribute('aria-selected') !== 'true' && (c.negated ? says(norm(o.innerText), norm(want)) : !says(norm(o.innerText), norm(want)))); if (!off) return {skip: 'the list box has no other option'}; on.forEach(o => J.attr(o, 'aria-selected', 'false')); J.attr(off, 'aria-selected', 'true'); return {did: 'selected ' + JSON.stringify(off.innerText)}; }
  const ts = textNodes(el, c.shadow).filter(t => t.data.trim()); if (c.negated) { if (!ts.length) J.add(el, document.createTextNode(want), null); ts.forEach((t, i) => J.prop(t, 'data', i === 0 ? want : '')); return {did: 'made its text ' + JSON.stringify(want)}; }
  if (!ts.length) { J.add(el, document.createTextNode('typed'), null); return {did: 'typed into it'}; } ts.forEach(t => J.prop(t, 'data', other(t.data))); return {did: 'changed its text'}; };
const item_removed = (el, c, J) => { const root = el ?? document.body, its = c.shadow ? itemsDeep(root, c.values) : items(root, c.values); if (!its.length) return {skip: 'no item to remove'}; J.detach(its[its.length - 1]); return {did: 'removed the last of ' + its.length + ' items'}; };
const item_added = (el, c, J) => { const root = el ?? document.body, its = c.shadow ? itemsDeep(root, c.values) : items(root, c.values);
  if (its.length) { const last = its[its.length - 1], copy = last.cloneNode(true); copy.removeAttribute('id'); J.add(last.parentNode, copy, last.nextSibling); return {did: 'added a copy of the last of ' + its.length + ' items'}; }
  const d = document.createElement('div'); d.setAttribute('role', c.values[0]); d.textContent = 'added item'; J.add(root, d, null); return {did: 'added an item of role ' + c.values[0]}; };
const items_swapped = (el, c, J) => { const root = el ?? document.body, its = c.shadow ? itemsDeep(root, c.roles) : items(root, c.roles), t = its.map(e => norm(c.shadow ? deepText(e) : e.innerText)); let a = -1, b = -1;
  if (c.match === 'first') { a = 0; b = 1; } else if (c.match === 'last') { a = its.length - 1; b = its.length - 2; } else if (String(c.match).startsWith('nth:')) { a = Number(c.match.slice(4)) - 1; b = a + 1 < its.length ? a + 1 : a - 1; }
  else { a = t.findIndex(x => says(x, norm(c.values[0]))); const w = norm(c.values[c.values.length - 1]); for (let k = t.length - 1; k > a; k--) if (says(t[k], w)) { b = k; break; } }
  if (a < 0 || b < 0 || a >= its.length || b >= its.length || a === b) return {skip: 'no two items to swap'}; if (its[a].contains(its[b]) || its[b].contains(its[a])) return {skip: 'the items hold each other'};
  J.swap(its[a], its[b]); return {did: 'swapped items ' + (a + 1) + ' and ' + (b + 1) + ' of ' + its.length}; };
const url_changed = (el, c, J) => { const u = new URL(location.href); if (c.negated) { let to; try { to = new URL(c.value, location.href); } catch (err) { return {skip: 'the URL it must not be is no URL'}; } if (to.origin !== u.origin) return {skip: 'another origin is out of reach without a navigation'}; J.url(to.href); return {did: 'made the URL ' + to.href}; }
  u.pathname = u.pathname === '/plaintest-prove' ? '/plaintest-prove-2' : '/plaintest-prove'; u.search = ''; u.hash = ''; J.url(u.href); return {did: 'made the URL ' + u.href}; };
const title_changed = (el, c, J) => { const t = c.negated ? String(c.value) : other(document.title) || 'plaintest prove'; J.prop(document, 'title', t); return {did: 'made the title ' + JSON.stringify(t)}; };
const named_shown = (el, c, J) => { if (!c.negated) return {skip: 'the check is that it is shown'}; if (!c.values || !c.values.length) return {skip: 'the check names no role'};
  const d = document.createElement('div'); d.setAttribute('role', c.values[0]); if (c.value) d.setAttribute('aria-label', c.value); d.textContent = c.value || c.values[0]; d.setAttribute('style', 'display: block !important; visibility: visible !important; opacity: 1 !important; position: relative !important; z-index: 2147483647 !important; background: rgb(255, 255, 255) !important; color: rgb(0, 0, 0) !important; min-width: 40px !important; min-height: 20px !important; transform: none !important');
  J.add(document.body, d, document.body.firstChild); return {did: 'showed a ' + c.values[0] + (c.value ? ' named ' + JSON.stringify(c.value) : '')}; };
const colour_changed = (el, c, J) => { if (!el) return {skip: 'a colour check with no element'}; const want = String(c.value), how = c.match || 'either', others = ['blue', 'grey', 'green'].filter(f => f !== want);
  const [text, back] = c.negated ? [want, want] : others; if (!colourSwatch(text)) return {skip: 'no swatch of ' + JSON.stringify(want)}; for (const [k, v] of [['transition', 'none'], ['animation', 'none'], ['color', colourSwatch(text)], ['background-color', colourSwatch(back)]]) J.style(el, k, v);
  const seen = coloursSeen(el, how); if (seen.some(s => s.family === want) !== Boolean(c.negated)) return {skip: 'the colours did not take: the element is ' + coloursSaid(seen)}; return {did: 'painted it ' + coloursSaid(seen)}; };
