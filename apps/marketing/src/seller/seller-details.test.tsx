import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { renderSite } from "../test-support/render-site";
import { forgetSeller } from "./use-seller";

// Issue 51 §6: the privacy page names the configured data controller, the terms the seller, the
// footer both; what is not configured yet (development) says 'Da configurare: …' visibly.
const configured = {
  name: "Ostriche Digitali S.r.l.",
  address: "Via Roma 1, 20121 Milano (MI)",
  vat_number: "IT01234567890",
  privacy_contact_email: "privacy@oystar.it",
  dpo_contact: "dpo@oystar.it",
  missing: [],
};
const unconfigured = {
  name: null,
  address: null,
  vat_number: null,
  privacy_contact_email: null,
  dpo_contact: null,
  missing: ["SELLER_NAME"],
};

function serve(seller: object) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith("/api/seller") ? Response.json(seller) : new Response(null, { status: 404 }),
    ),
  );
}

beforeEach(() => forgetSeller());
afterEach(() => vi.unstubAllGlobals());

test("the privacy page names the configured controller, its contact and DPO; the footer the seller", async () => {
  serve(configured);
  renderSite("/privacy");
  const controller = (await screen.findByRole("heading", { name: "Titolare del trattamento" })).closest("section")!;
  expect(await within(controller).findByText("Titolare del trattamento: Ostriche Digitali S.r.l.")).toBeInTheDocument();
  expect(within(controller).getByText("Indirizzo: Via Roma 1, 20121 Milano (MI)")).toBeInTheDocument();
  expect(within(controller).getByText("Partita IVA: IT01234567890")).toBeInTheDocument();
  expect(within(controller).getByRole("link", { name: "privacy@oystar.it" })).toHaveAttribute("href", "mailto:privacy@oystar.it");
  expect(within(controller).getByText("Responsabile della protezione dei dati (DPO): dpo@oystar.it")).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "I tuoi diritti" })).toBeInTheDocument();
  expect(
    within(screen.getByRole("contentinfo")).getByText(
      "Venduto da Ostriche Digitali S.r.l., Via Roma 1, 20121 Milano (MI), P. IVA IT01234567890",
    ),
  ).toBeInTheDocument();
});

test("unconfigured, the terms say what is still to configure, visibly; they say how to cancel", async () => {
  serve(unconfigured);
  renderSite("/termini");
  const seller = (await screen.findByRole("heading", { name: "Venditore" })).closest("section")!;
  expect(await within(seller).findByText("Venditore: Da configurare: SELLER_NAME")).toBeInTheDocument();
  expect(within(seller).getByText("Partita IVA: Da configurare: SELLER_VAT_NUMBER")).toBeInTheDocument();
  expect(screen.getByText(/^Disdici quando vuoi da Il mio account:/)).toBeInTheDocument();
  expect(screen.queryByText(/Si può passare solo a un piano superiore/)).not.toBeInTheDocument();
});
