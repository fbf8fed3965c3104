// The states a state check asks of its element el (checks.go), one
// declaration a line: the name is the state ("sorted ascending" is
// sorted_ascending), the value the condition, sent as written here inside
// the check's function, so these lines are pinned by the goldens.
const checked = (el.matches('input[type=checkbox],input[type=radio]') ? el.checked : el.getAttribute('aria-checked') === 'true');
const mixed = (el.indeterminate === true || el.getAttribute('aria-checked') === 'mixed');
const disabled = (el.disabled === true || el.getAttribute('aria-disabled') === 'true' || !!el.closest('[aria-disabled=true], fieldset:disabled'));
const expanded = (el.getAttribute('aria-expanded') === 'true' || (el.tagName === 'SUMMARY' && el.parentElement.open === true) || el.open === true);
const selected = (el.selected === true || el.getAttribute('aria-selected') === 'true' || (el.matches('input') && el.checked));
const pressed = (el.getAttribute('aria-pressed') === 'true');
const current = ((c => c !== null && c !== 'false')(el.getAttribute('aria-current')) || el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-pressed') === 'true' || [el, el.parentElement && el.parentElement.tagName === 'LI' ? el.parentElement : null].some(e => e !== null && ['active', 'selected', 'current'].some(k => e.classList.contains(k))));
const focused = (document.activeElement === el || el.contains(document.activeElement));
const required = (el.required === true || el.getAttribute('aria-required') === 'true');
const readonly = (el.readOnly === true || el.getAttribute('aria-readonly') === 'true');
const invalid = (el.getAttribute('aria-invalid') === 'true' || (el.validity !== undefined && el.validity.valid === false));
const sorted = ((el.getAttribute('aria-sort') || 'none') !== 'none');
const sorted_ascending = (el.getAttribute('aria-sort') === 'ascending');
const sorted_descending = (el.getAttribute('aria-sort') === 'descending');
