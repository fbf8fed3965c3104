// The Lit corpus page's components (shop.html): every one renders into an
// open shadow root, as LitElement does by default. data-mutant on <html>
// names a broken build (corpus_test.go's litMutants), "" for none.
import { LitElement, html, css } from 'lit';

const mutant = document.documentElement.dataset.mutant;

class LitProduct extends LitElement {
  static properties = { name: {}, price: {} };
  static styles = css`article { border: 1px solid #ccc; padding: 8px; margin: 4px; }`;
  render() {
    return html`<article aria-label=${this.name}><h3>${this.name}</h3><p>${this.price}</p>
      <button @click=${() => this.dispatchEvent(new CustomEvent('add', { bubbles: true, composed: true, detail: this.name }))}>Add to cart</button></article>`;
  }
}
customElements.define('lit-product', LitProduct);

class LitShop extends LitElement {
  static properties = { count: { state: true } };
  constructor() {
    super();
    this.count = 0;
    this.addEventListener('add', () => { if (mutant !== 'lit-add-noop') this.count++; });
  }
  render() {
    return html`<lit-product name="Blue Mug" price="$12.00"></lit-product><lit-product name="Red Plate" price="$9.50"></lit-product>
      <p role="status">${this.count === 1 ? '1 item' : this.count + ' items'} in cart</p>`;
  }
}
customElements.define('lit-shop', LitShop);

class LitPanel extends LitElement {
  render() {
    return html`<section><h2><slot name=${mutant === 'lit-slot-misnamed' ? 'heading' : 'title'}>Untitled</slot></h2><slot></slot></section>`;
  }
}
customElements.define('lit-panel', LitPanel);

class LitNewsletter extends LitElement {
  static properties = { thanks: { state: true } };
  render() {
    return html`<label for="email">Email</label> <input id="email" type="email">
      <label><input type="checkbox" @click=${(e) => { if (mutant === 'lit-offers-stuck') e.preventDefault(); }}> Send me offers</label>
      <button @click=${() => { this.thanks = 'Thanks, ' + this.renderRoot.querySelector('#email').value; }}>Subscribe</button>
      <p>${this.thanks ?? ''}</p>`;
  }
}
customElements.define('lit-newsletter', LitNewsletter);

class LitTodoItem extends LitElement {
  static properties = { text: {} };
  render() { return html`<li>${this.text}</li>`; }
}
customElements.define('lit-todo-item', LitTodoItem);

class LitTodo extends LitElement {
  static properties = { items: { state: true } };
  constructor() { super(); this.items = ['Buy milk', 'Walk dog']; }
  add() {
    const input = this.renderRoot.querySelector('input');
    const n = mutant === 'lit-todo-twice' ? 2 : 1;
    this.items = [...this.items, ...Array(n).fill(input.value)];
    input.value = '';
  }
  render() {
    return html`<h2>Todos</h2><input aria-label="New todo"><button @click=${this.add}>Add todo</button>
      <ul aria-label="Todo items">${this.items.map((t) => html`<lit-todo-item text=${t}></lit-todo-item>`)}</ul>
      <p>${this.items.length} left</p>`;
  }
}
customElements.define('lit-todo', LitTodo);
