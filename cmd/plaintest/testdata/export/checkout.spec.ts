// checkout: a Playwright Test spec exported from the Sandy scenario "checkout" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";

test("checkout", async ({ page }) => {
  // open http://127.0.0.1:8080/products
  await test.step("open http://127.0.0.1:8080/products", async () => {
    await page.goto(`${BASE_URL}/products`);
  });

  // click Add to cart for Green Tea
  await test.step("click Add to cart for Green Tea", async () => {
    await page
      .getByTestId("product-green-tea")
      .getByRole("button", { name: "Add to cart" })
      .click();
  });

  // open the cart
  await test.step("open the cart", async () => {
    await page.goto(`${BASE_URL}/cart`);
  });

  // click Proceed to checkout
  await test.step("click Proceed to checkout", async () => {
    await page.getByRole("link", { name: "Proceed to checkout" }).click();
  });

  // type Ada Lovelace into Full name
  await test.step("type Ada Lovelace into Full name", async () => {
    await page.getByRole("textbox", { name: "Full name" }).fill("Ada Lovelace");
  });

  // fill Email with ada@example.com
  await test.step("fill Email with ada@example.com", async () => {
    await page.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
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
    await page.getByRole("radio", { name: "Express ($9.00)" }).click();
  });

  // type ring twice into Delivery notes
  await test.step("type ring twice into Delivery notes", async () => {
    await page
      .getByRole("textbox", { name: "Delivery notes" })
      .fill("ring twice");
  });

  // check I agree to the terms
  await test.step("check I agree to the terms", async () => {
    await page.getByRole("checkbox", { name: "I agree to the terms" }).check();
  });

  // click Place order
  await test.step("click Place order", async () => {
    await page.getByRole("button", { name: "Place order" }).click();
  });

  // verify Thank you for your order
  await test.step("verify Thank you for your order", async () => {
    await expect(
      page.getByRole("heading", {
        name: "Thank you for your order!",
        exact: true,
      }),
    ).toContainText("Thank you for your order", {
      ignoreCase: true,
      useInnerText: true,
    });
  });
});
