// What an element is to a person, one declaration a line, shared by every
// piece of JavaScript plaintest gives the page: the checks (commandgen's
// checks.js, values.js), replay's messages and heals (describe.js,
// containers.js) and prove's mutations (mutations.js) take the ones they
// name, as they take shadow.js's. Role and name are read as dom reads HTML
// (dom/htmlrole.go, dom/htmlname.go); commandgen's TestAriaAgrees runs
// them in Chromium over a table of elements and holds them to dom, but for
// the differences its one table lists with their reasons. The checks send
// these lines as written, so every exported scenario whose checks use one
// pins it.
//   role       an element's role: the first token of its role attribute
//              that is a concrete ARIA role (lower case, dom.ARIARoles),
//              else its HTML element's own, else generic; a <summary> is
//              a button, and a <section> or <form> with no label a region
//              or a form, as a person sees them (TestAriaAgrees' table)
//   ariaLabel  the name an element is given by aria-labelledby (the text
//              of the elements it names, found by byId: in the document,
//              or deepById's own tree for the deep forms) or aria-label,
//              white space collapsed; '' for none
//   name       an element's accessible name: ariaLabel; a field's
//              (a submit, reset or button input's value, else its labels'
//              text, title, placeholder); an image's alt; a fieldset's
//              legend, a table's caption, a figure's caption; its content
//              for a role named from content (a button, link, heading,
//              cell without a control in it...), the text a person sees
//              in it (text: innerText, hidden parts and a collapsed
//              group's items left out); its title; and, where all that
//              gives none, its content and then its value, as the checks
//              have always matched a name
//   nameDeep   name through open shadow roots (a check with Step.Shadow):
//              aria-labelledby read in the element's own tree, content
//              deepText
//   vis        whether a person can see an element: rendered (not display:none,
//              visibility:hidden or opacity:0, its own or an ancestor's), with
//              a box of some size; not clipped away (clip: rect(0 0 0 0) or
//              clip-path: inset(50%), as visually hidden text is), nor wholly
//              outside an ancestor whose overflow is hidden (the page's own
//              body aside), nor off the page (left of it or above it, or past
//              its scrollable end; a fixed element off the viewport; inside a
//              scrolling box, not the page but what that box scrolls to
//              bounds it: nothing before the start of its content, left of it
//              or above it as its direction has it, nor past its end); the
//              ancestors around a fixed element hold it only from one that
//              contains it on (a transform, filter or containment), so the
//              box a fixed element escapes neither clips nor bounds it; reading its
//              own box, else the box that holds it and its first 100
//              descendants (a link around a block image). Below the fold, or
//              scrolled away inside a scrolling box, counts as shown: a
//              person scrolls to it. Nor covered: in the viewport, each of five
//              points of that box (its centre, and a fifth in from each
//              corner) shows another element, itself or an ancestor below the
//              one they share painted solid (an opaque background colour, a
//              background image, an image, video or canvas) with no opacity
//              under 1 on the way (a translucent backdrop dims, it does not
//              hide); the element's own label over it does not cover it (a
//              styled box's glyph)
//   items      the visible elements in root (all: its elements, in document
//              order) with one of roles, header rows out (in a <thead>, or of
//              column headers alone: <th>, or role columnheader in a table
//              drawn with <div>s)
//   itemsDeep  items through open shadow roots (a check with Step.Shadow)
const role = e => { for (const r of (e.getAttribute('role') || '').toLowerCase().split(/\s+/)) if (/^(?:alert|alertdialog|application|article|banner|blockquote|button|caption|cell|checkbox|code|columnheader|combobox|complementary|contentinfo|definition|deletion|dialog|directory|document|emphasis|feed|figure|form|generic|grid|gridcell|group|heading|img|insertion|link|list|listbox|listitem|log|main|mark|marquee|math|menu|menubar|menuitem|menuitemcheckbox|menuitemradio|meter|navigation|none|note|option|paragraph|presentation|progressbar|radio|radiogroup|region|row|rowgroup|rowheader|scrollbar|search|searchbox|separator|slider|spinbutton|status|strong|subscript|superscript|switch|tab|table|tablist|tabpanel|term|textbox|time|timer|toolbar|tooltip|tree|treegrid|treeitem)$/.test(r)) return r;
  const t = e.localName, ty = (e.getAttribute('type') || '').trim().toLowerCase() || 'text';
  if (/^h[1-6]$/.test(t)) return 'heading'; if (t === 'a' || t === 'area') return e.hasAttribute('href') ? 'link' : 'generic'; if (t === 'summary') return 'button';
  if (t === 'header' || t === 'footer') return e.parentElement && e.parentElement.closest('article, aside, main, nav, section') ? 'generic' : t === 'header' ? 'banner' : 'contentinfo';
  if (t === 'th') return (e.getAttribute('scope') || '').toLowerCase() === 'row' ? 'rowheader' : 'columnheader'; if (t === 'select') return e.multiple || e.size > 1 ? 'listbox' : 'combobox';
  if (t === 'input') return ['button', 'submit', 'reset', 'image', 'file'].includes(ty) ? 'button' : ty === 'checkbox' || ty === 'radio' ? ty : ty === 'range' ? 'slider' : ty === 'number' ? 'spinbutton' : e.hasAttribute('list') ? 'combobox' : ty === 'search' ? 'searchbox' : 'textbox';
  return ({article: 'article', aside: 'complementary', b: 'strong', blockquote: 'blockquote', button: 'button', caption: 'caption', code: 'code', datalist: 'listbox', dd: 'definition', del: 'deletion', details: 'group', dialog: 'dialog', dt: 'term', em: 'emphasis', fieldset: 'group', figure: 'figure', form: 'form', hr: 'separator', iframe: 'iframe', img: 'img', ins: 'insertion', li: 'listitem', main: 'main', mark: 'mark', math: 'math', menu: 'list', meter: 'meter', nav: 'navigation', ol: 'list', optgroup: 'group', option: 'option', output: 'status', p: 'paragraph', progress: 'progressbar', s: 'deletion', search: 'search', section: 'region', strong: 'strong', sub: 'subscript', sup: 'superscript', table: 'table', tbody: 'rowgroup', td: 'cell', textarea: 'textbox', tfoot: 'rowgroup', thead: 'rowgroup', time: 'time', tr: 'row', ul: 'list'})[t] || 'generic'; };
