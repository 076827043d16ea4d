import { PLANS, publicPlan } from "@oystar/plans-and-gates";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { forgetSeller } from "../seller/use-seller";
import { identity, renderSite } from "../test-support/render-site";

type Answers = { plan?: string; checkout?: Response; pricesIncludeVat?: boolean };
let answers: Answers = {};
/** The plans the page asked the server to check out, in order. */
let checkedOut: unknown[] = [];

// The API at the browser boundary, answering as the server does.
beforeEach(() => {
  answers = {};
  forgetSeller();
  checkedOut = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/api/plans")) return Response.json({ plans: PLANS.map(publicPlan) });
      if (url.endsWith("/api/seller"))
        return Response.json({ missing: [], prices_include_vat: answers.pricesIncludeVat ?? true, vat_rate: 22 });
      if (url.endsWith("/api/subscription/status")) {
        return Response.json({
          plan: answers.plan ?? "free",
          plan_name: "x",
          queries_used: 0,
          queries_limit: 50,
          debates_used: 0,
          debates_limit: 0,
          rag_enabled: false,
        });
      }
      if (url.endsWith("/api/checkout/session") && init?.method === "POST") {
        checkedOut.push((JSON.parse(String(init.body)) as { plan: unknown }).plan);
        return answers.checkout ?? Response.json({ checkout_url: "http://localhost/api/dev/checkout/cs_dev_1", session_id: "cs_dev_1" });
      }
      return new Response(null, { status: 404 });
    }),
  );
});

const visit = (path: string, client: ReturnType<typeof identity>, goTo = vi.fn()) => renderSite(path, { client, goTo });

const card = async (name: string) => screen.findByRole("listitem", { name });

test("a visitor choosing a plan is sent to sign in, back to /subscription with that plan", async () => {
  const client = identity(null);
  visit("/subscription?plan=pro", client);
  await userEvent.click(within(await card("Base")).getByRole("button", { name: "Scegli Base" }));
  expect(client.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/subscription?plan=base&checkout=1" } });
});

test("back from signing in, the plan chosen before it is the one checked out, once", async () => {
  const { goTo, location } = visit("/subscription?plan=base&checkout=1", identity("free@oystar.test"));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("http://localhost/api/dev/checkout/cs_dev_1"));
  expect(checkedOut).toEqual(["base"]);
  // The request leaves the address: coming back (the checkout's 'Annulla') shows the plan, and buys
  // nothing. The router applies the new address in a render of its own, which may come after the
  // checkout call on a busy machine: wait for it as a user would see it.
  await vi.waitFor(() => expect(location()).toBe("/subscription?plan=base"));
  expect(within(await card("Base")).getByText("Piano selezionato")).toBeInTheDocument();
});

test("back from signing in on the plan already held, the page says so and checks nothing out", async () => {
  answers.plan = "base";
  visit("/subscription?plan=base&checkout=1", identity("base@oystar.test"));
  expect(await screen.findByRole("alert")).toHaveTextContent("Sei già sul piano Base!");
  expect(checkedOut).toEqual([]);
});

test("a plan named in the address without the request to go on is only shown as selected", async () => {
  visit("/subscription?plan=pro", identity("free@oystar.test"));
  expect(within(await card("Pro")).getByText("Piano selezionato")).toBeInTheDocument();
  expect(await within(await card("Free")).findByRole("button", { name: "Piano attuale" })).toBeDisabled();
  expect(checkedOut).toEqual([]);
});

test("a signed-in user goes to the checkout page the server made", async () => {
  const { goTo } = visit("/subscription", identity("free@oystar.test"));
  await userEvent.click(within(await card("Base")).getByRole("button", { name: "Scegli Base" }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("http://localhost/api/dev/checkout/cs_dev_1"));
});

test("the current plan is active; choosing it again is refused in the spec's words", async () => {
  answers.plan = "business";
  visit("/subscription", identity("business@oystar.test"));
  const business = await card("Business");
  expect(await within(business).findByRole("button", { name: "Piano attuale" })).toBeDisabled();
  await userEvent.click(within(await card("Pro")).getByRole("button", { name: "Non disponibile" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Downgrade non disponibile per account admin. Contatta il supporto se necessario.",
  );
});

test("enterprise leads to the contact page", async () => {
  const site = visit("/subscription", identity(null));
  await userEvent.click(within(await card("Enterprise")).getByRole("button", { name: "Contattaci" }));
  await vi.waitFor(() => expect(site.location()).toBe("/enterprise-contact"));
});

test("a checkout failure shows 'ERRORE: ' with the reason and resets the button", async () => {
  answers.checkout = Response.json({ error: "Sei già sul piano Base!" }, { status: 409 });
  visit("/subscription", identity("free@oystar.test"));
  await userEvent.click(within(await card("Base")).getByRole("button", { name: "Scegli Base" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("ERRORE: Sei già sul piano Base!");
  expect(within(await card("Base")).getByRole("button", { name: "Scegli Base" })).toBeEnabled();
});

// Issue 51: a subscriber's higher plan is an upgrade of the running subscription, made in 'Il mio account'.
test("a subscriber choosing another plan is taken to 'Il mio account'", async () => {
  answers.checkout = Response.json(
    { error: "Hai già un abbonamento: cambia piano da Il mio account, dove paghi solo la differenza.", manage_url: "/account" },
    { status: 409 },
  );
  const { goTo } = visit("/subscription", identity("free@oystar.test"));
  await userEvent.click(within(await card("Pro")).getByRole("button", { name: "Scegli Pro" }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/account"));
});

test("a checkout answer without a URL is the spec's error", async () => {
  answers.checkout = Response.json({ session_id: "cs_1" });
  visit("/subscription", identity("free@oystar.test"));
  await userEvent.click(within(await card("Pro")).getByRole("button", { name: "Scegli Pro" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("ERRORE: URL checkout mancante nella risposta del backend");
});

// Issue 51 §3: every card's price says how VAT is meant, as the server is configured.
test("each price says 'al mese, IVA inclusa', or 'IVA esclusa' with the rate when PRICES_INCLUDE_VAT is false", async () => {
  visit("/subscription", identity(null));
  const price = async (name: string) => (await card(name)).querySelector(".oy-plan__price")?.textContent;
  expect(await price("Base")).toBe("9,99 € al mese, IVA inclusa");
  expect(await price("Enterprise")).toBe("Su richiesta");
  cleanup();
  forgetSeller();
  answers.pricesIncludeVat = false;
  visit("/subscription", identity(null));
  await vi.waitFor(async () => expect(await price("Business")).toBe("99,99 € al mese, IVA esclusa (22%)"));
});
