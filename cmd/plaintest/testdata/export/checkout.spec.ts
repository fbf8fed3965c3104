// checkout: a Playwright Test spec exported from the Sandy scenario "checkout" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";

// The text a text check expects, or a role's name, as the regular
// expression of what plaintest's check and replay see (commandgen/checks.js's
// says, dom.NameWords): its words, space, curly quotes and case aside,
// where no word goes on past either end of them ("Paid" is not in
// "Unpaid"), and not right after "not", "no", "never", "non" or "n't"
// ("Saved" is not in "Not saved") unless they start it. Its source holds
// no quote and no ">" (each is an escape): Playwright reads a name's
// expression back from a selector, which a quote or ">>" would cut.
const says = (text: string) => {
  const t = text.trim();
  const words = t
    .split(/\s+/)
    .map((w) =>
      w
        .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
        .replace(/['\u2018\u2019\u00b4`]/g, "[\\x27\\u2018\\u2019\\u00b4\\x60]")
        .replace(/["\u201c\u201d]/g, "[\\x22\\u201c\\u201d]")
        .replace(/>/g, "\\x3e"),
    )
    .join("\\s+");
  const word = /[\p{L}\p{N}_]/u;
  const negated = /^(?:not|no|never|non)\b/i.test(t)
    ? ""
    : "(?<!(?:\\b(?:not|no|never|non)|n[\\x27\\u2019]t)[\\s-]*)";
  const start = word.test(t[0] ?? "") ? "(?<![\\p{L}\\p{N}_])" : "";
  const end = word.test(t[t.length - 1] ?? "") ? "(?![\\p{L}\\p{N}_])" : "";
  return new RegExp(negated + start + words + end, "iu");
};

test("checkout", async ({ page }) => {
  // open http://127.0.0.1:8080/products
  await test.step("open http://127.0.0.1:8080/products", async () => {
    await page.goto(`${BASE_URL}/products`);
  });

  // click Add to cart for Green Tea
  await test.step("click Add to cart for Green Tea", async () => {
    await page
      .getByTestId("product-green-tea")
      .getByRole("button", { name: says("Add to cart") })
      .click();
  });

  // open the cart
  await test.step("open the cart", async () => {
    await page.goto(`${BASE_URL}/cart`);
  });

  // click Proceed to checkout
  await test.step("click Proceed to checkout", async () => {
    await page.getByRole("link", { name: says("Proceed to checkout") }).click();
  });

  // type Ada Lovelace into Full name
  await test.step("type Ada Lovelace into Full name", async () => {
    await page
      .getByRole("textbox", { name: says("Full name") })
      .fill("Ada Lovelace");
  });

  // fill Email with ada@example.com
  await test.step("fill Email with ada@example.com", async () => {
    await page
      .getByRole("textbox", { name: says("Email") })
      .fill("ada@example.com");
  });

  // select Japan from Country
  await test.step("select Japan from Country", async () => {
    await page
      .getByLabel("Country")
      .filter({ visible: true })
      .selectOption("Japan");
  });

  // choose Express from Shipping
  await test.step("choose Express from Shipping", async () => {
    await page.getByRole("radio", { name: says("Express ($9.00)") }).click();
  });

  // type ring twice into Delivery notes
  await test.step("type ring twice into Delivery notes", async () => {
    await page
      .getByRole("textbox", { name: says("Delivery notes") })
      .fill("ring twice");
  });

  // check I agree to the terms
  await test.step("check I agree to the terms", async () => {
    await page
      .getByRole("checkbox", { name: says("I agree to the terms") })
      .check();
  });

  // click Place order
  await test.step("click Place order", async () => {
    await page.getByRole("button", { name: says("Place order") }).click();
  });

  // verify Thank you for your order
  await test.step("verify Thank you for your order", async () => {
    await expect(
      page.getByRole("heading", {
        name: "Thank you for your order!",
        exact: true,
      }),
    ).toContainText(says("Thank you for your order"), { useInnerText: true });
  });
});
