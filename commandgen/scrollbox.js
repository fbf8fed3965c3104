// The functions of the steps that scroll a box of the page (a list, a
// panel, an app shell's main area) rather than the window (scrollbox.go).
// Each is the right-hand side of a declaration, sent on one line. Go fills
// in the names in capitals:
//   BOX         the box's description, a JavaScript string ("the window"
//               for the page itself)
//   WANT        the name (or, with no KIND, the text) of the element a
//               ScrollUntil looks for, a JavaScript string
//   KIND        that element's role, a JavaScript string ('' for a text)
//   MOVE        the statement that scrolls b, the box (boxMoves)
//   TIMEOUT_MS  how long a ScrollUntil scrolls at most, in milliseconds
//   SETTLE_MS   the time a list is given to render its rows after a scroll
//   END_MS      how long the end of a box is watched for more rows
//   WAITED      (in a string) TIMEOUT_MS for people: "30s"
//   HELPERS;    the declarations of the helpers the function calls
//   scrollerOf  the element that scrolls for el: el when it does (overflow
//               auto or scroll, and what it holds taller than it), else
//               the first element in it that does, else the nearest
//               around it; null when none does
//   boxScroll   scrolls the box for el a screen (most of its height) down
//               or up, or to its end or start; throws when nothing scrolls
//   scrollUntil scrolls the box for el (the window with no el) a screen at
//               a time, waiting a frame and SETTLE_MS after each, until an
//               element in it has KIND's role and WANT as its name (with
//               no KIND, shows WANT as words), as a person scrolls a list
//               that renders only the rows in view; from where the box is,
//               then from its start; at its end it waits END_MS for more
//               rows; throws naming the box and the element when the end
//               comes again, or TIMEOUT_MS passes, without it
const scrollerOf = el => { const rolls = e => /^(?:auto|scroll|overlay)$/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1;
  if (rolls(el)) return el;
  for (const k of el.querySelectorAll('*')) if (rolls(k)) return k;
  for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) if (rolls(a)) return a;
  return null; };
const boxScroll = (el) => { const box = BOX; HELPERS; const b = scrollerOf(el);
  if (!b) throw new Error(box + ' does not scroll: what it holds fits in it');
  MOVE; return 'scrolled'; };
const scrollUntil = async (el) => { const box = BOX, want = WANT, kind = KIND; HELPERS;
  const what = (kind || 'text') + ' ' + JSON.stringify(want), w = norm(want), b = el ? scrollerOf(el) : document.scrollingElement, root = el ? b : document.body;
  if (!b) throw new Error(box + ' does not scroll, and ' + what + ' is not in it');
  const seen = () => [...root.querySelectorAll('*')].some(e => (kind ? role(e) === kind && norm(name(e)) === w : says(norm(e.innerText), w)) && vis(e));
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, SETTLE_MS))));
  const until = Date.now() + TIMEOUT_MS;
  for (let wrapped = b.scrollTop <= 0, top = b.scrollTop; ; ) {
  if (seen()) return 'found';
  if (Date.now() > until) throw new Error('scrolled ' + box + ' for WAITED: ' + what + ' is not in it');
  b.scrollBy(0, Math.max(1, Math.round(b.clientHeight * 0.9))); await frame();
  if (b.scrollTop > top) { top = b.scrollTop; continue; }
  let more = false;
  for (const end = Date.now() + END_MS; !more && Date.now() < end; await frame()) more = seen() || b.scrollHeight - b.clientHeight > b.scrollTop + 1;
  if (more) continue;
  if (wrapped) throw new Error('scrolled ' + box + ' from its start to its end: ' + what + ' is not in it');
  wrapped = true; b.scrollTo(0, 0); top = 0; await frame(); } };
