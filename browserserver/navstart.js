// Runs the function of a browser_evaluate that is not a compiled check, and
// says whether it started a navigation to another document: at once, or
// from a timer of no delay (a reload step's setTimeout(() =>
// location.reload(), 0)). Such a navigation fires the Navigation API's
// navigate event in this document, inside location.reload() itself, before
// the answer leaves the page; the network's report of its request may come
// after the answer (on a loaded machine it did, and the next step's check
// read the page before the reload), so the server waits for the new
// document when started is true, whatever requests it has seen. A
// navigation within the document (history.pushState, a #fragment) is not
// one. The value is JSON, as JSON.stringify(v, null, 2) writes it.
async (run) => {
  let started = false;
  const seen = (e) => {
    if (!e.destination.sameDocument) started = true;
  };
  // A page's own global named navigation (var navigation = …, a common
  // name) replaces window.navigation, and must not make the function fail
  // (every evaluate on such a page did); beforeunload, which the document
  // gets before it is left, says it there.
  const nav = typeof window.navigation?.addEventListener === 'function' ? window.navigation : null;
  const leaving = () => {
    started = true;
  };
  nav?.addEventListener('navigate', seen);
  window.addEventListener('beforeunload', leaving);
  try {
    const v = await run();
    // The function's own timers of no delay run before this one; one that
    // left the document at once answers before it is gone.
    if (!started) await new Promise((r) => setTimeout(r, 0));
    return { value: JSON.stringify(v, null, 2) ?? 'undefined', started };
  } finally {
    nav?.removeEventListener('navigate', seen);
    window.removeEventListener('beforeunload', leaving);
  }
}
