// mug: a Playwright Test spec exported from the Sandy scenario "mug" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const PASSWORD = process.env.PASSWORD ?? "";

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
    await page.getByRole("textbox", { name: says("Username") }).fill("demo");
  });

  // type {{PASSWORD}} into Password
  await test.step("type {{PASSWORD}} into Password", async () => {
    await page.getByRole("textbox", { name: says("Password") }).fill(PASSWORD);
  });

  // click Log in
  await test.step("click Log in", async () => {
    await page.getByRole("button", { name: says("Log in") }).click();
  });

  // click Add to cart for Blue Mug
  await test.step("click Add to cart for Blue Mug", async () => {
    await page
      .getByTestId("product-blue-mug")
      .getByRole("button", { name: says("Add to cart") })
      .click();
  });

  // verify the cart shows 1 item
  await test.step("verify the cart shows 1 item", async () => {
    await expect(page.getByTestId("cart-link")).toContainText(says("1 item"), {
      useInnerText: true,
    });
  });
});
