// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Issue 51 §3: every price the product shows says whether VAT is in it ('99,99 € al mese, IVA
// inclusa'), written by one function, @oystar/plans-and-gates's formatMonthlyPrice (PlanPrice on
// the cards). The rendered screens are checked in their own tests; this one reads the sources of
// every app and package, so that a new place writing a price by hand, or a bare amount, fails here
// until it says why it may.

const root = fileURLToPath(new URL("../../../", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ["apps", "packages"].flatMap((top) =>
  readdirSync(join(root, top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        return sources(join(root, top, entry.name, "src"));
      } catch {
        return [];
      }
    }),
);
const read = (path: string) => readFileSync(path, "utf8");
const named = (path: string) => relative(root, path).replaceAll("\\", "/");

/** The files that may show an amount without 'al mese, IVA …' beside it, and why. */
const BARE_AMOUNTS: Record<string, string> = {
  "packages/plans-and-gates/src/price.ts": "the formatter itself",
  "packages/plans-and-gates/src/react/plan-price.tsx": "the card's amount, its 'al mese, IVA inclusa' under it",
  "apps/assistant/src/account/subscription-calls.ts": "the invoices' total and VAT columns, beside each other",
  "apps/api/src/billing/dev-invoice-pdf.ts": "the invoice's taxable amount, VAT and total",
  "apps/api/src/billing/dev-checkout-routes.ts": "the 'Paga 29,99 €' button, under '29,99 € al mese, IVA inclusa'",
};

test("the sources were found", () => {
  expect(files.map(named)).toContain("packages/plans-and-gates/src/price.ts");
  expect(files.map(named)).toContain("apps/marketing/src/pages/landing/pricing-section.tsx");
});

test("only the places listed show a bare amount (formatPrice); every other price goes through formatMonthlyPrice", () => {
  const bare = files.filter((path) => /\bformatPrice\(/.test(read(path))).map(named);
  expect(bare.sort()).toEqual(Object.keys(BARE_AMOUNTS).sort());
});

test("no price is written by hand: no '/mese', no '… € al mese' or '…} al mese' without the formatter, no euro of its own", () => {
  for (const path of files) {
    const text = read(path);
    expect(text, named(path)).not.toMatch(/["'>]\/mese\b/);
    expect(text, named(path)).not.toMatch(/(€|\}|\))["'`]?\s*al mese(?!, IVA)/);
    if (!named(path).endsWith("plans-and-gates/src/price.ts"))
      expect(text, named(path)).not.toMatch(/toFixed\(2\)\.replace\("\.", ","\)\} €/);
  }
});
