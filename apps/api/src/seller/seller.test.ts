import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";

// Issue 51 §6: the seller and the data controller, as the pages and invoices name them.
let configured: Awaited<ReturnType<typeof startTestServer>>;
let unconfigured: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  [configured, unconfigured] = await Promise.all([
    startTestServer({
      SELLER_NAME: "Ostriche Digitali S.r.l.",
      SELLER_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
      SELLER_VAT_NUMBER: "IT01234567890",
      PRIVACY_CONTACT_EMAIL: "privacy@oystar.it",
      DPO_CONTACT: "dpo@oystar.it",
      PRICES_INCLUDE_VAT: "false",
      VAT_RATE: "10",
    }),
    startTestServer(),
  ]);
});
afterAll(() => Promise.all([configured.close(), unconfigured.close()]));

test("GET /api/seller names the configured seller and controller, to anyone", async () => {
  expect(await (await fetch(`${configured.url}/api/seller`)).json()).toEqual({
    name: "Ostriche Digitali S.r.l.",
    address: "Via Roma 1, 20121 Milano (MI)",
    vat_number: "IT01234567890",
    privacy_contact_email: "privacy@oystar.it",
    dpo_contact: "dpo@oystar.it",
    missing: [],
    prices_include_vat: false,
    vat_rate: 10,
  });
});

test("in development, unset, it names the variables still to configure", async () => {
  expect(await (await fetch(`${unconfigured.url}/api/seller`)).json()).toMatchObject({
    name: null,
    missing: ["SELLER_NAME", "SELLER_ADDRESS", "SELLER_VAT_NUMBER", "PRIVACY_CONTACT_EMAIL"],
    prices_include_vat: true,
    vat_rate: 22,
  });
});
