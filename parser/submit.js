// The submit button of a form, for "submit the form" (submit.go): of the
// page's forms, the one FORM names (its aria-label or aria-labelledby, else its first
// heading or legend, holding FORM's words), or with FORM "" the one form
// that has a shown submit button. Its first shown submit button (a
// <button> of no type or of type submit, an <input> of type submit or
// image, inside the form or tied to it by form=) is answered as JSON
// {name, path}: its accessible name and its path in the page (deepPath,
// as elementpath.js gives it). Otherwise {error}, saying why, naming the
// forms there are.
() => {
  const want = FORM;
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const titleOf = (f) => norm(ariaLabel(f)) || norm((f.querySelector('h1, h2, h3, h4, h5, h6, legend') || {}).textContent) || '';
  const submits = (f) => Array.from(f.elements).filter((e) => (e.localName === 'button' && e.type === 'submit' || e.matches('input[type=submit i], input[type=image i]')) && vis(e));
  const all = Array.from(document.forms).filter((f) => vis(f) || submits(f).length > 0);
  const said = (f) => all.length > 1 ? titleOf(f) ? 'form "' + titleOf(f) + '"' : 'a form with no name' : 'the form';
  let forms = all;
  if (want) {
    const w = norm(want).toLowerCase();
    const exact = all.filter((f) => titleOf(f).toLowerCase() === w);
    forms = exact.length ? exact : all.filter((f) => (' ' + titleOf(f).toLowerCase() + ' ').includes(' ' + w + ' '));
    if (!forms.length) return JSON.stringify({ error: 'no form named "' + norm(want) + '" on the page' + (all.length ? '; its forms: ' + all.map(said).join(', ') : '') });
  } else {
    if (!all.length) return JSON.stringify({ error: 'no form on the page: click the button that sends it' });
    forms = all.length > 1 ? all.filter((f) => submits(f).length > 0) : all;
  }
  if (forms.length > 1) return JSON.stringify({ error: 'the page has ' + forms.length + ' forms: ' + forms.map(said).join(', ') + '; say which, e.g. "submit the ' + (titleOf(forms[0]) || 'Sign up') + ' form"' });
  const f = forms[0];
  const b = f && submits(f)[0];
  if (!b) return JSON.stringify({ error: (f ? said(f) : 'the form') + ' has no submit button: press Enter in one of its fields, or click the button that sends it' });
  return JSON.stringify({ name: norm(name(b) || b.value), path: deepPath(b) });
}
