// offer: a Playwright Test spec exported from the Sandy scenario "offer" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";

test("offer", async ({ page }) => {
  // open http://127.0.0.1:8080/products
  await test.step("open http://127.0.0.1:8080/products", async () => {
    await page.goto(`${BASE_URL}/products`);
  });

  // click Claim discount
  await test.step("click Claim discount", async () => {
    await expect(page.getByText("Claim discount").first()).toBeVisible();
    await page.getByRole("button", { name: "Claim discount" }).click();
  });

  // verify Discount claimed
  await test.step("verify Discount claimed", async () => {
    await expect(page.getByRole("status").first()).toContainText(
      "Discount claimed",
      { ignoreCase: true, useInnerText: true },
    );
  });
});
