package grammar

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

const receiptPage = `- main:
  - heading "Thank you" [level=1] [ref=e1]
  - region "Receipt" [ref=e2]:
    - paragraph [ref=e3]: "Your order: ORD-4821"
    - status "Order number" [ref=e4]: ORD-4821
    - term [ref=e5]: "Total:"
    - definition [ref=e6]: $12.00
  - textbox "Coupon" [ref=e7]: SAVE10
  - status [ref=e8]: Paid
  - button "Save" [ref=e9]
  - paragraph [ref=e10]:
    - text: "Invoice number:"
    - strong [ref=e11]: "2345"
`

func TestRemember(t *testing.T) {
	page, err := dom.ParseARIA(receiptPage)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		action, ref, name string
	}{
		{"remember the order number as ORDER", "e4", "ORDER"},
		{"Then store the text of the order number as ORDER_NO.", "e4", "ORDER_NO"},
		{"save the total as TOTAL", "e6", "TOTAL"},
		{"remember the invoice number as INVOICE", "e11", "INVOICE"},
		{"note down the receipt region as RECEIPT", "e2", "RECEIPT"},
		{"remember the value of Coupon as CODE", "e7", "CODE"},
		{"keep the Coupon field in {{CODE}}", "e7", "CODE"},
	}
	for _, tt := range tests {
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil {
			t.Errorf("%q: %v", tt.action, err)
			continue
		}
		if len(steps) != 1 || steps[0].Kind != step.Remember || steps[0].Ref != tt.ref || steps[0].Value != tt.name {
			t.Errorf("%q: got %+v, want remember %s as %s", tt.action, steps, tt.ref, tt.name)
		}
		if IntentOf(tt.action) == IntentCheck {
			t.Errorf("%q reads as a check", tt.action)
		}
	}
	for _, tt := range []struct{ action, want string }{
		{"remember the order number as order", "capital letters"},
		{"remember the shipping date as SHIPPED", `"shipping date"`},
		{"record the status as STATE", "matches 2 elements"},
	} {
		_, err := NewRules().Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want an error saying %s", tt.action, err, tt.want)
		}
	}
	// "save" with a word that is no name is another sentence's: a click.
	steps, err := NewRules().Translate(context.Background(), translator.Request{Action: "save the draft as pdf", Page: page})
	if err == nil && steps[0].Kind == step.Remember || err != nil && !errors.Is(err, translator.ErrUnparsable) {
		t.Errorf("save the draft as pdf: got %+v, %v", steps, err)
	}
}

// scriptedModel answers every action with a click: what a model must never
// be asked to do for a sentence that remembers a value.
type scriptedModel struct{ asked int }

func (m *scriptedModel) Translate(context.Context, translator.Request) ([]step.Step, error) {
	m.asked++
	return []step.Step{{Kind: step.Click, Ref: "e9"}}, nil
}

// TestRememberRulesOnly: auto never hands a remember sentence to the
// model, even when the rules refuse it; the model translator refuses it.
func TestRememberRulesOnly(t *testing.T) {
	page, err := dom.ParseARIA(receiptPage)
	if err != nil {
		t.Fatal(err)
	}
	m := &scriptedModel{}
	a := translator.NewAuto(NewRules(), m)
	for _, action := range []string{"remember the shipping date as SHIPPED", "remember the order number as order", "record the status as STATE"} {
		if steps, err := a.Translate(context.Background(), translator.Request{Action: action, Page: page}); err == nil {
			t.Errorf("%q: got %+v, want the rules' refusal", action, steps)
		}
	}
	if m.asked != 0 {
		t.Errorf("the model was asked %d times", m.asked)
	}
	if _, err := a.Translate(context.Background(), translator.Request{Action: "save the draft as pdf", Page: page}); err != nil || m.asked != 1 {
		t.Errorf("save the draft as pdf: %v, model asked %d times; want it asked (not a remember sentence)", err, m.asked)
	}
}
