import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { expect, test } from "vitest";
import { PLANS, publicPlan } from "../catalogue";
import { formatMonthlyPrice, type VatSettings } from "../price";
import { PlanGrid } from "./plan-grid";
import { DebateUpsell, RagUpsell } from "./upsells";

// Issue 51 §3: every price the product shows says whether VAT is in it, as configured
// (PRICES_INCLUDE_VAT, VAT_RATE). Each rendering of a plan's price is read as a user reads it.

const AMOUNT = /\d+,\d\d €/;

/** The text around each amount on the screen: the nearest element that says more than the amount. */
function pricesShown(container: HTMLElement): string[] {
  const amounts = [...container.querySelectorAll("*")].filter((element) =>
    [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && AMOUNT.test(node.textContent ?? "")),
  );
  return amounts.map((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());
}

const screens: Array<[string, (vat: VatSettings) => ReactElement]> = [
  ["the plan grid", (vat) => <PlanGrid plans={PLANS.map(publicPlan)} currentPlan={null} onChoose={() => {}} vat={vat} />],
  ["the RAG upsell", (vat) => <RagUpsell currentPlan="pro" vat={vat} />],
  ["the debate upsell", (vat) => <DebateUpsell vat={vat} />],
];

test.each(screens)("%s writes every price with VAT included by default", (_name, screen) => {
  const { container } = render(screen({ pricesIncludeVat: true, rate: 22 }));
  const prices = pricesShown(container);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toMatch(/\d+,\d\d € al mese, IVA inclusa$/);
});

test.each(screens)("%s says VAT is excluded, and its rate, when the prices exclude it", (_name, screen) => {
  const { container } = render(screen({ pricesIncludeVat: false, rate: 10 }));
  for (const price of pricesShown(container)) expect(price).toMatch(/\d+,\d\d € al mese, IVA esclusa \(10%\)$/);
});

test("without a setting, a price is VAT included; on request has no amount to qualify", () => {
  expect(formatMonthlyPrice(99.99)).toBe("99,99 € al mese, IVA inclusa");
  expect(formatMonthlyPrice(9.99, { pricesIncludeVat: false, rate: 22 })).toBe("9,99 € al mese, IVA esclusa (22%)");
  expect(formatMonthlyPrice(null)).toBe("Su richiesta");
});
