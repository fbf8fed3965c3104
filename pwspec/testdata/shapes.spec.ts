// a "quoted" name with 'both': a Playwright Test spec exported from the Sandy scenario "a \"quoted\" name with 'both'"
// Run it with npx playwright test; variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL =
  process.env.BASE_URL ??
  "http://127.0.0.1:8080/some/very/long/base/path/that/goes/on/and/on/and/on";
const TOKEN = process.env.TOKEN ?? "";

test.use({
  launchOptions: {
    executablePath: process.env.PLAINTEST_CHROMIUM ?? "/usr/bin/chromium",
  },
});

test("a \"quoted\" name with 'both'", async ({ page }) => {
  expect(TOKEN, "set TOKEN in the environment").not.toBe("");

  // open
  await test.step("open", async () => {
    await page.goto(
      `${BASE_URL}/a/very/long/path/that/will/not/fit/on/a/line/of/eighty/columns/at/all`,
    );
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, {
      timeout: 30000,
    });
  });

  // click
  await test.step("click", async () => {
    await page
      .getByTestId("product-a-very-long-product-identifier-for-wrapping")
      .getByRole("button", {
        name: "Add this wonderful thing to the cart right now",
      })
      .click();
  });

  // type
  await test.step("type", async () => {
    await page
      .getByLabel("Search the whole catalogue for anything")
      .pressSequentially(`x${TOKEN}y`);
  });

  // select
  await test.step("select", async () => {
    await page
      .getByLabel("Country")
      .filter({ visible: true })
      .selectOption(["Japan", "United Kingdom of Great Britain"]);
  });

  // wait
  await test.step("wait", async () => {
    await expect(
      page
        .getByText("Claim this extraordinarily long discount text that goes on")
        .first(),
    ).toBeVisible();
  });

  // press
  await test.step("press", async () => {
    await page.getByRole("textbox", { name: "Email" }).press("Enter");
  });

  // value
  await test.step("value", async () => {
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(
      /^ada@example\.com[.!?;:,]*$/i,
    );
  });

  // count
  await test.step("count", async () => {
    await expect(
      page
        .getByRole("list", {
          name: "Todos and other very long things to do today",
        })
        .getByRole("listitem"),
    ).toHaveCount(3);
  });

  // state
  await test.step("state", async () => {
    await expect(
      page.getByRole("checkbox", {
        name: "I agree to the terms and conditions of the shop",
      }),
    ).not.toBeChecked();
  });

  // url
  await test.step("url", async () => {
    await expect(page).toHaveURL(/\/active$/i);
  });

  // scoped
  await test.step("scoped", async () => {
    await expect(
      page.getByTestId("line-blue-mug").filter({ hasText: "Blue" }),
    ).toContainText("$24.00 and a long text to wrap the line", {
      ignoreCase: true,
      useInnerText: true,
    });
  });

  // gone
  await test.step("gone", async () => {
    await expect(
      page.getByRole("button", { name: "Save" }).filter({ visible: true }),
    ).toHaveCount(0);
  });

  // rows
  await test.step("rows", async () => {
    await expect(
      page
        .getByRole("table", { name: "T" })
        .getByRole("row")
        .filter({ has: page.getByRole("cell") }),
    ).toHaveCount(2);
  });
});
