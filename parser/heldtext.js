// Whether the page holds words as text, hidden text included (parser's
// anchor.go: a check that words are gone, which no snapshot showed, is
// not one that could never fail when the page holds them hidden, a
// message it shows later). The text of the page's body, of its open
// shadow roots and of its same-origin frames, scripts, styles and
// templates left out, read as dom.Normalize reads text (case, punctuation
// and apostrophes aside; "12.00" is "1200"), holds words (normalized so)
// whole, its text nodes read run together and read apart. true or false.
(words) => {
  const norm = s => s.replace(/[\p{Cf}'\u2018\u2019]/gu, '').replace(/(\p{Nd})[.,](?=\p{Nd})/gu, '$1').toLowerCase().replace(/[^\p{L}\p{Nd}\p{M}]+/gu, ' ').trim();
  const parts = [];
  const docs = [document];
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    if (!d.body) continue;
    for (const f of deepAll(d.body, 'iframe, frame')) { try { if (f.contentDocument) docs.push(f.contentDocument); } catch (e) { /* another origin's */ } }
    for (const root of [d.body, ...deepAll(d.body, '*').filter(e => e.shadowRoot).map(e => e.shadowRoot)]) {
      const walk = d.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        if (!t.parentElement || !t.parentElement.closest('script, style, noscript, template')) parts.push(t.data);
      }
    }
  }
  const w = ' ' + words + ' ';
  return (' ' + norm(parts.join('')) + ' ').includes(w) || (' ' + norm(parts.join(' ')) + ' ').includes(w);
}
