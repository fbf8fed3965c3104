// bad-login: a Playwright Test spec exported from the Sandy scenario "bad-login" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";

test("bad-login", async ({ page }) => {
  // open http://127.0.0.1:8080/login
  await test.step("open http://127.0.0.1:8080/login", async () => {
    await page.goto(`${BASE_URL}/login`);
  });

  // type demo into Username
  await test.step("type demo into Username", async () => {
    await page.getByRole("textbox", { name: "Username" }).fill("demo");
  });

  // type nope into Password
  await test.step("type nope into Password", async () => {
    await page.getByRole("textbox", { name: "Password" }).fill("nope");
  });

  // press Enter
  await test.step("press Enter", async () => {
    await page.keyboard.press("Enter");
  });

  // verify Invalid username or password
  await test.step("verify Invalid username or password", async () => {
    await expect(page.getByRole("alert").first()).toContainText(
      "Invalid username or password",
      { ignoreCase: true, useInnerText: true },
    );
  });
});
