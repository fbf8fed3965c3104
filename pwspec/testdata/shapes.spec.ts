// a "quoted" name with 'both': a Playwright Test spec exported from the Sandy scenario "a \"quoted\" name with 'both'"
// Run it with npx playwright test beside the playwright.config.ts plaintest writes (it sets Chromium); variables and secrets come from the environment.
import { expect, test, type Locator } from "@playwright/test";

const BASE_URL =
  process.env.BASE_URL ??
  "http://127.0.0.1:8080/some/very/long/base/path/that/goes/on/and/on/and/on";
const TOKEN = process.env.TOKEN ?? "";

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
// What itemTexts' lines (an item a line) match when an order check holds:
// with at 0, the items one in a later line than the one before; else the
// item at: 1 the first, 2 the second, -1 the last. Each item read by says.
const order = (at: number, ...items: string[]) => {
  const w = items.map((i) => says(i).source);
  if (at === 0) return new RegExp(w.join(".*\\n(?:.*\\n)*?.*"), "iu");
  if (at < 0) return new RegExp(w[0] + ".*$", "iu");
  return new RegExp(`^(?:.*\\n){${at - 1}}.*` + w[0], "iu");
};
// What a read that a navigation cut short gives: nothing, so that the
// poll asks again; any other error is the check's own.
const navigated = (e: Error) => {
  if (/Execution context was destroyed|Cannot find context/.test(e.message))
    return undefined;
  throw e;
};
// Reads what f returns for the element l finds, for expect.poll: what
// plaintest's check reads and no Playwright matcher does. A read that a
// navigation cuts short (a form's submit still on its way) reads
// nothing, and the poll asks again, as the check does.
const read = (l: Locator, f: (el: any) => unknown) => () =>
  l.evaluate(f).catch(navigated);
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
// Whether the element is current, as plaintest's state checks read it.
const isCurrent = (el: any) =>
  (el.getAttribute("aria-current") ?? "false") !== "false" ||
  el.getAttribute("aria-selected") === "true" ||
  el.getAttribute("aria-pressed") === "true" ||
  [el, el.parentElement?.tagName === "LI" ? el.parentElement : null].some(
    (e: any) =>
      e !== null &&
      ["active", "selected", "current"].some((k) => e.classList.contains(k)),
  );
// Whether the element is required, as plaintest's state checks read it.
const isRequired = (el: any) =>
  el.required === true || el.getAttribute("aria-required") === "true";
// Whether the element is read-only, as plaintest's state checks read it.
const isReadonly = (el: any) =>
  el.readOnly === true || el.getAttribute("aria-readonly") === "true";
// Whether the element is invalid, as plaintest's state checks read it.
const isInvalid = (el: any) =>
  el.getAttribute("aria-invalid") === "true" || el.validity?.valid === false;
