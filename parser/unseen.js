// What a person could not see of the text the page renders, read before
// each action (parser's anchor.go): text the page's snapshot lists (its
// element rendered: not display:none, visibility:hidden or
// content-visibility:hidden, which the snapshot leaves out) that a person
// does not see: faded out (opacity 0, its own or an ancestor's), of no
// size, clipped away (clip: rect(0 0 0 0) or clip-path: inset(50%), as
// visually hidden text is), wholly outside an ancestor whose overflow is
// hidden (a panel collapsed to no height), or left of or above the page
// (a slide moved out of view). That is internal/pagejs's vis for a text, less
// its test of another element covering it: text under a banner counts as
// seen. Open shadow roots and same-origin frames are read too.
//
// The answer is a list of [where, text]: each element all of whose text
// was unseen while its parent showed some (where it sits, as
// internal/pagejs's deepPath gives it, and its text as innerText reads
// it), and each unseen text of an element that showed other text (the
// element's place, that text); at most 500.
() => {
  const out = [], seen = new Set(), clips = new Map(), shows = new Map();
  const up = e => e.parentElement || (e.parentNode && e.parentNode.host) || null;
  const none = {cut: false, l: -Infinity, t: -Infinity, r: Infinity, b: Infinity};
  const clipOf = e => {
    if (!e) return none;
    if (clips.has(e)) return clips.get(e);
    const c = {...clipOf(up(e))}, s = getComputedStyle(e), d = e.ownerDocument;
    if ((['absolute', 'fixed'].includes(s.position) && /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(s.clip)) || s.clipPath === 'inset(50%)') c.cut = true;
    const x = ['hidden', 'clip'].includes(s.overflowX), y = ['hidden', 'clip'].includes(s.overflowY);
    if ((x || y) && e !== d.body && e !== d.documentElement) {
      const b = e.getBoundingClientRect();
      if (x) { c.l = Math.max(c.l, b.left); c.r = Math.min(c.r, b.right); }
      if (y) { c.t = Math.max(c.t, b.top); c.b = Math.min(c.b, b.bottom); }
    }
    clips.set(e, c);
    return c;
  };
  const rendered = p => {
    if (!shows.has(p)) shows.set(p, p.checkVisibility ? p.checkVisibility({visibilityProperty: true}) : p.getClientRects().length > 0);
    return shows.get(p);
  };
  const sees = (t, p) => {
    if (p.checkVisibility && !p.checkVisibility({opacityProperty: true, visibilityProperty: true})) return false;
    const range = p.ownerDocument.createRange();
    range.selectNodeContents(t);
    const b = range.getBoundingClientRect(), c = clipOf(p), w = p.ownerDocument.defaultView;
    if (b.width <= 0 || b.height <= 0 || c.cut) return false;
    if (Math.min(b.right, c.r) - Math.max(b.left, c.l) <= 1 || Math.min(b.bottom, c.b) - Math.max(b.top, c.t) <= 1) return false;
    return b.right + w.scrollX > 0 && b.bottom + w.scrollY > 0;
  };
  const texts = [];
  const docs = [document];
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    if (!d.body) continue;
    const roots = [d.body, ...deepAll(d.body, '*').filter(e => e.shadowRoot).map(e => e.shadowRoot)];
    for (const f of deepAll(d.body, 'iframe, frame')) { try { if (f.contentDocument) docs.push(f.contentDocument); } catch (e) { /* another origin's */ } }
    for (const root of roots) {
      const walk = d.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        const p = t.parentElement;
        if (!p || !/\S/.test(t.data) || p.closest('script, style, noscript, template') || !rendered(p)) continue;
        if (sees(t, p)) for (let e = p; e && !seen.has(e); e = up(e)) seen.add(e);
        else texts.push([t, p]);
      }
    }
  }
  const said = new Set();
  for (const [t, p] of texts) {
    if (out.length >= 500) break;
    if (seen.has(p)) {
      out.push([deepPath(p), t.data]);
      continue;
    }
    let top = p;
    while (up(top) && !seen.has(up(top))) top = up(top);
    if (!said.has(top)) {
      said.add(top);
      out.push([deepPath(top), deepText(top)]);
    }
  }
  return out;
}
