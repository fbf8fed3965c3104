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
//   shows  whether root shows w (normed) where a person can see it: the
//          innermost elements whose rendered text says w (a child that is
//          not rendered, or whose text a person cannot see, does not
//          count), one of which is visible (vis, aria.js); text in an element that
//          is not rendered, zero-sized, clipped away, off the page or
//          covered is not shown
//   showsDeep  shows through open shadow roots and slots (a check with
//              Step.Shadow): an element's children as a person sees them
//              (deepKids: a host's shadow tree, a slot's slotted nodes),
//              its text deepText; the innermost elements whose text says
//              w, one of which is visible, so text slotted or rendered in a
//              part that is hidden, zero-sized, clipped away, off the page
//              or covered is not shown
// A check takes the helpers of internal/pagejs's library it calls, as
// they are written there: vis, role, name, items and their deep forms
// (aria.js), and, with Step.Shadow, the shadow-root ones (deepAll,
// deepText, deepFocus...).
const norm = s => String(s ?? '').replace(/[\u2018\u2019\u00b4\u0060]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();
const bare = s => s.replace(/[\s.!?;:,]+$/, '');
const says = (t, w) => { const word = c => /[\p{L}\p{N}_]/u.test(c ?? ''), negates = !/^(?:not|no|never|non)\b/.test(w); for (let i = t.indexOf(w); i >= 0; i = t.indexOf(w, i + 1)) { if ((word(w[0]) && word(t[i - 1])) || (word(w[w.length - 1]) && word(t[i + w.length]))) continue; if (negates && /(?:\b(?:not|no|never|non)|n't)[\s-]*$/.test(t.slice(0, i))) continue; return true; } return false; };
const shows = (e, w) => { if (!says(norm(e.innerText ?? e.textContent), w)) return false; const seen = k => k.checkVisibility ? k.checkVisibility({visibilityProperty: true, opacityProperty: true}) : k.getClientRects().length > 0; const ks = [...e.children].filter(k => seen(k) && says(norm(k.innerText), w)); if (ks.some(k => shows(k, w))) return true; const own = [...e.childNodes].map(n => n.nodeType === 3 ? n.data : n.nodeType !== 1 || ks.includes(n) || !seen(n) ? ' ' : n.innerText).join(''); return says(norm(own), w) && vis(e); };
const showsDeep = (e, w) => { if (!says(norm(deepText(e)), w)) return false; const seen = k => k.checkVisibility ? k.checkVisibility({visibilityProperty: true, opacityProperty: true}) : k.getClientRects().length > 0; const kids = deepKids(e), ks = kids.filter(k => k.nodeType === 1 && seen(k) && says(norm(deepText(k)), w)); if (ks.some(k => showsDeep(k, w))) return true; const own = kids.map(n => n.nodeType === 3 ? n.data : n.nodeType !== 1 || ks.includes(n) || !seen(n) ? ' ' : /^inline/.test(getComputedStyle(n).display) ? deepText(n) : '\n' + deepText(n) + '\n').join(''); return says(norm(own), w) && vis(e); };
