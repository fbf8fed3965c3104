package demoshop

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// The account page of the signed-in demo user: its orders and invoices.

// readOrders gives the demo account's orders: one from before (order 1001,
// invoice 42), then one per checkout, kept in a cookie as "number:items".
func readOrders(r *http.Request) []order {
	orders := []order{{Number: "1001", Invoice: "42", Items: "Green Tea", Total: 850}}
	if ck, err := r.Cookie("orders"); err == nil {
		v, _ := url.QueryUnescape(ck.Value)
		for i, part := range strings.Split(v, ",") {
			if n, items, ok := strings.Cut(part, ":"); ok {
				orders = append(orders, order{Number: n, Invoice: strconv.Itoa(43 + i), Items: items})
			}
		}
	}
	return orders
}

func (s *shop) ordersPage(w http.ResponseWriter, r *http.Request) {
	p := s.base(r, "Your account")
	if p.User == "" {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	s.render(w, "orders.html", p, http.StatusOK)
}
