// Serializes the document as HTML for dom.ParseHTML (the built-in
// server's snapshot): the light DOM as written, an open shadow root's
// content in place of its host's children (as the page renders them:
// slots replaced by what is assigned to them), and a same-origin frame's
// body inside its iframe element, in a div with data-frame. A field's
// current value and checked or selected state are written as attributes,
// a password's value never. Scripts, styles and templates are left out.
() => {
  const skip = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'LINK', 'META']);
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const attr = (s) => esc(s).replace(/"/g, '&quot;');
  const voids = new Set(['AREA','BASE','BR','COL','EMBED','HR','IMG','INPUT','SOURCE','TRACK','WBR']);
  const kids = (n) => {
    if (n.shadowRoot) return [...n.shadowRoot.childNodes];
    if (n.tagName === 'SLOT') { const a = n.assignedNodes({ flatten: true }); return a.length ? a : [...n.childNodes]; }
    return [...n.childNodes];
  };
  const out = [];
  const walk = (n) => {
    if (n.nodeType === Node.TEXT_NODE) { out.push(esc(n.data)); return; }
    if (n.nodeType !== Node.ELEMENT_NODE || skip.has(n.tagName)) return;
    const tag = n.tagName.toLowerCase();
    let open = '<' + tag;
    for (const a of n.attributes) open += ' ' + a.name + '="' + attr(a.value) + '"';
    if (n.tagName === 'INPUT' && n.value !== n.getAttribute('value') && n.type !== 'password') open += ' value="' + attr(n.value) + '"';
    if ((n.type === 'checkbox' || n.type === 'radio') && n.checked && !n.hasAttribute('checked')) open += ' checked';
    if (n.tagName === 'OPTION' && n.selected && !n.hasAttribute('selected')) open += ' selected';
    out.push(open + '>');
    if (voids.has(n.tagName)) return;
    if (n.tagName === 'IFRAME' || n.tagName === 'FRAME') {
      let body = null;
      try { body = n.contentDocument && n.contentDocument.body; } catch (e) {}
      if (body) { out.push('</' + tag + '><div data-frame="' + attr(n.getAttribute('src') || '') + '">'); kids(body).forEach(walk); out.push('</div>'); return; }
    } else if (n.tagName === 'TEXTAREA') {
      out.push(esc(n.value));
    } else {
      kids(n).forEach(walk);
    }
    out.push('</' + tag + '>');
  };
  out.push('<!DOCTYPE html>');
  walk(document.documentElement);
  return out.join('');
}
