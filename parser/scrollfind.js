// scrollFind looks for WANT (a JavaScript string: the words an action
// named an element by) in the page's scrolling boxes that render only
// what is in view (a virtual list): each box whose overflow scrolls and
// whose content is taller than it, then the window, scrolled a screen at
// a time from where it is, a frame and a moment given after each, until
// an element in it that a person sees shows WANT as its whole text or
// name. It answers the box it found it in, scrolled there, as JSON
// {role, name, window}: its role and accessible name, or those of the
// nearest element around it whose first scrolling element it is (the
// element a replay names); window true for the page's own scroll. A box
// that shows WANT before any scroll is passed over (the words are there:
// something else is missing), and one that does not hold it is put back
// where it was. null when no box holds it. Go fills in LIMIT_MS, how
// long it scrolls in all, SETTLE_MS (defaults.ScrollSettle) and WINDOW,
// false to leave the window as it is.
async () => { const want = WANT;
  const norm = s => String(s ?? '').replace(/\s+/g, ' ').trim().toLowerCase(), w = norm(want);
  const rolls = e => /^(?:auto|scroll|overlay)$/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1;
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, SETTLE_MS))));
  const doc = document.scrollingElement || document.documentElement;
  const boxes = [...document.body.querySelectorAll('*')].filter(e => rolls(e) && vis(e));
  if (WINDOW && doc.scrollHeight > doc.clientHeight + 1) boxes.push(doc);
  const seen = b => [...(b === doc ? document.body : b).querySelectorAll('*')].some(e => (norm(e.innerText) === w || norm(name(e)) === w) && vis(e));
  const first = el => { if (rolls(el)) return el; for (const k of el.querySelectorAll('*')) if (rolls(k)) return k; return null; };
  const until = Date.now() + LIMIT_MS;
  for (const b of boxes) {
    if (seen(b)) continue;
    const from = b.scrollTop;
    for (let top = b.scrollTop; Date.now() < until; ) {
      b.scrollBy(0, Math.max(1, Math.round(b.clientHeight * 0.9))); await frame();
      if (seen(b)) {
        if (b === doc) return JSON.stringify({window: true});
        for (let a = b; a && a !== document.body; a = a.parentElement) { const r = role(a), n = name(a); if (r && r !== 'generic' && n && first(a) === b) return JSON.stringify({role: r, name: n}); }
        return JSON.stringify({role: '', name: ''});
      }
      if (b.scrollTop <= top) break;
      top = b.scrollTop;
    }
    b.scrollTop = from; await frame();
  }
  return 'null'; }
