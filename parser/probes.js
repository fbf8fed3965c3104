// The questions compile asks an element while it works a widget
// (widgets.go's probe), each a function of the element, one declaration a
// line, sent as the right-hand side written here:
//   editable     whether it takes typed text (a combo box one types into)
//   valueNow     the number a slider or spin button holds, as a string
//   isTextField  whether a spin button is an <input> one fills, not a
//                slider one moves with keys
const editable = (el) => el.matches('input, textarea, [contenteditable=""], [contenteditable=true]');
const valueNow = (el) => String(el.getAttribute('aria-valuenow') ?? el.value ?? '');
const isTextField = (el) => el.tagName === 'INPUT' && el.type !== 'range';
