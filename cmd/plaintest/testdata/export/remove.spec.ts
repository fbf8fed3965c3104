// remove: a Playwright Test spec exported from the Sandy scenario "remove" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";

test("remove", async ({ page }) => {
  // open http://127.0.0.1:8080/products
  await test.step("open http://127.0.0.1:8080/products", async () => {
    await page.goto(`${BASE_URL}/products`);
  });

  // click Add to cart for Red Mug
  await test.step("click Add to cart for Red Mug", async () => {
    await page
      .getByTestId("product-red-mug")
      .getByRole("button", { name: "Add to cart" })
      .click();
  });

  // click Add to cart for Notebook
  await test.step("click Add to cart for Notebook", async () => {
    await page
      .getByTestId("product-notebook")
      .getByRole("button", { name: "Add to cart" })
      .click();
  });

  // go to the cart
  await test.step("go to the cart", async () => {
    await page.goto(`${BASE_URL}/cart`);
  });

  // click Remove for Red Mug
  await test.step("click Remove for Red Mug", async () => {
    await page
      .getByTestId("line-red-mug")
      .getByRole("button", { name: "Remove" })
      .click();
  });

  // verify the cart shows 1 item
  await test.step("verify the cart shows 1 item", async () => {
    await expect(page.getByTestId("cart-link")).toContainText("1 item", {
      ignoreCase: true,
      useInnerText: true,
    });
  });

  // I should not see Red Mug
  await test.step("I should not see Red Mug", async () => {
    await expect(page.locator("body")).not.toContainText("Red Mug", {
      ignoreCase: true,
      useInnerText: true,
    });
  });
});
