// Where the element it is given sits in the page (parser's attrTarget):
// its index in its parent's child nodes, and its parent's, up to the top
// document, through shadow roots ("s") and same-origin frames; a
// cross-origin frame's document ends the path ("x"). Two targets give the
// same path only for the same element.
(el) => {
  const path = [];
  for (let n = el; n; ) {
    if (n.nodeType === 9) {
      const w = n.defaultView, f = w && w.frameElement;
      if (!f && w && w !== w.top) path.push('x');
      n = f;
      continue;
    }
    const up = n.parentNode;
    if (!up) break;
    const shadow = up.nodeType === 11 && up.host;
    path.push((shadow ? 's' : '') + Array.prototype.indexOf.call(up.childNodes, n));
    n = shadow ? up.host : up;
  }
  return path.join('/');
}
