// Waits, in a browser_evaluate, for the navigation an action started and
// Playwright stopped waiting for at the action timeout (its call log ends
// "waiting for scheduled navigations to finish"). sent is when the action
// was sent (ms since the epoch) and limit how long is left of the
// navigation timeout (ms). The document the action left began before sent:
// there it waits until the new document replaces it, which ends this call
// with an error (its context destroyed), or until limit ("stayed"). A
// document that began after sent is the new one: it waits for its load
// event, up to limit, and says where it is.
async (sent, limit) => {
  if (performance.timeOrigin < sent) {
    await new Promise((r) => setTimeout(r, limit));
    return { state: 'stayed' };
  }
  if (document.readyState !== 'complete') {
    await new Promise((r) => {
      addEventListener('load', r, { once: true });
      setTimeout(r, limit);
    });
  }
  return { state: 'loaded', url: location.href, title: document.title };
}
