// mug: a Playwright Test spec exported from the Sandy scenario "mug" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const PASSWORD = process.env.PASSWORD ?? "";

test("mug", async ({ page }) => {
  expect(PASSWORD, "set PASSWORD in the environment").not.toBe("");

  // open http://127.0.0.1:8080
  await test.step("open http://127.0.0.1:8080", async () => {
    await page.goto(BASE_URL);
  });

  // go to the login page
  await test.step("go to the login page", async () => {
    await page.goto(`${BASE_URL}/login`);
  });

  // type demo into Username
  await test.step("type demo into Username", async () => {
    await page.getByRole("textbox", { name: "Username" }).fill("demo");
  });

  // type {{PASSWORD}} into Password
  await test.step("type {{PASSWORD}} into Password", async () => {
    await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  });

  // click Log in
  await test.step("click Log in", async () => {
    await page.getByRole("button", { name: "Log in" }).click();
  });

  // click Add to cart for Blue Mug
  await test.step("click Add to cart for Blue Mug", async () => {
    await page
      .getByTestId("product-blue-mug")
      .getByRole("button", { name: "Add to cart" })
      .click();
  });

  // verify the cart shows 1 item
  await test.step("verify the cart shows 1 item", async () => {
    await expect(page.getByTestId("cart-link")).toContainText("1 item", {
      ignoreCase: true,
      useInnerText: true,
    });
  });
});
