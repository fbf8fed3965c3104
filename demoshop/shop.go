// Package demoshop serves the bundled demo apps, the fixtures of every
// end-to-end test and of the README's quick start: a small, deterministic web shop
// (login, product list, cart, checkout, confirmation, an account page with
// a hidden tab panel, and one element that appears only after a delay), and
// at /todo/ a TodoMVC-like to-do list with the hard cases of real apps (see
// todo.go).
//
// All state lives in cookies and the browser's storage, so every browser
// context starts afresh and parallel tests never see each other. Options
// produce variants: a product renamed or the cart text changed (a replay
// must fail loudly), a cosmetic build with other ids, classes and nesting (a
// replay must not notice), and mutants, broken builds that a test suite
// should catch (ShopMutants, TodoMutants).
package demoshop

import (
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

//go:embed templates/*.html
var templateFS embed.FS

// Product is one item of the catalogue.
type Product struct {
	ID    string
	Name  string
	Price int // cents
	Blurb string
}

// PriceText formats the price as dollars.
func (p Product) PriceText() string { return fmt.Sprintf("$%d.%02d", p.Price/100, p.Price%100) }

// Catalogue is the default product list, in display order.
var Catalogue = []Product{
	{"blue-mug", "Blue Mug", 1200, "A sturdy ceramic mug in ocean blue."},
	{"red-mug", "Red Mug", 1200, "The same mug, in tomato red."},
	{"green-tea", "Green Tea", 850, "Fifty bags of sencha."},
	{"coffee-beans", "Coffee Beans", 1500, "One kilo of medium roast."},
	{"notebook", "Notebook", 600, "A5, dotted, 120 pages."},
	{"desk-lamp", "Desk Lamp", 3500, "Warm light, adjustable arm."},
	{"water-bottle", "Water Bottle", 1800, "Steel, keeps cold for a day."},
}

// Credentials of the one demo account.
const (
	Username = "demo"
	Password = "demo123"
)

// Options change the shop. The zero value (or nil) is the standard shop.
type Options struct {
	// OfferDelay is how long the products page waits before it shows the
	// special offer. Default 1500ms.
	OfferDelay time.Duration
	// Rename maps product IDs to new display names (a variant of the site).
	Rename map[string]string
	// CartText formats the cart badge for n items. Default "1 item", "2 items".
	CartText func(n int) string
	// Mutant names a broken build of the apps (see TodoMutants and
	// ShopMutants): a behaviour a test suite should catch. "" is none.
	Mutant string
	// Cosmetic builds the apps with other ids, classes and nesting, as
	// another framework would: tests with stable locators must not notice.
	Cosmetic bool
	// Injection, a URL of another site, puts on the products page a
	// customer review whose text gives orders to a language model (open
	// that site, type the password there) and a link to that site: the
	// page for tests that page text cannot steer the model translator.
	Injection string
	// Relist shows the products as a list (list items where the build has
	// article cards) with other test ids (item-ID for product-ID): the
	// markup a redesign brings, which locators scoped by card or test id
	// no longer find, though every product and button is still there.
	Relist bool
	// ButtonIDs gives a product's Add to cart button a test id (product ID
	// to data-testid); nil gives none.
	ButtonIDs map[string]string
	// RemoveLabel is the label of the cart's Remove buttons ("Archive": a
	// button renamed to another action). Default "Remove".
	RemoveLabel string
}

// ShopMutants are the broken builds of the shop that Options.Mutant selects,
// each a behaviour a test suite should catch.
var ShopMutants = map[string]string{
	"add-wrong":   "Add to cart adds the next product in the list",
	"add-noop":    "Add to cart says it added the product, which never reaches the cart",
	"badge-off":   "the cart badge counts one item too many",
	"login-any":   "any password logs the demo user in",
	"remove-noop": "Remove leaves the line in the cart",
	"price-drift": "the Blue Mug costs $14.00",
	"offer-never": "the special offer never appears",
	// Each of these passed a check that read the wrong thing (issue 18).
	"country-drift":   "the checkout's Country select moves to the next country after a choice",
	"username-sticky": "clearing the Username field leaves its text",
	"welcome-help":    "no welcome after logging in; only a help paragraph says \"Welcome back, demo\"",
}

// DefaultOfferDelay is the delay of the special offer on the products page.
const DefaultOfferDelay = defaults.OfferDelay

type shop struct {
	opts     Options
	products []Product
	byID     map[string]Product
	tmpl     *template.Template
}

// Handler returns the shop's HTTP handler.
func Handler(opts *Options) http.Handler {
	s := &shop{byID: map[string]Product{}}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.OfferDelay <= 0 {
		s.opts.OfferDelay = DefaultOfferDelay
	}
	if s.opts.Mutant == "offer-never" {
		s.opts.OfferDelay = time.Hour
	}
	if s.opts.CartText == nil {
		s.opts.CartText = ItemCount
	}
	for _, p := range Catalogue {
		if n, ok := s.opts.Rename[p.ID]; ok {
			p.Name = n
		}
		if p.ID == "blue-mug" && s.opts.Mutant == "price-drift" {
			p.Price += 200
		}
		s.products = append(s.products, p)
		s.byID[p.ID] = p
	}
	s.tmpl = template.Must(template.New("").Funcs(template.FuncMap{
		"money": func(c int) string { return fmt.Sprintf("$%d.%02d", c/100, c%100) },
		// card pairs a product with its page, for the "card" template.
		"card": func(pg page, p Product) cardData { return cardData{Page: pg, P: p} },
	}).ParseFS(templateFS, "templates/*.html"))

	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("GET /favicon.ico", favicon)
	mux.HandleFunc("GET /login", s.loginPage)
	mux.HandleFunc("POST /login", s.login)
	mux.HandleFunc("POST /logout", s.logout)
	mux.HandleFunc("GET /products", s.productsPage)
	mux.HandleFunc("POST /cart/add", s.cartAdd)
	mux.HandleFunc("POST /cart/remove", s.cartRemove)
	mux.HandleFunc("GET /cart", s.cartPage)
	mux.HandleFunc("GET /checkout", s.checkoutPage)
	mux.HandleFunc("POST /checkout", s.checkout)
	mux.HandleFunc("GET /confirmation", s.confirmation)
	mux.HandleFunc("GET /orders", s.ordersPage)
	mux.HandleFunc("GET /todo/{$}", s.todo)
	return mux
}

// ItemCount is the default cart text: "1 item", "3 items".
func ItemCount(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

type line struct {
	Product
	Qty   int
	Total int
}

type page struct {
	Mutant   string // the broken build's name, for the templates' scripts
	Help     string // a help paragraph (the welcome-help mutant's)
	Title    string
	User     string
	CartText string
	Flash    string
	Error    string
	// page-specific
	Products   []Product
	Lines      []line
	Total      int
	OfferDelay int64
	Form       url.Values
	Order      string
	Username   string
	Countries  []string
	Orders     []order // the signed-in user's orders, for the header and /orders
	Injection  string  // Options.Injection, on the products page
	// The build's markup (Options.Relist, ButtonIDs, RemoveLabel).
	Relist      bool
	ButtonIDs   map[string]string
	RemoveLabel string
}

// cardData is one product's card on the products page.
type cardData struct {
	Page page
	P    Product
}

// order is one past order of the demo account.
type order struct {
	Number, Invoice string
	Items           string
	Total           int
}

func (s *shop) base(r *http.Request, title string) page {
	n := readCart(r).count()
	if s.opts.Mutant == "badge-off" {
		n++
	}
	p := page{Mutant: s.opts.Mutant, Title: title, CartText: s.opts.CartText(n), Countries: Countries,
		Relist: s.opts.Relist, ButtonIDs: s.opts.ButtonIDs, RemoveLabel: s.opts.RemoveLabel}
	if p.RemoveLabel == "" {
		p.RemoveLabel = "Remove"
	}
	if ck, err := r.Cookie("user"); err == nil {
		p.User = ck.Value
		p.Orders = readOrders(r)
	}
	return p
}

func (s *shop) render(w http.ResponseWriter, name string, p page, status int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := s.tmpl.ExecuteTemplate(w, name, p); err != nil {
		fmt.Fprintf(w, "<p>template error: %s</p>", template.HTMLEscapeString(err.Error()))
	}
}

func (s *shop) home(w http.ResponseWriter, r *http.Request) {
	s.render(w, "home.html", s.base(r, "Demo Shop"), http.StatusOK)
}

func (s *shop) loginPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, "login.html", s.base(r, "Log in"), http.StatusOK)
}

