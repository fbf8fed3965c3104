package demoshop

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The cart and the checkout: a cookie of product quantities, and the form
// that turns it into an order.

// cart is product ID -> quantity, kept in a cookie as "id:qty,id:qty".
type cart map[string]int

func readCart(r *http.Request) cart {
	c := cart{}
	ck, err := r.Cookie("cart")
	if err != nil {
		return c
	}
	v, _ := url.QueryUnescape(ck.Value)
	for _, part := range strings.Split(v, ",") {
		id, q, ok := strings.Cut(part, ":")
		n, err := strconv.Atoi(q)
		if ok && err == nil && n > 0 && n < 1000 {
			c[id] = n
		}
	}
	return c
}

func (c cart) write(w http.ResponseWriter) {
	ids := slices.Sorted(maps.Keys(c))
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		parts = append(parts, id+":"+strconv.Itoa(c[id]))
	}
	http.SetCookie(w, &http.Cookie{Name: "cart", Value: url.QueryEscape(strings.Join(parts, ",")), Path: "/", HttpOnly: true})
}

func (c cart) count() int {
	n := 0
	for _, q := range c {
		n += q
	}
	return n
}

func (s *shop) cartAdd(w http.ResponseWriter, r *http.Request) {
	id := r.PostFormValue("product")
	if _, ok := s.byID[id]; !ok {
		http.Error(w, "unknown product", http.StatusBadRequest)
		return
	}
	if s.opts.Mutant == "add-wrong" {
		for i, p := range s.products {
			if p.ID == id {
				id = s.products[(i+1)%len(s.products)].ID
				break
			}
		}
	}
	c := readCart(r)
	if s.opts.Mutant != "add-noop" {
		c[id]++
	}
	c.write(w)
	http.Redirect(w, r, "/products?added="+url.QueryEscape(id), http.StatusSeeOther)
}

func (s *shop) cartRemove(w http.ResponseWriter, r *http.Request) {
	c := readCart(r)
	if s.opts.Mutant != "remove-noop" {
		delete(c, r.PostFormValue("product"))
	}
	c.write(w)
	http.Redirect(w, r, "/cart", http.StatusSeeOther)
}

func (s *shop) lines(c cart) ([]line, int) {
	var ls []line
	total := 0
	for _, p := range s.products {
		if q := c[p.ID]; q > 0 {
			ls = append(ls, line{Product: p, Qty: q, Total: q * p.Price})
			total += q * p.Price
		}
	}
	return ls, total
}

func (s *shop) cartPage(w http.ResponseWriter, r *http.Request) {
	p := s.base(r, "Your cart")
	p.Lines, p.Total = s.lines(readCart(r))
	s.render(w, "cart.html", p, http.StatusOK)
}

func (s *shop) checkoutPage(w http.ResponseWriter, r *http.Request) {
	p := s.base(r, "Checkout")
	p.Lines, p.Total = s.lines(readCart(r))
	p.Form = url.Values{"shipping": {"standard"}}
	s.render(w, "checkout.html", p, http.StatusOK)
}

// Countries offered by the checkout form, in display order.
var Countries = []string{"Germany", "France", "Japan", "United Kingdom", "United States"}

func (s *shop) checkout(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	c := readCart(r)
	p := s.base(r, "Checkout")
	p.Lines, p.Total = s.lines(c)
	p.Form = r.PostForm
	switch {
	case c.count() == 0:
		p.Error = "Your cart is empty"
	case strings.TrimSpace(r.PostFormValue("name")) == "":
		p.Error = "Please enter your full name"
	case !strings.Contains(r.PostFormValue("email"), "@"):
		p.Error = "Please enter a valid email address"
	case r.PostFormValue("terms") != "yes":
		p.Error = "You must accept the terms"
	}
	if p.Error != "" {
		s.render(w, "checkout.html", p, http.StatusUnprocessableEntity)
		return
	}
	// A deterministic order number: the same cart gives the same number.
	sum := 1000
	for id, q := range c {
		for _, b := range []byte(id) {
			sum += int(b) * q
		}
	}
	q := url.Values{
		"order":    {strconv.Itoa(sum)},
		"name":     {r.PostFormValue("name")},
		"shipping": {r.PostFormValue("shipping")},
		"country":  {r.PostFormValue("country")},
	}
	(cart{}).write(w)
	if p.User != "" {
		var names []string
		for _, l := range p.Lines {
			names = append(names, l.Name)
		}
		prev := ""
		if ck, err := r.Cookie("orders"); err == nil {
			prev, _ = url.QueryUnescape(ck.Value)
			prev += ","
		}
		http.SetCookie(w, &http.Cookie{Name: "orders", Value: url.QueryEscape(prev + strconv.Itoa(sum) + ":" + strings.Join(names, " and ")), Path: "/", HttpOnly: true})
	}
	http.Redirect(w, r, "/confirmation?"+q.Encode(), http.StatusSeeOther)
}
