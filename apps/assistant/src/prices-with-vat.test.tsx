import { AuthProvider } from "@oystar/auth/react";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, expect, test } from "vitest";
import { QuotaCard } from "./chat/quota-card";
import { serverAnswers, sessionOf, settingsServer, visit } from "./test-support/render-assistant";

// Issue 51 §3: the assistant's prices — the debate upsell's plans, the quota card — say how VAT is
// meant, as GET /api/seller says the server is configured (PRICES_INCLUDE_VAT, VAT_RATE).

beforeEach(() => serverAnswers({ healthy: true, plan: "free" }));

test("the debate upsell's prices say the VAT is included", async () => {
  visit("/debate", { email: "free@oystar.test" });
  const base = await screen.findByRole("listitem", { name: "Base" });
  expect(base.querySelector(".oy-plan__price")?.textContent).toBe("9,99 € al mese, IVA inclusa");
});

test("with PRICES_INCLUDE_VAT=false the debate upsell says VAT is excluded, and its rate", async () => {
  settingsServer.pricesIncludeVat = false;
  visit("/debate", { email: "free@oystar.test" });
  const pro = await screen.findByRole("listitem", { name: "Pro" });
  await expect.poll(() => pro.querySelector(".oy-plan__price")?.textContent).toBe("29,99 € al mese, IVA esclusa (22%)");
});

test("the quota card's prices say how VAT is meant; Enterprise is on request", async () => {
  settingsServer.pricesIncludeVat = false;
  render(
    <AuthProvider session={sessionOf("free@oystar.test")}>
      <QuotaCard />
    </AuthProvider>,
  );
  const list = screen.getByRole("list");
  await expect
    .poll(() =>
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    )
    .toEqual([
      "Base: 9,99 € al mese, IVA esclusa (22%)",
      "Pro: 29,99 € al mese, IVA esclusa (22%)",
      "Business: 99,99 € al mese, IVA esclusa (22%)",
      "Enterprise: Su richiesta",
    ]);
});
