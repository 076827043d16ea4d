import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { renderSite } from "../test-support/render-site";

function serverAnswers(status: number) {
  const fetchMock = vi.fn(async () =>
    status === 201 ? Response.json({ ok: true, id: "f1" }, { status }) : Response.json({ error: "x" }, { status }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const visit = (path: string) => renderSite(path);

test("enterprise form: required fields are checked before sending", async () => {
  const fetchMock = serverAnswers(201);
  visit("/enterprise-contact");
  await userEvent.click(await screen.findByRole("button", { name: "Invia richiesta" }));
  expect(screen.getByText("Il nome è obbligatorio")).toBeInTheDocument();
  expect(screen.getByLabelText("Azienda *")).toHaveAttribute("aria-invalid", "true");
  // Nothing sent (the footer's own GET /api/seller aside, issue 51 §6).
  expect(fetchMock).not.toHaveBeenCalledWith("/api/forms/enterprise", expect.anything());
});

test("enterprise form: sent, confirmed, and ready for another request", async () => {
  const fetchMock = serverAnswers(201);
  visit("/enterprise-contact");
  await userEvent.type(await screen.findByLabelText("Nome *"), "Giulia Bianchi");
  await userEvent.type(screen.getByLabelText("Email *"), "giulia@studio.it");
  await userEvent.type(screen.getByLabelText("Azienda *"), "Studio Legale");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(await screen.findByText("Ti risponderemo entro 24 ore.")).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledWith("/api/forms/enterprise", expect.objectContaining({ method: "POST" }));
  await userEvent.click(screen.getByRole("button", { name: "Invia un'altra richiesta" }));
  expect(screen.getByLabelText("Nome *")).toHaveValue("");
});

test("enterprise form: a failure keeps what was typed and offers the support address", async () => {
  serverAnswers(500);
  visit("/enterprise-contact");
  await userEvent.type(await screen.findByLabelText("Nome *"), "Giulia");
  await userEvent.type(screen.getByLabelText("Email *"), "giulia@studio.it");
  await userEvent.type(screen.getByLabelText("Azienda *"), "Studio");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Si è verificato un errore. Riprova o contattaci direttamente.");
  expect(within(alert).getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
  expect(screen.getByLabelText("Nome *")).toHaveValue("Giulia");
});

test("indexing form: the source rules, then success with the 24-48 h promise", async () => {
  serverAnswers(201);
  visit("/business-index-request");
  await userEvent.type(await screen.findByLabelText("Nome *"), "Marco");
  await userEvent.type(screen.getByLabelText("Email *"), "marco@azienda.it");
  await userEvent.type(screen.getByLabelText("Nome dell'indice *"), "contratti");
  await userEvent.click(screen.getByRole("radio", { name: "Solo siti web" }));
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(screen.getByText("Inserisci almeno un sito web")).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText("Siti web"), "https://azienda.it");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(await screen.findByText("Prepareremo il tuo indice entro 24-48 ore.")).toBeInTheDocument();
});

test("contact form: name and email are required, then it is sent and confirmed", async () => {
  const fetchMock = serverAnswers(201);
  visit("/contact");
  await userEvent.click(await screen.findByRole("button", { name: "Invia richiesta" }));
  expect(screen.getByText("Il nome è obbligatorio")).toBeInTheDocument();
  expect(screen.getByText("L'email è obbligatoria")).toBeInTheDocument();
  // Company and message are optional (spec 000 §5).
  expect(screen.getByLabelText("Azienda")).not.toHaveAttribute("aria-invalid");
  expect(fetchMock).not.toHaveBeenCalledWith("/api/forms/contact", expect.anything());
  await userEvent.type(screen.getByLabelText("Nome *"), "Anna Rossi");
  await userEvent.type(screen.getByLabelText("Email *"), "non-una-email");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(screen.getByText("Inserisci un indirizzo email valido")).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText("Email *"));
  await userEvent.type(screen.getByLabelText("Email *"), "anna@esempio.it");
  await userEvent.type(screen.getByLabelText("Messaggio"), "Come funziona il piano Base?");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(await screen.findByText("Grazie per averci scritto: ti risponderemo al più presto.")).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledWith("/api/forms/contact", expect.objectContaining({ method: "POST" }));
  const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
  const sent = JSON.parse(String(calls.find(([url]) => url === "/api/forms/contact")?.[1].body));
  expect(sent).toEqual({ name: "Anna Rossi", email: "anna@esempio.it", company: "", message: "Come funziona il piano Base?" });
  await userEvent.click(screen.getByRole("button", { name: "Invia un altro messaggio" }));
  expect(screen.getByLabelText("Nome *")).toHaveValue("");
});

test("contact form: a failure shows the spec's error with the support address", async () => {
  serverAnswers(500);
  visit("/contact");
  await userEvent.type(await screen.findByLabelText("Nome *"), "Anna");
  await userEvent.type(screen.getByLabelText("Email *"), "anna@esempio.it");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Si è verificato un errore. Riprova o contattaci direttamente.");
  expect(screen.getByLabelText("Nome *")).toHaveValue("Anna");
});
