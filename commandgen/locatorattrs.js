// What a locator can use of an element, read in the page (parser's
// attrTarget): its tag; a form control's name attribute; its id; its test
// id, and that of its nearest ancestor with one (through shadow roots), as
// [attribute, value]. The test id attributes are those Playwright's
// locator generator reads, in its order of preference.
(el) => {
  const ids = ['data-testid', 'data-test-id', 'data-test'];
  const testID = (e) => {
    for (const a of ids) {
      const v = e.getAttribute(a);
      if (v) return [a, v];
    }
    return null;
  };
  let scope = null;
  for (let a = deepUp(el); a && !scope; a = deepUp(a)) scope = testID(a);
  const field = ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(el.tagName);
  return {
    tag: el.localName,
    id: el.id || '',
    name: field ? el.getAttribute('name') || '' : '',
    testID: testID(el),
    scope,
  };
}
