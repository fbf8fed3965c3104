// Account settings built from Shoelace web components (cdn/ build): inputs
// named by their label and placeholder, a select, a checkbox, buttons, a
// confirmation dialog, alerts and a badge, all rendering in open shadow
// roots. The page's wiring is ours; the DOM is Shoelace's.
// window.FW_MUTANT (from /mutant.js) breaks one fact.
const mutant = window.FW_MUTANT || '';
const $ = (id) => document.getElementById(id);
const planNames = { free: 'Free', pro: 'Pro', team: 'Team' };

await Promise.all(['sl-input', 'sl-select', 'sl-checkbox', 'sl-button', 'sl-dialog', 'sl-alert', 'sl-badge']
  .map((tag) => customElements.whenDefined(tag)));

function plan() {
  return planNames[mutant === 'sl-plan-ignored' ? 'free' : $('plan').value] || '';
}

function show(alert, text) {
  for (const a of [$('saved'), $('problem')]) a.open = false;
  alert.textContent = text;
  alert.open = true;
}

$('plan').addEventListener('sl-change', () => {
  $('plan-badge').textContent = plan();
  $('plan-badge').variant = plan() === 'Free' ? 'neutral' : 'primary';
});

$('save').addEventListener('click', () => {
  const name = $('display-name').value.trim();
  if (!name && mutant !== 'sl-name-optional') {
    show($('problem'), 'Enter a display name');
    return;
  }
  const news = $('news').checked && mutant !== 'sl-news-ignored';
  show($('saved'), `Saved: ${name} on the ${plan()} plan, ${news ? 'with' : 'without'} product news`);
});

$('delete').addEventListener('click', () => $('confirm').show());
$('cancel').addEventListener('click', () => {
  if (mutant === 'sl-cancel-deletes') {
    $('confirm').hide();
    show($('saved'), 'Your account was deleted');
    return;
  }
  $('confirm').hide();
});
$('really').addEventListener('click', () => {
  $('confirm').hide();
  show($('saved'), 'Your account was deleted');
});
