// The page as a person sees it through open shadow roots (web components,
// Lit, design systems), one declaration a line, shared by every piece of
// JavaScript plaintest gives the page: a check's function (step) takes the
// ones it names, and a function file (Function) has the ones it names put
// at the start of its body. Closed shadow roots stay closed, as they do to
// Playwright.
//   deepAll   the elements under root (an element, a document or a
//             shadow root) matching sel, through open shadow roots: a
//             host's shadow content before its light children
//   deepText  the text root renders, as innerText reads it, with the text
//             of open shadow roots in its place and slotted content once,
//             where its slot shows it; a root with no shadow root or slot
//             in it is its innerText, byte for byte
//   deepKids  the nodes a person sees as n's children: its shadow root's
//             (a host), its assigned nodes (a slot given some, else its
//             fallback content), its own; a child of display: contents
//             (a slot) stands for its own children
//   deepUp    an element's parent, the host for the top of a shadow root
//   deepById  the element with an id in el's own tree (its shadow root or
//             the document), as aria-labelledby finds it
//   deepFocus the element that has the focus, inside shadow roots too
//   deepPath  where an element sits: its index in its parent's child
//             nodes, and its parent's, up to the top document, through
//             shadow roots ("s") and same-origin frames; a cross-origin
//             frame's document ends it ("x"); one path per element
const deepAll = (root, sel) => { const out = []; const walk = r => { if (r.shadowRoot) walk(r.shadowRoot); for (const e of r.querySelectorAll('*')) { if (e.matches(sel)) out.push(e); if (e.shadowRoot) walk(e.shadowRoot); } }; walk(root); return out; };
const deepText = n => { if (n.nodeType === 3) return n.parentElement && getComputedStyle(n.parentElement).visibility === 'hidden' ? '' : n.data;
  if (n.nodeType === 11) return [...n.childNodes].map(deepText).join('');
  if (n.nodeType !== 1 || /^(SCRIPT|STYLE|TEMPLATE)$/.test(n.tagName)) return '';
  if (!n.shadowRoot && n.localName !== 'slot' && !n.querySelector('slot') && ![...n.querySelectorAll('*')].some(e => e.shadowRoot)) return n.innerText ?? n.textContent ?? '';
  const kids = n.shadowRoot ? n.shadowRoot.childNodes : n.localName === 'slot' && n.assignedNodes().length ? n.assignedNodes() : n.childNodes;
  return [...kids].map(k => { if (k.nodeType !== 1) return deepText(k); const d = getComputedStyle(k).display; return d === 'none' ? '' : /^(inline|contents)/.test(d) ? deepText(k) : '\n' + deepText(k) + '\n'; }).join(''); };
const deepKids = n => [...(n.shadowRoot ? n.shadowRoot.childNodes : n.localName === 'slot' && n.assignedNodes().length ? n.assignedNodes() : n.childNodes)].flatMap(k => k.nodeType === 1 && getComputedStyle(k).display === 'contents' ? deepKids(k) : [k]);
const deepUp = e => e.parentElement || (e.parentNode && e.parentNode.host) || null;
const deepById = (el, id) => (el.getRootNode().getElementById ? el.getRootNode() : document).getElementById(id);
const deepFocus = () => { let a = document.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a; };
const deepPath = el => { const p = [];
  for (let n = el; n; ) { if (n.nodeType === 9) { const w = n.defaultView, f = w && w.frameElement; if (!f && w && w !== w.top) p.push('x'); n = f; continue; }
    const up = n.parentNode; if (!up) break; const shadow = up.nodeType === 11 && up.host; p.push((shadow ? 's' : '') + Array.prototype.indexOf.call(up.childNodes, n)); n = shadow ? up.host : up; }
  return p.join('/'); };
