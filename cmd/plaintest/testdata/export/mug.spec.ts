// mug: a Playwright Test spec exported from the Sandy scenario "mug" by plaintest 0.1.0-dev
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test, type Locator } from "@playwright/test";

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
// What a read that a navigation cut short gives: nothing, so that the
// poll asks again; any other error is the check's own.
const navigated = (e: Error) => {
  if (/Execution context was destroyed|Cannot find context/.test(e.message))
    return undefined;
  throw e;
};
// Reads what f returns for all the elements l finds, for expect.poll.
const readAll = (l: Locator, f: (els: any[]) => unknown) => () =>
  l.evaluateAll(f).catch(navigated);
// How many of the elements a person sees, as plaintest's checks read it
// (vis; Playwright's toBeVisible takes an element of opacity 0, visually
// hidden text or one off the page for visible).
const countShown = (els: any[]) => {
  const vis = (e: any) => {
    const opts = { visibilityProperty: true, opacityProperty: true };
    if (
      !(e.checkVisibility
        ? e.checkVisibility(opts)
        : e.getClientRects().length > 0)
    )
      return false;
    const o = e.getBoundingClientRect();
    if (o.width <= 0 || o.height <= 0) return false;
    const zero = /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/;
    const cut = ["hidden", "clip"];
    const scroll = ["auto", "scroll"];
    const clips: [any, boolean, boolean][] = [];
    const rolls: [number, number, number, number, boolean, boolean][] = [];
    const holds = (s: any) =>
      [
        s.transform,
        s.translate,
        s.rotate,
        s.scale,
        s.perspective,
        s.filter,
        s.backdropFilter,
      ].some((v) => v && v !== "none") ||
      /paint|layout|strict|content/.test(s.contain) ||
      /transform|perspective|filter/.test(s.willChange) ||
      (s.containerType || "normal") !== "normal";
    let free = false;
    let inX = false;
    let inY = false;
    for (
      let a = e;
      a;
      a = a.assignedSlot || a.parentElement || a.getRootNode().host
    ) {
      const s = getComputedStyle(a);
      if (
        (["absolute", "fixed"].includes(s.position) && zero.test(s.clip)) ||
        s.clipPath === "inset(50%)"
      )
        return false;
      if (a !== e && free && holds(s)) free = false;
      if (
        a !== e &&
        !free &&
        a !== document.body &&
        a !== document.documentElement
      ) {
        if (cut.includes(s.overflowX) || cut.includes(s.overflowY))
          clips.push([
            a.getBoundingClientRect(),
            cut.includes(s.overflowX),
            cut.includes(s.overflowY),
          ]);
        const sx = scroll.includes(s.overflowX);
        const sy = scroll.includes(s.overflowY);
        if (sx || sy) {
          const b = a.getBoundingClientRect();
          const flex = /flex/.test(s.display);
          const rx =
            (s.direction === "rtl") !==
            (flex && s.flexDirection === "row-reverse");
          const ry = flex && s.flexDirection === "column-reverse";
          const l =
            b.left +
            a.clientLeft -
            a.scrollLeft +
            (rx ? a.clientWidth - a.scrollWidth : 0);
          const t =
            b.top +
            a.clientTop -
            a.scrollTop +
            (ry ? a.clientHeight - a.scrollHeight : 0);
          rolls.push([l, t, l + a.scrollWidth, t + a.scrollHeight, sx, sy]);
        }
        inX ||= sx;
        inY ||= sy;
      }
      if (s.position === "fixed") free = true;
    }
    const fixed = free;
    const d = document.scrollingElement || document.documentElement;
    const [x, y] = fixed ? [0, 0] : [scrollX, scrollY];
    const [w, h] = fixed
      ? [innerWidth, innerHeight]
      : [d.scrollWidth, d.scrollHeight];
    const sees = (r: any) =>
      clips.every(
        ([c, cx, cy]) =>
          (!cx || Math.min(r.right, c.right) - Math.max(r.left, c.left) > 1) &&
          (!cy || Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) > 1),
      ) &&
      rolls.every(
        ([l, t, rr, rb, sx, sy]) =>
          (!sx || (r.right > l && r.left < rr)) &&
          (!sy || (r.bottom > t && r.top < rb)),
      ) &&
      (inX || (r.right + x > 0 && r.left + x < w)) &&
      (inY || (r.bottom + y > 0 && r.top + y < h));
    const up = (n: any) =>
      n.assignedSlot || n.parentElement || n.getRootNode().host || null;
    const has = (a: any, n: any) => {
      for (; n; n = up(n)) if (n === a) return true;
      return false;
    };
    const under = (b: any) => {
      const pts = [
        [0.5, 0.5],
        [0.2, 0.2],
        [0.8, 0.2],
        [0.2, 0.8],
        [0.8, 0.8],
      ]
        .map(([fx, fy]) => [
          b.left + fx * (b.right - b.left),
          b.top + fy * (b.bottom - b.top),
        ])
        .filter(
          ([px, py]) =>
            px >= 0 &&
            py >= 0 &&
            px < innerWidth &&
            py < innerHeight &&
            clips.every(
              ([c, cx, cy]) =>
                (!cx || (px >= c.left && px <= c.right)) &&
                (!cy || (py >= c.top && py <= c.bottom)),
            ),
        );
      return (
        pts.length > 0 &&
        pts.every(([px, py]) => {
          let t = document.elementFromPoint(px, py) as any;
          while (t && t.shadowRoot) {
            const i = t.shadowRoot.elementFromPoint(px, py);
            if (!i || i === t) break;
            t = i;
          }
          if (!t) return false;
          const tb = t.getBoundingClientRect();
          if (
            px < tb.left ||
            px > tb.right ||
            py < tb.top ||
            py > tb.bottom ||
            has(e, t) ||
            has(t, e) ||
            [...(e.labels || [])].some((l: any) => has(l, t))
          )
            return false;
          let solid = false;
          for (let a = t; a && !has(a, e); a = up(a)) {
            const s = getComputedStyle(a);
            const c = s.backgroundColor.match(/[\d.]+/g) || [];
            if (parseFloat(s.opacity) < 1) return false;
            solid ||=
              s.backgroundImage !== "none" ||
              ["IMG", "VIDEO", "CANVAS"].includes(a.tagName) ||
              c.length === 3 ||
              (c.length === 4 && +c[3] === 1);
          }
          return solid;
        })
      );
    };
    if (sees(o)) return !under(o);
    const r = { left: o.left, top: o.top, right: o.right, bottom: o.bottom };
    for (const k of [...e.querySelectorAll("*")].slice(0, 100)) {
      const b = k.getBoundingClientRect();
      if (b.width > 0 && b.height > 0) {
        r.left = Math.min(r.left, b.left);
        r.top = Math.min(r.top, b.top);
        r.right = Math.max(r.right, b.right);
        r.bottom = Math.max(r.bottom, b.bottom);
      }
    }
    return sees(r) && !under(r);
  };
  return els.filter(vis).length;
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
    await expect
      .poll(
        readAll(
          page.getByTestId("cart-link").getByText(says("1 item")),
          countShown,
        ),
      )
      .toBeGreaterThan(0);
  });
});
