// The helpers the checks share (checks.go), one declaration a line, in
// the order they may need each other. A check's function holds only the
// declarations it uses, each sent as the line written here, so these
// lines are pinned by the goldens of every exported scenario: change one
// and every golden that holds it changes.
//   norm   text as checks compare it: curly quotes straightened, runs of
//          space one space, trimmed, lower case
//   bare   a text without the full stop or other punctuation ending it
//   says   whether a text (normed) says w (normed) as a person reads it:
//          w where a word does not go on past either end of it ("Paid"
//          is not in "Unpaid", "1 item" not in "11 items"), and not right
//          after "not", "no", "never", "non" or "n't" ("Saved" is not in
//          "Not saved"), unless w itself starts with one of them
//   vis    whether a person can see an element: rendered (not display:none,
//          visibility:hidden or opacity:0, its own or an ancestor's), with
//          a box of some size; not clipped away (clip: rect(0 0 0 0) or
//          clip-path: inset(50%), as visually hidden text is), nor wholly
//          outside an ancestor whose overflow is hidden (the page's own
//          body aside), nor off the page (left of it or above it, or past
//          its scrollable end; a fixed element off the viewport; inside a
//          scrolling box, not the page but what that box scrolls to
//          bounds it: nothing before the start of its content, left of it
//          or above it as its direction has it, nor past its end); the
//          ancestors around a fixed element hold it only from one that
//          contains it on (a transform, filter or containment), so the
//          box a fixed element escapes neither clips nor bounds it; reading its
//          own box, else the box that holds it and its first 100
//          descendants (a link around a block image). Below the fold, or
//          scrolled away inside a scrolling box, counts as shown: a
//          person scrolls to it. Nor covered: in the viewport, each of five
//          points of that box (its centre, and a fifth in from each
//          corner) shows another element, itself or an ancestor below the
//          one they share painted solid (an opaque background colour, a
//          background image, an image, video or canvas) with no opacity
//          under 1 on the way (a translucent backdrop dims, it does not
//          hide); the element's own label over it does not cover it (a
//          styled box's glyph)
//   shows  whether root shows w (normed) where a person can see it: the
//          innermost elements whose rendered text says w (a child that is
//          not rendered, or whose text a person cannot see, does not
//          count), one of which is visible (vis); text in an element that
//          is not rendered, zero-sized, clipped away, off the page or
//          covered is not shown
//   showsDeep  shows through open shadow roots and slots (a check with
//              Step.Shadow): an element's children as a person sees them
//              (deepKids: a host's shadow tree, a slot's slotted nodes),
//              its text deepText; the innermost elements whose text says
//              w, one of which is visible, so text slotted or rendered in a
//              part that is hidden, zero-sized, clipped away, off the page
//              or covered is not shown
//   role   an element's role: explicit, else its HTML element's usual one
//   name   an element's accessible name, as far as one line can tell:
//          from its own content, the text a person sees in it (its
//          collapsed group's items are no part of a tree item's name)
//   items  the visible elements in root with one of roles, header rows out
//          (in a <thead>, or of column headers alone: <th>, or role
//          columnheader in a table drawn with <div>s)
//   itemsDeep  items, through open shadow roots (a check with Step.Shadow)
//   nameDeep   name, its aria-labelledby read in the element's own shadow
//              root, its content through open shadow roots (a check with
//              Step.Shadow)
// A check with Step.Shadow also takes internal/pagejs's shadow-root
// helpers it calls (deepAll, deepText, deepFocus).
const norm = s => String(s ?? '').replace(/[\u2018\u2019\u00b4\u0060]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();
const bare = s => s.replace(/[\s.!?;:,]+$/, '');
const says = (t, w) => { const word = c => /[\p{L}\p{N}_]/u.test(c ?? ''), negates = !/^(?:not|no|never|non)\b/.test(w); for (let i = t.indexOf(w); i >= 0; i = t.indexOf(w, i + 1)) { if ((word(w[0]) && word(t[i - 1])) || (word(w[w.length - 1]) && word(t[i + w.length]))) continue; if (negates && /(?:\b(?:not|no|never|non)|n't)[\s-]*$/.test(t.slice(0, i))) continue; return true; } return false; };
const vis = e => { if (!(e.checkVisibility ? e.checkVisibility({visibilityProperty: true, opacityProperty: true}) : e.getClientRects().length > 0)) return false; const o = e.getBoundingClientRect(); if (o.width <= 0 || o.height <= 0) return false; let free = false, inX = false, inY = false; const clips = [], rolls = [], cut = ['hidden', 'clip'], scroll = ['auto', 'scroll']; const holds = s => [s.transform, s.translate, s.rotate, s.scale, s.perspective, s.filter, s.backdropFilter].some(v => v && v !== 'none') || /paint|layout|strict|content/.test(s.contain) || /transform|perspective|filter/.test(s.willChange) || (s.containerType || 'normal') !== 'normal'; for (let a = e; a; a = a.assignedSlot || a.parentElement || a.getRootNode().host) { const s = getComputedStyle(a); if ((['absolute', 'fixed'].includes(s.position) && /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(s.clip)) || s.clipPath === 'inset(50%)') return false; if (a !== e && free && holds(s)) free = false; if (a !== e && !free && a !== document.body && a !== document.documentElement) { if (cut.includes(s.overflowX) || cut.includes(s.overflowY)) clips.push([a.getBoundingClientRect(), cut.includes(s.overflowX), cut.includes(s.overflowY)]); const sx = scroll.includes(s.overflowX), sy = scroll.includes(s.overflowY); if (sx || sy) { const b = a.getBoundingClientRect(), flex = /flex/.test(s.display), l = b.left + a.clientLeft - a.scrollLeft + ((s.direction === 'rtl') !== (flex && s.flexDirection === 'row-reverse') ? a.clientWidth - a.scrollWidth : 0), t = b.top + a.clientTop - a.scrollTop + (flex && s.flexDirection === 'column-reverse' ? a.clientHeight - a.scrollHeight : 0); rolls.push([l, t, l + a.scrollWidth, t + a.scrollHeight, sx, sy]); } inX ||= sx; inY ||= sy; } if (s.position === 'fixed') free = true; } const fixed = free, d = document.scrollingElement || document.documentElement, x = fixed ? 0 : scrollX, y = fixed ? 0 : scrollY, w = fixed ? innerWidth : d.scrollWidth, h = fixed ? innerHeight : d.scrollHeight; const sees = r => clips.every(([c, cx, cy]) => (!cx || Math.min(r.right, c.right) - Math.max(r.left, c.left) > 1) && (!cy || Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) > 1)) && rolls.every(([l, t, rr, rb, sx, sy]) => (!sx || (r.right > l && r.left < rr)) && (!sy || (r.bottom > t && r.top < rb))) && (inX || (r.right + x > 0 && r.left + x < w)) && (inY || (r.bottom + y > 0 && r.top + y < h)); const up = n => n.assignedSlot || n.parentElement || n.getRootNode().host || null; const has = (a, n) => { for (; n; n = up(n)) if (n === a) return true; return false; }; const under = b => { const pts = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]].map(([fx, fy]) => [b.left + fx * (b.right - b.left), b.top + fy * (b.bottom - b.top)]).filter(([px, py]) => px >= 0 && py >= 0 && px < innerWidth && py < innerHeight && clips.every(([c, cx, cy]) => (!cx || (px >= c.left && px <= c.right)) && (!cy || (py >= c.top && py <= c.bottom)))); return pts.length > 0 && pts.every(([px, py]) => { let t = document.elementFromPoint(px, py); while (t && t.shadowRoot) { const i = t.shadowRoot.elementFromPoint(px, py); if (!i || i === t) break; t = i; } if (!t) return false; const tb = t.getBoundingClientRect(); if (px < tb.left || px > tb.right || py < tb.top || py > tb.bottom || has(e, t) || has(t, e) || [...(e.labels || [])].some(l => has(l, t))) return false; let solid = false; for (let a = t; a && !has(a, e); a = up(a)) { const s = getComputedStyle(a), c = s.backgroundColor.match(/[\d.]+/g) || []; if (parseFloat(s.opacity) < 1) return false; solid ||= s.backgroundImage !== 'none' || ['IMG', 'VIDEO', 'CANVAS'].includes(a.tagName) || c.length === 3 || (c.length === 4 && +c[3] === 1); } return solid; }); }; if (sees(o)) return !under(o); const r = {left: o.left, top: o.top, right: o.right, bottom: o.bottom}; for (const k of [...e.querySelectorAll('*')].slice(0, 100)) { const b = k.getBoundingClientRect(); if (b.width > 0 && b.height > 0) { r.left = Math.min(r.left, b.left); r.top = Math.min(r.top, b.top); r.right = Math.max(r.right, b.right); r.bottom = Math.max(r.bottom, b.bottom); } } return sees(r) && !under(r); };
const shows = (e, w) => { if (!says(norm(e.innerText ?? e.textContent), w)) return false; const seen = k => k.checkVisibility ? k.checkVisibility({visibilityProperty: true, opacityProperty: true}) : k.getClientRects().length > 0; const ks = [...e.children].filter(k => seen(k) && says(norm(k.innerText), w)); if (ks.some(k => shows(k, w))) return true; const own = [...e.childNodes].map(n => n.nodeType === 3 ? n.data : n.nodeType !== 1 || ks.includes(n) || !seen(n) ? ' ' : n.innerText).join(''); return says(norm(own), w) && vis(e); };
const showsDeep = (e, w) => { if (!says(norm(deepText(e)), w)) return false; const seen = k => k.checkVisibility ? k.checkVisibility({visibilityProperty: true, opacityProperty: true}) : k.getClientRects().length > 0; const kids = deepKids(e), ks = kids.filter(k => k.nodeType === 1 && seen(k) && says(norm(deepText(k)), w)); if (ks.some(k => showsDeep(k, w))) return true; const own = kids.map(n => n.nodeType === 3 ? n.data : n.nodeType !== 1 || ks.includes(n) || !seen(n) ? ' ' : /^inline/.test(getComputedStyle(n).display) ? deepText(n) : '\n' + deepText(n) + '\n').join(''); return says(norm(own), w) && vis(e); };
const role = e => { const r = (e.getAttribute('role') || '').split(' ')[0]; if (r) return r; const t = e.tagName, ty = (e.getAttribute('type') || '').toLowerCase(); if (t === 'A') return e.hasAttribute('href') ? 'link' : ''; if (t === 'BUTTON' || t === 'SUMMARY' || (t === 'INPUT' && ['button', 'submit', 'reset', 'image'].includes(ty))) return 'button'; if (t === 'INPUT') return ({checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox', hidden: ''})[ty] ?? 'textbox'; if (t === 'TEXTAREA') return 'textbox'; if (t === 'SELECT') return e.multiple || e.size > 1 ? 'listbox' : 'combobox'; if (/^H[1-6]$/.test(t)) return 'heading'; return ({IMG: 'img', DIALOG: 'dialog', LI: 'listitem', TR: 'row', TD: 'cell', TH: 'columnheader', UL: 'list', OL: 'list', TABLE: 'table', NAV: 'navigation', ARTICLE: 'article', OPTION: 'option', SECTION: 'region', FORM: 'form'})[t] || ''; };
const name = e => e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(id => (document.getElementById(id) || {}).textContent || '').join(' ').trim() || (e.labels && e.labels.length ? [...e.labels].map(l => l.textContent).join(' ') : '') || e.getAttribute('alt') || e.getAttribute('title') || e.getAttribute('placeholder') || (e.innerText ?? e.textContent) || e.value || '';
const items = (root, roles) => [...root.querySelectorAll('*')].filter(e => roles.includes(role(e)) && vis(e) && !(role(e) === 'row' && (e.closest('thead') || (e.querySelector('th, [role=columnheader]') && !e.querySelector('td, [role=cell], [role=gridcell], [role=rowheader]')))));
const itemsDeep = (root, roles) => deepAll(root, '*').filter(e => roles.includes(role(e)) && vis(e) && !(role(e) === 'row' && (e.closest('thead') || (e.querySelector('th, [role=columnheader]') && !e.querySelector('td, [role=cell], [role=gridcell], [role=rowheader]')))));
const nameDeep = e => e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(id => (deepById(e, id) || {}).textContent || '').join(' ').trim() || (e.labels && e.labels.length ? [...e.labels].map(l => l.textContent).join(' ') : '') || e.getAttribute('alt') || e.getAttribute('title') || e.getAttribute('placeholder') || deepText(e) || e.value || '';