// What a person sees as the element's value, as plaintest's value checks
// read it (a slider's value text, number and text; a select's chosen
// labels; a checkbox's state; a field's value; a list box's chosen
// options; else the text it shows), each as the checks compare texts:
// curly quotes straightened, runs of space one space, trimmed, lower case.
const valuesOf = (el: any) => {
  const norm = (s: unknown) =>
    String(s ?? "")
      .replace(/[\u2018\u2019\u00b4\u0060]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  const shown = (e: any) => e.innerText ?? e.textContent ?? "";
  const types: any = {
    range: "slider",
    number: "spinbutton",
    checkbox: "checkbox",
    radio: "radio",
  };
  const r =
    (el.getAttribute("role") || "").split(" ")[0] ||
    (el.tagName === "INPUT" ? types[el.type] : "");
  const ranges = ["slider", "spinbutton", "progressbar", "meter", "scrollbar"];
  const checks = [
    "checkbox",
    "radio",
    "switch",
    "menuitemcheckbox",
    "menuitemradio",
  ];
  const all = (ls: string[]) =>
    ls.length > 1 ? [ls.join(", "), ...ls] : [ls.join(", ")];
  let vs: unknown[] = [shown(el)];
  if (ranges.includes(r)) {
    const svg =
      el.innerText === undefined
        ? [...el.children].map((c) => c.textContent).filter((t) => t.trim())
        : [];
    const now = el.tagName === "INPUT" ? el.value : shown(el);
    vs = [
      el.getAttribute("aria-valuetext"),
      el.getAttribute("aria-valuenow"),
      now,
      ...new Set(svg),
    ].filter((x) => x !== null && x !== undefined);
  } else if (el.tagName === "SELECT") {
    vs = all([...el.selectedOptions].map((o) => o.label));
  } else if (checks.includes(r)) {
    const on = el.matches("input")
      ? el.checked
      : el.getAttribute("aria-checked") === "true";
    vs = on ? ["checked", "on"] : ["unchecked", "off"];
  } else if (/^(INPUT|TEXTAREA)$/.test(el.tagName)) {
    vs = [el.value];
  } else if (r === "listbox") {
    vs = all(
      [...el.querySelectorAll("[aria-selected=true]")].map((o) => o.innerText),
    );
  }
  return vs.map(norm);
};
// The number of a slider or spin button, as plaintest's checks read it.
const valueNowOf = (el: any) => [
  String(el.getAttribute("aria-valuenow") ?? el.value ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase(),
];
// The texts of the items in root, one a line, as plaintest's order checks
// read them: the visible list items, options, rows (not header rows),
// tree items, menu items, tabs and articles, each text as the checks
// compare texts.
const itemTexts = (root: any) => {
  const norm = (s: unknown) =>
    String(s ?? "")
      .replace(/[\u2018\u2019\u00b4\u0060]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  const tags: any = {
    LI: "listitem",
    OPTION: "option",
    TR: "row",
    ARTICLE: "article",
  };
  const roles = [
    "listitem",
    "option",
    "row",
    "treeitem",
    "menuitem",
    "tab",
    "article",
  ];
  const role = (e: any) =>
    (e.getAttribute("role") || "").split(" ")[0] || tags[e.tagName] || "";
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
  const header = (e: any) =>
    e.closest("thead") ||
    (e.querySelector("th, [role=columnheader]") &&
      !e.querySelector("td, [role=cell], [role=gridcell], [role=rowheader]"));
  const items = [...root.querySelectorAll("*")].filter(
    (e) =>
      roles.includes(role(e)) && vis(e) && !(role(e) === "row" && header(e)),
  );
  return items.map((e) => norm(e.innerText)).join("\n");
};

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
        name: says("Add this wonderful thing to the cart right now"),
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

  // check
  await test.step("check", async () => {
    await page.getByRole("checkbox", { name: says("Remember me") }).check();
  });

  // uncheck
  await test.step("uncheck", async () => {
    await page.getByRole("switch", { name: says("Dark mode") }).uncheck();
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
    await page.getByRole("textbox", { name: says("Email") }).press("Enter");
  });

  // value
  await test.step("value", async () => {
    await expect(
      page.getByRole("textbox", { name: says("Email") }),
    ).toHaveValue(/^\s*ada@example\.com[\s.!?;:,]*$/i);
  });

  // count
  await test.step("count", async () => {
    await expect
      .poll(
        readAll(
          page
            .getByRole("list", {
              name: says("Todos and other very long things to do today"),
            })
            .getByRole("listitem"),
          countShown,
        ),
      )
      .toBe(3);
  });

  // state
  await test.step("state", async () => {
    await expect(
      page.getByRole("checkbox", {
        name: says("I agree to the terms and conditions of the shop"),
      }),
    ).not.toBeChecked();
  });

  // url
  await test.step("url", async () => {
    await expect(page).toHaveURL(/\/active$/i);
  });

  // scoped
  await test.step("scoped", async () => {
    await expect
      .poll(
        readAll(
          page
            .getByTestId("line-blue-mug")
            .filter({ hasText: "Blue" })
            .getByText(says("$24.00 and a long text to wrap the line")),
          countShown,
        ),
      )
      .toBeGreaterThan(0);
  });

  // gone
  await test.step("gone", async () => {
    await expect
      .poll(
        readAll(page.getByRole("button", { name: says("Save") }), countShown),
      )
      .toBe(0);
  });

  // rows
  await test.step("rows", async () => {
    await expect
      .poll(
        readAll(
          page
            .getByRole("table", { name: says("T") })
            .getByRole("row")
            .filter({ hasNot: page.getByRole("columnheader") }),
          countShown,
        ),
      )
      .toBe(2);
  });

  // quotes
  await test.step("quotes", async () => {
    await expect
      .poll(readAll(page.getByText(says("Foyle’s  War")), countShown))
      .toBeGreaterThan(0);
  });

  // current
  await test.step("current", async () => {
    await expect
      .poll(read(page.getByRole("link", { name: says("Home") }), isCurrent))
      .toBe(true);
  });

  // required
  await test.step("required", async () => {
    await expect
      .poll(
        read(
          page.getByRole("textbox", {
            name: says("Email address for the receipt of the order"),
          }),
          isRequired,
        ),
      )
      .toBe(true);
  });

  // readonly
  await test.step("readonly", async () => {
    await expect
      .poll(
        read(page.getByRole("textbox", { name: says("Email") }), isReadonly),
      )
      .toBe(false);
  });

  // invalid
  await test.step("invalid", async () => {
    await expect
      .poll(
        read(page.getByRole("spinbutton", { name: says("Hours") }), isInvalid),
      )
      .toBe(true);
  });

  // select value
  await test.step("select value", async () => {
    await expect
      .poll(
        read(page.getByRole("combobox", { name: says("Country") }), valuesOf),
      )
      .toContainEqual(expect.stringMatching(/^united kingdom[\s.!?;:,]*$/));
  });

  // slider now
  await test.step("slider now", async () => {
    await expect
      .poll(read(page.getByRole("slider", { name: says("Red") }), valueNowOf))
      .not.toContainEqual(expect.stringMatching(/^128[\s.!?;:,]*$/));
  });

  // order
  await test.step("order", async () => {
    await expect
      .poll(read(page.getByRole("list", { name: says("Todos") }), itemTexts))
      .toMatch(order(0, "Milk", "Bread (white)"));
  });

  // nth
  await test.step("nth", async () => {
    await expect
      .poll(read(page.locator("body"), itemTexts))
      .toMatch(order(3, "Eggs"));
  });

  // last
  await test.step("last", async () => {
    await expect
      .poll(read(page.getByRole("list", { name: says("Todos") }), itemTexts))
      .toMatch(order(-1, "Eggs"));
  });
});
