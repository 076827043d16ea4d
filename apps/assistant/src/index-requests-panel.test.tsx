import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// spec 000 §5: the admin turns the customers' indexing requests into indexes from the global
// settings panel — the list of requests still waiting, an 'Indicizza' button each, the outcome.
test("the admin indexes a waiting request from the global settings and reads the outcome, in Italian", async () => {
  serverAnswers({ healthy: true, admin: true });
  const request = (
    id: string,
    index_name: string,
    status: "pending" | "failed",
    account: unknown = { email: "business@oystar.test", email_verified: true, plan: "business" },
  ) => ({
    id,
    email: "marta@studiorossi.it",
    account,
    company: "Studio Rossi",
    index_name,
    sites: ["https://studiorossi.example/serre", "https://studiorossi.example/listino.pdf"],
    created_at: "2026-11-20T09:15:00.000Z",
    status,
  });
  settingsServer.indexRequests = [request("a1", "Serre Rossi", "pending"), request("b2", "Archivio", "failed")];
  const report = {
    index: "serre-rossi",
    owner_email: "business@oystar.test",
    documents: [
      { url: "https://studiorossi.example/serre", status: "added", chunks: 3 },
      { url: "https://studiorossi.example/listino.pdf", status: "failed", error: "Risposta 404" },
      // Issue 34: a scanned PDF, read by OCR, one page of it unreadable.
      {
        url: "https://studiorossi.example/contratto-firmato.pdf",
        status: "added",
        chunks: 2,
        ocr: { pages: 3, confidence: 88.6, unreadable_pages: [4] },
      },
    ],
  };
  const addresses = report.documents.map((document) => document.url);
  const build = (states: string[], ocr?: { page: number; pages: number }) => ({
    state: "running",
    documents: addresses.map((url, position) => ({
      url,
      state: states[position],
      ...(ocr && states[position] === "reading" ? { ocr } : {}),
    })),
  });
  // Issue 34 §2: the build runs on the server; the panel follows it until its report.
  settingsServer.indexAnswers = {
    a1: { status: 202, body: build(["reading", "waiting", "waiting"]) },
    b2: { status: 409, body: { error: "Hai raggiunto il numero massimo di indici del tuo piano (3)." } },
  };
  settingsServer.indexFollowUps = {
    a1: [
      build(["done", "failed", "reading"], { page: 2, pages: 3 }),
      { state: "done", documents: addresses.map((url, position) => ({ url, state: position === 1 ? "failed" : "done" })), report },
    ],
  };
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  await user.click(await screen.findByText("Richieste di indicizzazione", { selector: "summary" }));

  const first = await screen.findByRole("listitem", { name: "Serre Rossi" });
  expect(within(first).getByText("In attesa")).toBeVisible();
  // Who the index will be for: the account that sent the request, beside what was typed in.
  expect(within(first).getByText("Account: business@oystar.test · piano Business")).toBeVisible();
  expect(within(first).getByText("Contatto indicato: marta@studiorossi.it · Studio Rossi · Inviata il 20 novembre 2026")).toBeVisible();
  expect(within(first).queryByText("Email non verificata")).toBeNull();
  expect(within(first).getByText("https://studiorossi.example/listino.pdf")).toBeVisible();
  expect(within(screen.getByRole("listitem", { name: "Archivio" })).getByText("Non riuscita")).toBeVisible();

  await user.click(within(first).getByRole("button", { name: "Indicizza" }));
  // While it runs: each address and how far it is, OCR's page of the scan being read.
  expect(await within(first).findByText("Indicizzazione in corso: 0 di 3 documenti letti.")).toBeVisible();
  expect(within(first).getByText("https://studiorossi.example/serre: in lettura")).toBeVisible();
  expect(within(first).getByRole("button", { name: "Indicizzazione…" })).toBeDisabled();
  // Another request cannot be started meanwhile.
  expect(within(screen.getByRole("listitem", { name: "Archivio" })).getByRole("button", { name: "Indicizza" })).toBeDisabled();
  expect(
    await within(first).findByText(
      "https://studiorossi.example/contratto-firmato.pdf: in lettura · OCR: pagina 2 di 3",
      {},
      { timeout: 5000 },
    ),
  ).toBeVisible();
  expect(within(first).getByText("Indicizzazione in corso: 2 di 3 documenti letti.")).toBeVisible();
  expect(within(first).getByText("https://studiorossi.example/listino.pdf: non riuscito")).toBeVisible();
  // Then the report, as before.
  expect(
    await within(first).findByText(
      "Indice «serre-rossi» di business@oystar.test: 2 documenti indicizzati, 1 non riuscito.",
      {},
      { timeout: 5000 },
    ),
  ).toBeVisible();
  expect(within(first).queryByText(/Indicizzazione in corso/)).toBeNull();
  expect(within(first).getByText("https://studiorossi.example/listino.pdf: Risposta 404")).toBeVisible();
  expect(
    within(first).getByText(
      "https://studiorossi.example/contratto-firmato.pdf: letto con l'OCR (3 pagine, affidabilità media 89 %); pagina illeggibile: 4",
    ),
  ).toBeVisible();
  expect(within(first).getByText("Indicizzata")).toBeVisible();
  expect(within(first).getByRole("button", { name: "Indicizza" })).toBeDisabled();

  const second = screen.getByRole("listitem", { name: "Archivio" });
  await user.click(within(second).getByRole("button", { name: "Indicizza" }));
  expect(await within(second).findByRole("alert")).toHaveTextContent(
    "Indicizzazione non riuscita: Hai raggiunto il numero massimo di indici del tuo piano (3).",
  );
  expect(within(second).getByRole("button", { name: "Indicizza" })).toBeEnabled();
});