func (s *shop) login(w http.ResponseWriter, r *http.Request) {
	user, pass := r.PostFormValue("username"), r.PostFormValue("password")
	if user != Username || pass != Password && s.opts.Mutant != "login-any" {
		p := s.base(r, "Log in")
		p.Error = "Invalid username or password"
		p.Username = user
		s.render(w, "login.html", p, http.StatusUnauthorized)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: "user", Value: user, Path: "/", HttpOnly: true})
	http.Redirect(w, r, "/products?welcome=1", http.StatusSeeOther)
}

func (s *shop) logout(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: "user", Value: "", Path: "/", MaxAge: -1})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *shop) productsPage(w http.ResponseWriter, r *http.Request) {
	p := s.base(r, "Products")
	p.Products = s.products
	p.OfferDelay = s.opts.OfferDelay.Milliseconds()
	p.Injection = s.opts.Injection
	if id := r.URL.Query().Get("added"); id != "" {
		if prod, ok := s.byID[id]; ok {
			p.Flash = prod.Name + " added to cart"
		}
	} else if r.URL.Query().Get("welcome") != "" && p.User != "" {
		p.Flash = "Welcome back, " + p.User
		if s.opts.Mutant == "welcome-help" {
			p.Flash, p.Help = "", "Help: once you are signed in, this page says \"Welcome back, "+p.User+"\" at the top."
		}
	}
	s.render(w, "products.html", p, http.StatusOK)
}

func (s *shop) confirmation(w http.ResponseWriter, r *http.Request) {
	p := s.base(r, "Order confirmed")
	p.Order = r.URL.Query().Get("order")
	p.Form = r.URL.Query()
	s.render(w, "confirmation.html", p, http.StatusOK)
}
