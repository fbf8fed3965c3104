// lines: a Playwright Test spec exported from the Sandy scenario "lines" by plaintest 0.1.0-dev
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

test("lines", async ({ page }) => {
  // open http://127.0.0.1:8080/products
  await test.step("open http://127.0.0.1:8080/products", async () => {
    await page.goto(`${BASE_URL}/products`);
  });

  // add the Blue Mug to the cart
  await test.step("add the Blue Mug to the cart", async () => {
    await page
      .getByTestId("product-blue-mug")
      .getByRole("button", { name: says("Add to cart") })
      .click();
    await page
      .getByTestId("product-blue-mug")
      .getByRole("button", { name: says("Add to cart") })
      .click();
  });

  // add Green Tea to the cart
  await test.step("add Green Tea to the cart", async () => {
    await page
      .getByTestId("product-green-tea")
      .getByRole("button", { name: says("Add to cart") })
      .click();
  });

  // open the cart
  await test.step("open the cart", async () => {
    await page.goto(`${BASE_URL}/cart`);
  });

  // verify the Blue Mug row shows $24.00
  await test.step("verify the Blue Mug row shows $24.00", async () => {
    await expect(page.getByTestId("line-blue-mug")).toContainText(
      says("$24.00"),
      { useInnerText: true },
    );
  });

  // verify the Green Tea row no longer shows $24.00
  await test.step("verify the Green Tea row no longer shows $24.00", async () => {
    await expect(page.getByTestId("line-green-tea")).not.toContainText(
      says("$24.00"),
      { useInnerText: true },
    );
  });

  // remove Blue Mug from the cart
  await test.step("remove Blue Mug from the cart", async () => {
    await page
      .getByTestId("line-blue-mug")
      .getByRole("button", { name: says("Remove") })
      .click();
  });

  // verify Blue Mug is gone
  await test.step("verify Blue Mug is gone", async () => {
    await expect(page.locator("body")).not.toContainText(says("Blue Mug"), {
      useInnerText: true,
    });
  });

  // verify the cart shows Total: $8.50
  await test.step("verify the cart shows Total: $8.50", async () => {
    await expect(
      page.getByText("Total: $").filter({ visible: true }),
    ).toContainText(says("Total: $8.50"), { useInnerText: true });
  });
});