test("the admin sees which account sent each request, and reads the list a page at a time (issue 22)", async () => {
  serverAnswers({ healthy: true, admin: true });
  const request = (id: string, index_name: string, account: unknown) => ({
    id,
    email: "comune@milano.example",
    account,
    company: "Comune di Milano",
    index_name,
    sites: ["https://milano.example/delibere"],
    created_at: "2026-11-21T09:15:00.000Z",
    status: "pending",
  });
  settingsServer.indexRequests = [
    request("r1", "Delibere", { email: "sconosciuto@esempio.it", email_verified: false, plan: "business" }),
    request("r2", "Bandi", null),
    request("r3", "Regolamenti", { email: "enterprise@oystar.test", email_verified: true, plan: "enterprise" }),
  ];
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  await user.click(await screen.findByText("Richieste di indicizzazione", { selector: "summary" }));

  const first = await screen.findByRole("listitem", { name: "Delibere" });
  expect(within(first).getByText("Account: sconosciuto@esempio.it · piano Business")).toBeVisible();
  expect(within(first).getByText("Email non verificata")).toBeVisible();
  expect(
    within(screen.getByRole("listitem", { name: "Bandi" })).getByText(
      "Account non più esistente: la richiesta non può essere indicizzata.",
    ),
  ).toBeVisible();
  expect(screen.queryByRole("listitem", { name: "Regolamenti" })).toBeNull();

  await user.click(screen.getByRole("button", { name: "Mostra altre richieste" }));
  const third = await screen.findByRole("listitem", { name: "Regolamenti" });
  expect(within(third).getByText("Account: enterprise@oystar.test · piano Enterprise")).toBeVisible();
  expect(screen.getAllByRole("listitem", { name: /^(Delibere|Bandi|Regolamenti)$/ })).toHaveLength(3);
  expect(screen.queryByRole("button", { name: "Mostra altre richieste" })).toBeNull();
});

test("a build that breaks off on the server, or a second one while another runs, is said in Italian (issue 34 §2)", async () => {
  serverAnswers({ healthy: true, admin: true });
  const request = (id: string, index_name: string) => ({
    id,
    email: "marta@studiorossi.it",
    account: { email: "business@oystar.test", email_verified: true, plan: "business" },
    company: "Studio Rossi",
    index_name,
    sites: ["https://studiorossi.example/archivio.pdf"],
    created_at: "2026-11-20T09:15:00.000Z",
    status: "pending",
  });
  settingsServer.indexRequests = [request("c3", "Archivio scansioni"), request("d4", "Secondo archivio")];
  const running = {
    state: "running",
    documents: [{ url: "https://studiorossi.example/archivio.pdf", state: "reading", ocr: { page: 1, pages: 40 } }],
  };
  settingsServer.indexAnswers = {
    c3: { status: 202, body: running },
    // Another admin's build is running on the server.
    d4: { status: 409, body: { error: "Un'indicizzazione è già in corso: attendi che finisca prima di avviarne un'altra." } },
  };
  const brokeOff = "L'indicizzazione si è interrotta per un errore del server: i documenti già indicizzati restano, gli altri no. Riprova.";
  settingsServer.indexFollowUps = {
    c3: [{ state: "failed", documents: [{ url: "https://studiorossi.example/archivio.pdf", state: "reading" }], error: brokeOff }],
  };
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  await user.click(await screen.findByText("Richieste di indicizzazione", { selector: "summary" }));

  const second = await screen.findByRole("listitem", { name: "Secondo archivio" });
  await user.click(within(second).getByRole("button", { name: "Indicizza" }));
  expect(await within(second).findByRole("alert")).toHaveTextContent(
    "Indicizzazione non riuscita: Un'indicizzazione è già in corso: attendi che finisca prima di avviarne un'altra.",
  );

  const first = screen.getByRole("listitem", { name: "Archivio scansioni" });
  await user.click(within(first).getByRole("button", { name: "Indicizza" }));
  expect(await within(first).findByText("https://studiorossi.example/archivio.pdf: in lettura · OCR: pagina 1 di 40")).toBeVisible();
  expect(await within(first).findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(`Indicizzazione non riuscita: ${brokeOff}`);
  expect(within(first).getByRole("button", { name: "Indicizza" })).toBeEnabled();
});
