// Where the element it is given sits in the page (parser's attrTarget):
// its path as internal/pagejs's deepPath gives it, through shadow roots
// and same-origin frames. Two targets give the same path only for the
// same element.
(el) => { return deepPath(el); }
