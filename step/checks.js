// The helpers the checks share (checks.go), one declaration a line, in
// the order they may need each other. A check's function holds only the
// declarations it uses, each sent as the line written here, so these
// lines are pinned by the goldens of every exported scenario: change one
// and every golden that holds it changes.
//   norm   text as checks compare it: curly quotes straightened, runs of
//          space one space, trimmed, lower case
//   bare   a text without the full stop or other punctuation ending it
//   vis    whether an element is rendered, with a box of some size
//   role   an element's role: explicit, else its HTML element's usual one
//   name   an element's accessible name, as far as one line can tell
//   items  the visible elements in root with one of roles, header rows out
//   itemsDeep  items, through open shadow roots (a check with Step.Shadow)
//   nameDeep   name, its aria-labelledby read in the element's own shadow
//              root (a check with Step.Shadow)
// A check with Step.Shadow also takes internal/pagejs's shadow-root
// helpers it calls (deepAll, deepText, deepFocus).
const norm = s => String(s ?? '').replace(/[\u2018\u2019\u00b4\u0060]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();
const bare = s => s.replace(/[\s.!?;:,]+$/, '');
const vis = e => { if (!(e.checkVisibility ? e.checkVisibility({visibilityProperty: true, opacityProperty: true}) : e.getClientRects().length > 0)) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
const role = e => { const r = (e.getAttribute('role') || '').split(' ')[0]; if (r) return r; const t = e.tagName, ty = (e.getAttribute('type') || '').toLowerCase(); if (t === 'A') return e.hasAttribute('href') ? 'link' : ''; if (t === 'BUTTON' || t === 'SUMMARY' || (t === 'INPUT' && ['button', 'submit', 'reset', 'image'].includes(ty))) return 'button'; if (t === 'INPUT') return ({checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox', hidden: ''})[ty] ?? 'textbox'; if (t === 'TEXTAREA') return 'textbox'; if (t === 'SELECT') return e.multiple || e.size > 1 ? 'listbox' : 'combobox'; if (/^H[1-6]$/.test(t)) return 'heading'; return ({IMG: 'img', DIALOG: 'dialog', LI: 'listitem', TR: 'row', TD: 'cell', TH: 'columnheader', UL: 'list', OL: 'list', TABLE: 'table', NAV: 'navigation', ARTICLE: 'article', OPTION: 'option', SECTION: 'region', FORM: 'form'})[t] || ''; };
const name = e => e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(id => (document.getElementById(id) || {}).textContent || '').join(' ').trim() || (e.labels && e.labels.length ? [...e.labels].map(l => l.textContent).join(' ') : '') || e.getAttribute('alt') || e.getAttribute('title') || e.getAttribute('placeholder') || e.textContent || e.value || '';
const items = (root, roles) => [...root.querySelectorAll('*')].filter(e => roles.includes(role(e)) && vis(e) && !(role(e) === 'row' && (e.closest('thead') || (e.querySelector('th') && !e.querySelector('td')))));
const itemsDeep = (root, roles) => deepAll(root, '*').filter(e => roles.includes(role(e)) && vis(e) && !(role(e) === 'row' && (e.closest('thead') || (e.querySelector('th') && !e.querySelector('td')))));
const nameDeep = e => e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(id => (deepById(e, id) || {}).textContent || '').join(' ').trim() || (e.labels && e.labels.length ? [...e.labels].map(l => l.textContent).join(' ') : '') || e.getAttribute('alt') || e.getAttribute('title') || e.getAttribute('placeholder') || e.textContent || e.value || '';
