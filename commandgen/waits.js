// The functions of the calls that wait or read a value (call.go,
// remember.go), each the right-hand side of a declaration, sent on one
// line: the lines of a declaration joined with one space, indentation
// dropped (see internal/pagejs). Pinned by the goldens; Go reads a call
// back from its function (busyWaitRe, enabledWaitRe, rememberRe), so a
// change here changes what old scenarios are read as.
// Go fills in the names in capitals:
//   TIMEOUT_MS  the timeout in milliseconds
//   POLL_MS     the poll interval in milliseconds (defaults.Poll)
//   WHAT        the element's description, a JavaScript string
//   NAME        the name a value is remembered as, a JavaScript string
//   WAITED      (in a string) the timeout for people: "5s"
//   DISABLED    the disabled state check's condition (states.js)
//   NORM;       checks.js's norm declaration
//   busyWait     waits until no part of the page says it is loading
//                (aria-busy="true"); "settled" when nothing said so,
//                "waited" when something did and stopped; throws when
//                something still says so at the timeout
//   enabledWait  waits until el is no longer disabled: "enabled", or
//                throws `button "Pay" is disabled (waited 5s)`
//   remember     reads the value el shows (a select's chosen labels, a
//                field's value, else its text) once it has one, in three
//                forms: as shown, as a JavaScript string's inside, and
//                normalized as the checks compare texts
const busyWait = async () => { let waited = false;
  for (const until = Date.now() + TIMEOUT_MS; ; waited = true, await new Promise(r => setTimeout(r, POLL_MS))) {
  if (!document.querySelector('[aria-busy="true"]')) return waited ? 'waited' : 'settled';
  if (Date.now() > until) throw new Error('the page still says it is loading (aria-busy="true")'); } };
const enabledWait = async (el) => { const what = WHAT;
  for (const until = Date.now() + TIMEOUT_MS; ; await new Promise(r => setTimeout(r, POLL_MS))) {
  if (!DISABLED) return 'enabled';
  if (Date.now() > until) throw new Error(what + ' is disabled (waited WAITED)'); } };
const remember = async (el) => { const name = NAME; NORM;
  const read = () => String(el.tagName === 'SELECT' ? [...el.selectedOptions].map(o => o.label).join(', ') : ['INPUT', 'TEXTAREA'].includes(el.tagName) ? el.value : el.innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  for (const until = Date.now() + TIMEOUT_MS; ; await new Promise(r => setTimeout(r, POLL_MS))) {
  const value = read();
  if (value) return { value, js: JSON.stringify(value).slice(1, -1), norm: JSON.stringify(norm(value)).slice(1, -1) };
  if (Date.now() > until) throw new Error(WHAT + ' is empty: there is no value to remember as ' + name + ' (waited WAITED)'); } };
