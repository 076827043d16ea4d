import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, visit } from "../test-support/render-assistant";

// Issue 51 §1: 'Abbonamento' in 'Il mio account' — what it shows, and 'Disdici abbonamento' in two
// clicks, the page showing the state the server answers with at once.
const pro = {
  plan: "pro",
  plan_name: "Pro",
  price_cents: 2999,
  status: "active",
  current_period_end: "2027-01-07T12:00:00.000Z",
  cancel_at_period_end: false,
  scheduled_plan: null,
  scheduled_plan_name: null,
  card_last4: "4242",
  payment_failed: false,
};
const invoices = [{ id: "in_dev_1", date: "2026-12-07T12:00:00.000Z", total_cents: 2999, vat_cents: 541, status: "paid" }];
const answer = (subscription: object) => ({ subscription, invoices, prices_include_vat: true, vat_rate: 22 });
const posted: string[] = [];

beforeEach(() => {
  serverAnswers({ healthy: true });
  posted.length = 0;
  const base = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/api/billing/subscription")) return Response.json(answer(pro));
      if (url.endsWith("/api/billing/subscription/cancel")) {
        posted.push("cancel");
        return Response.json(answer({ ...pro, cancel_at_period_end: true }));
      }
      if (url.endsWith("/api/billing/subscription/change-preview"))
        return Response.json({
          plan: "business",
          kind: "upgrade",
          amount_due_today_cents: 6998,
          then_monthly_cents: 9999,
          effective_at: null,
        });
      return base(input, init);
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

test("plan, price with VAT, renewal, card and invoices; cancelling takes two clicks and shows the end date", async () => {
  const user = userEvent.setup();
  visit("/account");
  const section = (await screen.findByRole("heading", { level: 2, name: "Abbonamento" })).closest("section")!;
  expect(await within(section).findByText("29,99 € al mese, IVA inclusa")).toBeInTheDocument();
  expect(within(section).getByText("Prossimo rinnovo")).toBeInTheDocument();
  expect(within(section).getByText("7 gennaio 2027")).toBeInTheDocument();
  expect(within(section).getByText("•••• 4242")).toBeInTheDocument();
  const table = within(section).getByRole("table");
  expect(within(table).getByText("5,41 €")).toBeInTheDocument();
  expect(within(table).getByText("Pagata")).toBeInTheDocument();

  await user.click(within(section).getByRole("button", { name: "Disdici abbonamento" }));
  const dialog = await screen.findByRole("dialog", { name: "Disdire l'abbonamento?" });
  expect(within(dialog).getByText("Il piano Pro resta attivo fino al 7 gennaio 2027, poi l'account torna Free.")).toBeInTheDocument();
  await user.click(within(dialog).getByRole("button", { name: "Conferma la disdetta" }));
  expect(await within(section).findByText("Termina il")).toBeInTheDocument();
  expect(within(section).getByRole("button", { name: "Riattiva" })).toBeInTheDocument();
  expect(posted).toEqual(["cancel"]);
});

test("an upgrade says what is paid today before it is confirmed", async () => {
  const user = userEvent.setup();
  visit("/account");
  await user.click(await screen.findByRole("button", { name: "Passa a Business" }));
  const dialog = await screen.findByRole("dialog", { name: "Passare a Business?" });
  expect(within(dialog).getByText("Oggi paghi 69,98 €, poi 99,99 € al mese, IVA inclusa")).toBeInTheDocument();
});

test("an upgrade the bank refuses says why, with 'Aggiorna il metodo di pagamento'; the plan stays Pro", async () => {
  const user = userEvent.setup();
  const declined = "Pagamento rifiutato dalla banca: l'abbonamento resta Pro. Aggiorna il metodo di pagamento e riprova.";
  const base = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/api/billing/subscription/change")) {
        posted.push("change");
        return Response.json({ error: declined, action: "update_payment_method" }, { status: 402 });
      }
      if (String(input).endsWith("/api/billing/subscription/payment-method"))
        return Response.json({ url: "http://localhost/api/dev/billing/card/nuova" });
      return base(input, init);
    }),
  );
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
  visit("/account");
  const section = (await screen.findByRole("heading", { level: 2, name: "Abbonamento" })).closest("section")!;
  await user.click(await within(section).findByRole("button", { name: "Passa a Business" }));
  await user.click(within(await screen.findByRole("dialog", { name: "Passare a Business?" })).getByRole("button", { name: "Conferma" }));
  const notice = await within(section).findByText(declined);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(within(section).getAllByText("Pro")[0]).toBeInTheDocument();
  expect(posted).toEqual(["change"]);
  await user.click(within(notice.closest("[role=alert]") ?? notice).getByRole("button", { name: "Aggiorna il metodo di pagamento" }));
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/api/dev/billing/card/nuova"));
});

test("a paid plan without a subscription here is not called Free", async () => {
  const base = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith("/api/billing/subscription")
        ? Response.json({ subscription: null, invoices: [], prices_include_vat: true, vat_rate: 22 })
        : base(input, init),
    ),
  );
  visit("/account");
  expect(
    await screen.findByText("Il piano Business non ha un abbonamento da gestire qui: per cambiarlo scrivi al supporto."),
  ).toBeInTheDocument();
  expect(screen.queryByText(/il piano Free non ha niente da pagare/)).not.toBeInTheDocument();
});