const ariaLabel = (e, byId = (k, id) => document.getElementById(id)) => { const flat = s => String(s ?? '').replace(/\s+/g, ' ').trim();
  return flat((e.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean).map(id => (byId(e, id) || {}).textContent || '').join(' ')) || flat(e.getAttribute('aria-label')); };
const name = (e, text = k => k.innerText ?? k.textContent, byId = (k, id) => document.getElementById(id)) => { const flat = s => String(s ?? '').replace(/\s+/g, ' ').trim(), t = e.localName, ty = (e.getAttribute('type') || '').trim().toLowerCase() || 'text', own = () => flat(text(e));
  const given = () => { const l = ariaLabel(e, byId); if (l) return l;
    if (t === 'input' && ['submit', 'reset', 'button'].includes(ty)) return e.hasAttribute('value') ? flat(e.value) : ({submit: 'Submit', reset: 'Reset'})[ty] || ''; if (t === 'input' && ty === 'image') return flat(e.getAttribute('alt')) || 'Submit';
    if (/^(input|textarea|select)$/.test(t)) return flat(e.labels && e.labels.length ? [...e.labels].map(l => l.textContent).join(' ') : '') || flat(e.getAttribute('title')) || flat(e.getAttribute('placeholder'));
    if ((t === 'img' || t === 'area') && flat(e.getAttribute('alt'))) return flat(e.getAttribute('alt'));
    const cap = e.querySelector({fieldset: ':scope > legend', table: ':scope > caption', figure: ':scope > figcaption'}[t] || ':not(*)'); if (cap && flat(text(cap))) return flat(text(cap));
    const r = role(e); if (/^(?:button|cell|checkbox|columnheader|gridcell|heading|link|menuitem|menuitemcheckbox|menuitemradio|option|radio|rowheader|switch|tab|tooltip|treeitem)$/.test(r) && !(/^(?:cell|gridcell|columnheader|rowheader)$/.test(r) && e.querySelector('button, select, textarea, input:not([type=hidden]), a[href]')) && own()) return own();
    return flat(e.getAttribute('title')); };
  return given() || own() || flat(e.value || ''); };
