// A tea shop cart rendered by Vue 3 (global build, in-DOM template): a v-for
// product list, a cart table with v-model quantities, a computed count and
// total, and a coupon. The app is ours; the DOM is Vue's. window.FW_MUTANT
// (from /mutant.js) breaks one fact.
(function () {
  const mutant = window.FW_MUTANT || "";
  Vue.createApp({
    data() {
      return {
        products: [
          { id: 1, name: "Green tea", price: 450 },
          { id: 2, name: "Earl Grey", price: 525 },
          { id: 3, name: "Rooibos", price: 380 },
        ],
        lines: [],
        coupon: "",
        discount: 0,
        message: "",
      };
    },
    computed: {
      count() { return this.lines.reduce((n, l) => n + (mutant === "vue-count-lines" ? 1 : l.qty), 0); },
      total() {
        const sum = this.lines.reduce((n, l) => n + l.price * (mutant === "vue-total-stale" ? 1 : l.qty), 0);
        return Math.round(sum * (100 - this.discount) / 100);
      },
    },
    methods: {
      money(cents) { return "$" + (cents / 100).toFixed(2); },
      add(p) {
        const l = this.lines.find((x) => x.id === p.id);
        if (l) l.qty++;
        else this.lines.push({ ...p, qty: 1 });
      },
      remove(l) {
        if (mutant === "vue-remove-noop") return;
        this.lines = this.lines.filter((x) => x !== l);
      },
      apply() {
        if (this.coupon.toUpperCase() === "TEA10") {
          this.discount = 10;
          this.message = "Coupon TEA10 applied: 10% off";
        } else {
          this.discount = 0;
          this.message = "Coupon " + this.coupon + " is not valid";
        }
      },
    },
  }).mount("#app");
})();
