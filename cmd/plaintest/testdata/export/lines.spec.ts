// lines: a Playwright Test spec exported from the Sandy scenario "lines" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";

test("lines", async ({ page }) => {
  // open http://127.0.0.1:8080/products
  await test.step("open http://127.0.0.1:8080/products", async () => {
    await page.goto(`${BASE_URL}/products`);
  });

  // add the Blue Mug to the cart
  await test.step("add the Blue Mug to the cart", async () => {
    await page
      .getByTestId("product-blue-mug")
      .getByRole("button", { name: "Add to cart" })
      .click();
    await page
      .getByTestId("product-blue-mug")
      .getByRole("button", { name: "Add to cart" })
      .click();
  });

  // add Green Tea to the cart
  await test.step("add Green Tea to the cart", async () => {
    await page
      .getByTestId("product-green-tea")
      .getByRole("button", { name: "Add to cart" })
      .click();
  });

  // open the cart
  await test.step("open the cart", async () => {
    await page.goto(`${BASE_URL}/cart`);
  });

  // verify the Blue Mug row shows $24.00
  await test.step("verify the Blue Mug row shows $24.00", async () => {
    await expect(page.getByTestId("line-blue-mug")).toContainText("$24.00", {
      ignoreCase: true,
      useInnerText: true,
    });
  });

  // verify the Green Tea row no longer shows $24.00
  await test.step("verify the Green Tea row no longer shows $24.00", async () => {
    await expect(page.getByTestId("line-green-tea")).not.toContainText(
      "$24.00",
      { ignoreCase: true, useInnerText: true },
    );
  });

  // remove Blue Mug from the cart
  await test.step("remove Blue Mug from the cart", async () => {
    await page
      .getByTestId("line-blue-mug")
      .getByRole("button", { name: "Remove" })
      .click();
  });

  // verify Blue Mug is gone
  await test.step("verify Blue Mug is gone", async () => {
    await expect(page.locator("body")).not.toContainText("Blue Mug", {
      ignoreCase: true,
      useInnerText: true,
    });
  });

  // verify the cart shows Total: $8.50
  await test.step("verify the cart shows Total: $8.50", async () => {
    await expect(
      page.getByText("Total: $").filter({ visible: true }),
    ).toContainText("Total: $8.50", { ignoreCase: true, useInnerText: true });
  });
});