const nameDeep = e => name(e, k => deepText(k), (k, id) => deepById(k, id));
const vis = e => { if (!(e.checkVisibility ? e.checkVisibility({visibilityProperty: true, opacityProperty: true}) : e.getClientRects().length > 0)) return false; const o = e.getBoundingClientRect(); if (o.width <= 0 || o.height <= 0) return false; let free = false, inX = false, inY = false; const clips = [], rolls = [], cut = ['hidden', 'clip'], scroll = ['auto', 'scroll']; const holds = s => [s.transform, s.translate, s.rotate, s.scale, s.perspective, s.filter, s.backdropFilter].some(v => v && v !== 'none') || /paint|layout|strict|content/.test(s.contain) || /transform|perspective|filter/.test(s.willChange) || (s.containerType || 'normal') !== 'normal'; for (let a = e; a; a = a.assignedSlot || a.parentElement || a.getRootNode().host) { const s = getComputedStyle(a); if ((['absolute', 'fixed'].includes(s.position) && /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(s.clip)) || s.clipPath === 'inset(50%)') return false; if (a !== e && free && holds(s)) free = false; if (a !== e && !free && a !== document.body && a !== document.documentElement) { if (cut.includes(s.overflowX) || cut.includes(s.overflowY)) clips.push([a.getBoundingClientRect(), cut.includes(s.overflowX), cut.includes(s.overflowY)]); const sx = scroll.includes(s.overflowX), sy = scroll.includes(s.overflowY); if (sx || sy) { const b = a.getBoundingClientRect(), flex = /flex/.test(s.display), l = b.left + a.clientLeft - a.scrollLeft + ((s.direction === 'rtl') !== (flex && s.flexDirection === 'row-reverse') ? a.clientWidth - a.scrollWidth : 0), t = b.top + a.clientTop - a.scrollTop + (flex && s.flexDirection === 'column-reverse' ? a.clientHeight - a.scrollHeight : 0); rolls.push([l, t, l + a.scrollWidth, t + a.scrollHeight, sx, sy]); } inX ||= sx; inY ||= sy; } if (s.position === 'fixed') free = true; } const fixed = free, d = document.scrollingElement || document.documentElement, x = fixed ? 0 : scrollX, y = fixed ? 0 : scrollY, w = fixed ? innerWidth : d.scrollWidth, h = fixed ? innerHeight : d.scrollHeight; const sees = r => clips.every(([c, cx, cy]) => (!cx || Math.min(r.right, c.right) - Math.max(r.left, c.left) > 1) && (!cy || Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) > 1)) && rolls.every(([l, t, rr, rb, sx, sy]) => (!sx || (r.right > l && r.left < rr)) && (!sy || (r.bottom > t && r.top < rb))) && (inX || (r.right + x > 0 && r.left + x < w)) && (inY || (r.bottom + y > 0 && r.top + y < h)); const up = n => n.assignedSlot || n.parentElement || n.getRootNode().host || null; const has = (a, n) => { for (; n; n = up(n)) if (n === a) return true; return false; }; const under = b => { const pts = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]].map(([fx, fy]) => [b.left + fx * (b.right - b.left), b.top + fy * (b.bottom - b.top)]).filter(([px, py]) => px >= 0 && py >= 0 && px < innerWidth && py < innerHeight && clips.every(([c, cx, cy]) => (!cx || (px >= c.left && px <= c.right)) && (!cy || (py >= c.top && py <= c.bottom)))); return pts.length > 0 && pts.every(([px, py]) => { let t = document.elementFromPoint(px, py); while (t && t.shadowRoot) { const i = t.shadowRoot.elementFromPoint(px, py); if (!i || i === t) break; t = i; } if (!t) return false; const tb = t.getBoundingClientRect(); if (px < tb.left || px > tb.right || py < tb.top || py > tb.bottom || has(e, t) || has(t, e) || [...(e.labels || [])].some(l => has(l, t))) return false; let solid = false; for (let a = t; a && !has(a, e); a = up(a)) { const s = getComputedStyle(a), c = s.backgroundColor.match(/[\d.]+/g) || []; if (parseFloat(s.opacity) < 1) return false; solid ||= s.backgroundImage !== 'none' || ['IMG', 'VIDEO', 'CANVAS'].includes(a.tagName) || c.length === 3 || (c.length === 4 && +c[3] === 1); } return solid; }); }; if (sees(o)) return !under(o); const r = {left: o.left, top: o.top, right: o.right, bottom: o.bottom}; for (const k of [...e.querySelectorAll('*')].slice(0, 100)) { const b = k.getBoundingClientRect(); if (b.width > 0 && b.height > 0) { r.left = Math.min(r.left, b.left); r.top = Math.min(r.top, b.top); r.right = Math.max(r.right, b.right); r.bottom = Math.max(r.bottom, b.bottom); } } return sees(r) && !under(r); };
const items = (root, roles, all = r => r.querySelectorAll('*')) => [...all(root)].filter(e => roles.includes(role(e)) && vis(e) && !(role(e) === 'row' && (e.closest('thead') || (e.querySelector('th, [role=columnheader]') && !e.querySelector('td, [role=cell], [role=gridcell], [role=rowheader]')))));
const itemsDeep = (root, roles) => items(root, roles, r => deepAll(r, '*'));
