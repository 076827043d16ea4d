import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { defaultSettings, type Settings } from "@oystar/api-client";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

beforeEach(() => serverAnswers({ healthy: true }));

test.each([
  ["/chat", "OYSTAR AI"],
  ["/debate", "OYSTAR Debate"],
  ["/rag", "OYSTAR RAG"],
])("%s shows its module, highlighted in the header", async (path, title) => {
  visit(path);
  expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  const nav = screen.getByRole("navigation", { name: "Moduli" });
  expect(within(nav).getByRole("link", { name: title })).toHaveAttribute("aria-current", "page");
});

test("the header shows the tagline and the version from /config.json, as the sign-in read it (not read again)", async () => {
  visit("/chat");
  const banner = await screen.findByRole("banner");
  expect(banner).toHaveTextContent("AI built for privacy");
  expect(await within(banner).findByText("v1.2.3")).toBeInTheDocument();
  expect(vi.mocked(fetch).mock.calls.map(([input]) => String(input))).not.toContainEqual(expect.stringContaining("/config.json"));
});

test("the status badge says online when the API answers", async () => {
  visit("/chat");
  expect(await screen.findByText("Online")).toBeInTheDocument();
});

test("the status badge says offline when the API does not answer", async () => {
  serverAnswers({ healthy: false });
  visit("/chat");
  expect(await screen.findByText("Offline")).toBeInTheDocument();
});

test("the module buttons move between modules", async () => {
  const router = visit("/chat");
  await screen.findByRole("heading", { level: 1, name: "OYSTAR AI" });
  await userEvent.click(screen.getByRole("link", { name: "OYSTAR Debate" }));
  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR Debate" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/debate");
});

test("the product name leads back to the site with a full page load", async () => {
  visit("/rag");
  await screen.findByRole("heading", { level: 1 });
  expect(screen.getByRole("link", { name: "OYSTAR" })).toHaveAttribute("href", "/");
});

test("an unknown path under the assistant offers the way home", async () => {
  // Issue 50 §2: /chat/:id is a conversation's address; deeper than that, nothing.
  visit("/chat/non/esiste");
  expect(await screen.findByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
});

test("a signed-out visitor goes to /login, keeping the module as return address", async () => {
  const goTo = vi.fn();
  visit("/debate", { email: null, goTo });
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("/login?returnTo=%2Fdebate"));
  expect(screen.queryByRole("heading", { name: "OYSTAR Debate" })).not.toBeInTheDocument();
});

test("the header shows the user's email as the server knows it, and 'Esci' signs out", async () => {
  const logout = vi.fn(async () => {});
  visit("/chat", { logout });
  const banner = await screen.findByRole("banner");
  // From the id token first, then from GET /api/me.
  expect(await within(banner).findByText("pro@oystar.test")).toBeInTheDocument();
  await userEvent.click(within(banner).getByRole("button", { name: "Esci" }));
  expect(logout).toHaveBeenCalledOnce();
});

test("the header shows the plan and this month's queries, or debates on /debate", async () => {
  visit("/chat");
  const banner = await screen.findByRole("banner");
  expect(await within(banner).findByText("Business")).toBeInTheDocument();
  expect(within(banner).getByLabelText("Domande: 4/∞")).toBeInTheDocument();
  await userEvent.click(within(banner).getByRole("link", { name: "OYSTAR Debate" }));
  expect(await within(banner).findByLabelText("Dibattiti: 1/∞")).toBeInTheDocument();
});

test("a free plan sees the debate upsell and the RAG promo", async () => {
  serverAnswers({ healthy: true, plan: "free" });
  visit("/debate");
  expect(await screen.findByRole("link", { name: "Passa a Base" })).toHaveAttribute("href", "/subscription?plan=base");
  await userEvent.click(screen.getByRole("link", { name: "OYSTAR RAG" }));
  expect(await screen.findByRole("link", { name: "Passa a Business" })).toHaveAttribute("href", "/subscription?plan=business");
  expect(screen.getByText("Free", { selector: "strong" })).toBeInTheDocument();
});

test("a question gets a Markdown answer with its actions; 'Nuova chat' starts over", async () => {
  const user = userEvent.setup();
  visit("/chat");
  await screen.findByText("Online");
  await user.type(screen.getByRole("textbox", { name: "Messaggio" }), "Ciao{Enter}");
  expect(await screen.findByText("la risposta", { selector: "strong" })).toBeInTheDocument();
  expect(screen.getByRole("group", { name: "Azioni sulla risposta" })).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Nuova chat" }));
  await waitFor(() => expect(screen.queryByText("la risposta")).toBeNull());
  expect(screen.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
});

test("the chat offers PDF upload to Business and the plans to Free", async () => {
  visit("/chat");
  expect(await screen.findByRole("button", { name: "Carica un PDF" })).toBeEnabled();
  expect(screen.queryByRole("link", { name: "Scopri Business" })).toBeNull();
  cleanup();
  serverAnswers({ healthy: true, plan: "free" });
  visit("/chat");
  expect(await screen.findByRole("link", { name: "Scopri Business" })).toHaveAttribute("href", "/subscription?plan=business");
  expect(screen.queryByRole("button", { name: "Carica un PDF" })).toBeNull();
});

test("clicking the version opens the advanced settings: the model and Deep Think", async () => {
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("button", { name: "v1.2.3" }));
  const panel = screen.getByRole("region", { name: "Impostazioni avanzate" });
  expect(within(panel).getByRole("combobox", { name: "Modello" })).toHaveValue("openai/gpt-oss-120b");
  await user.click(within(panel).getByRole("switch", { name: /Deep Think/ }));
  expect(within(panel).getByRole("switch", { name: /Deep Think/ })).toBeChecked();
  await user.click(within(banner).getByRole("button", { name: "v1.2.3" }));
  expect(screen.queryByRole("region", { name: "Impostazioni avanzate" })).toBeNull();
});

// Issue 52 §5: the advanced settings were reached only from the version number.
test("a labelled button opens the advanced settings too, and says whether they are open", async () => {
  const user = userEvent.setup();
  visit("/chat");
  const button = await screen.findByRole("button", { name: "Impostazioni avanzate" });
  expect(button).toHaveAttribute("aria-expanded", "false");
  await user.click(button);
  expect(screen.getByRole("region", { name: "Impostazioni avanzate" })).toBeVisible();
  expect(button).toHaveAttribute("aria-expanded", "true");
  await user.click(button);
  expect(screen.queryByRole("region", { name: "Impostazioni avanzate" })).toBeNull();
});

test("offline, 'Demo di scrittura' says the demonstration model writes", async () => {
  serverAnswers({ healthy: true, models: null });
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await screen.findByRole("button", { name: "Impostazioni avanzate" }));
  await user.click(
    within(screen.getByRole("region", { name: "Impostazioni avanzate" })).getByRole("button", { name: "Demo di scrittura" }),
  );
  const demo = await screen.findByRole("dialog", { name: "Demo di scrittura" });
  expect(within(demo).getByText("Scrive: Modello dimostrativo offline")).toBeVisible();
  expect(demo.textContent).not.toMatch(/Sono il modello grande|gpt-oss/);
});

test("only the admin sees the global settings button", async () => {
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await within(banner).findByText("pro@oystar.test");
  expect(within(banner).queryByRole("button", { name: "Impostazioni globali" })).toBeNull();
});

test("the admin saves a new default chat model: the whole settings go to the server and the chat uses it", async () => {
  serverAnswers({ healthy: true, admin: true });
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  expect(within(panel).getByText("Applicate a tutti gli utenti.")).toBeVisible();
  await user.selectOptions(await within(panel).findByRole("combobox", { name: "Modello predefinito" }), "openai/gpt-oss-20b");
  await user.click(within(panel).getByRole("button", { name: "Salva" }));

  expect(await screen.findByText("Impostazioni salvate! Tutti gli utenti useranno queste configurazioni.")).toBeVisible();
  expect(screen.queryByRole("dialog", { name: "Impostazioni globali" })).toBeNull();
  expect(settingsServer.saves).toEqual([{ ...defaultSettings, pigna_ai_model: "openai/gpt-oss-20b" }]);
  await user.click(within(banner).getByRole("button", { name: "v1.2.3" }));
  expect(within(screen.getByRole("region", { name: "Impostazioni avanzate" })).getByRole("combobox", { name: "Modello" })).toHaveValue(
    "openai/gpt-oss-20b",
  );
});

test("the settings form shows fields by their switches, checks bounds before sending, and says why the server refused", async () => {
  serverAnswers({ healthy: true, admin: true });
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  const topK = await within(panel).findByRole("spinbutton", { name: "Passaggi cercati per indice (top-K retrieval)" });

  // Cache on: its duration shows; cache off: it does not.
  expect(within(panel).getByRole("spinbutton", { name: "Durata della memoria delle risposte (TTL)" })).toBeVisible();
  await user.click(within(panel).getByRole("switch", { name: "Memoria delle risposte (cache)" }));
  expect(within(panel).queryByRole("spinbutton", { name: "Durata della memoria delle risposte (TTL)" })).toBeNull();

  await user.clear(topK);
  await user.type(topK, "500");
  await user.click(within(panel).getByRole("button", { name: "Salva" }));
  expect(await within(panel).findByText("Passaggi cercati per indice (top-K retrieval): il valore massimo è 100")).toBeVisible();
  expect(settingsServer.saves).toEqual([]);

  await user.clear(topK);
  await user.type(topK, "50");
  settingsServer.refusal = { status: 400, error: "Modello A: modello non consentito" };
  await user.click(within(panel).getByRole("button", { name: "Salva" }));
  expect(await within(panel).findByText("Errore nel salvataggio delle impostazioni: Modello A: modello non consentito")).toBeVisible();
  expect(settingsServer.saves).toEqual([{ ...defaultSettings, rag_top_k_retrieval: 50, rag_use_cache: false }]);

  // The admin's rights were taken away meanwhile: the server's refusal, naming the user, as is.
  const denied = "ACCESSO NEGATO: solo l'amministratore può modificare le impostazioni globali (utente attuale: admin@oystar.test).";
  settingsServer.refusal = { status: 403, error: denied };
  await user.click(within(panel).getByRole("button", { name: "Salva" }));
  expect(await within(panel).findByText(denied)).toBeVisible();
  expect(screen.getByRole("dialog", { name: "Impostazioni globali" })).toBeVisible();
});

test("'Valori Ottimali' asks first, then restores the defaults in the form only", async () => {
  serverAnswers({ healthy: true, admin: true });
  settingsServer.stored = { ...defaultSettings, debate_length: 150, rag_index_names: ["contratti", "bilanci"] };
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  expect(await within(panel).findByRole("slider", { name: "Lunghezza predefinita" })).toHaveValue("150");
  // The index list failed to load: the current indexes stay, as the only options (spec 001 §4).
  const indexes = within(panel).getByRole("group", { name: "Indici" });
  expect(
    within(indexes)
      .getAllByRole("checkbox")
      .map((box) => [box.closest("label")?.textContent, (box as HTMLInputElement).checked]),
  ).toEqual([
    ["contratti", true],
    ["bilanci", true],
  ]);
  expect(within(panel).getByText(/Elenco degli indici non disponibile: restano quelli attuali/)).toBeVisible();

  await user.click(within(panel).getByRole("button", { name: "Valori Ottimali" }));
  expect(
    within(panel).getByText("Ripristinare i valori ottimali? Ogni campo torna al valore consigliato; nulla cambia finché non premi Salva."),
  ).toBeVisible();
  await user.click(within(panel).getByRole("button", { name: "Annulla" }));
  expect(within(panel).getByRole("slider", { name: "Lunghezza predefinita" })).toHaveValue("150");

  await user.click(within(panel).getByRole("button", { name: "Valori Ottimali" }));
  await user.click(within(panel).getByRole("button", { name: "Sì, ripristina" }));
  expect(within(panel).getByRole("slider", { name: "Lunghezza predefinita" })).toHaveValue("20");
  expect(
    within(indexes)
      .getAllByRole("checkbox")
      .map((box) => (box as HTMLInputElement).checked),
  ).toEqual([false, false]);
  expect(within(panel).getByText("Valori ottimali ripristinati: premi Salva per applicarli a tutti gli utenti.")).toBeVisible();
  expect(settingsServer.saves).toEqual([]);
  expect(settingsServer.stored.debate_length).toBe(150);
});

// Issue 14 §7: the history-tokens slider shows its default, 6144 (spec 001 §9), not a step near it.
test("the history-tokens slider holds its default exactly", async () => {
  serverAnswers({ healthy: true, admin: true });
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("button", { name: "Impostazioni globali" }));
  const slider = await screen.findByRole("slider", { name: "Token massimi di cronologia" });
  expect(slider.getAttribute("aria-valuetext")).toMatch(/^6.?144 token$/);
  expect(slider).toHaveValue(String(6));
});

test("the settings panel's indexes come from the index list: one not in it gives way to the list's default", async () => {
  serverAnswers({ healthy: true, admin: true });
  settingsServer.stored = { ...defaultSettings, rag_index_names: ["indice-rimosso"] };
  settingsServer.indices = {
    indices: ["gardenroute-demo", "gardenroute-500-x"],
    default: "gardenroute-demo",
    path: "rag_indexes",
    details: [
      { name: "gardenroute-demo", label: "Garden Route", shared: true, documents: 72, bytes: 1 },
      { name: "gardenroute-500-x", label: "Consigliato (500 documenti)", shared: false, documents: 500, bytes: 1 },
    ],
  };
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  const indexes = await within(panel).findByRole("group", { name: "Indici" });
  expect(within(indexes).getByRole("checkbox", { name: "Garden Route (gardenroute-demo)" })).toBeChecked();
  const recommended = within(indexes).getByRole("checkbox", { name: "Consigliato (500 documenti) (gardenroute-500-x)" });
  expect(recommended).not.toBeChecked();
  await user.click(recommended);
  await user.click(within(panel).getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(settingsServer.saves).toHaveLength(1));
  expect((settingsServer.saves[0] as Settings).rag_index_names).toEqual(["gardenroute-demo", "gardenroute-500-x"]);
});

test("/rag for Business: the empty state names the index in use; the RAG's advanced panel and read-only configuration", async () => {
  settingsServer.stored = { ...defaultSettings, rag_top_k_retrieval: 33 };
  settingsServer.version = 4;
  settingsServer.indices = { indices: ["gardenroute-demo"], default: "gardenroute-demo", path: "rag_indexes" };
  const user = userEvent.setup();
  visit("/rag");
  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
  expect(await screen.findByText(/Esempio illustrativo/)).toBeVisible();
  expect(await screen.findByText("Garden Route (gardenroute-demo)")).toBeVisible();
  await user.click(within(await screen.findByRole("banner")).getByRole("button", { name: "v1.2.3" }));
  expect(screen.getByRole("combobox", { name: "Modello" })).toHaveValue("openai/gpt-oss-120b");
  await user.click(screen.getByRole("button", { name: "Configurazione attuale" }));
  const panel = screen.getByRole("dialog", { name: "Configurazione attuale" });
  expect(within(panel).getByText("Top-K recupero (per indice)").nextSibling).toHaveTextContent("33");
  // spec 000 §9: the settings' version (the admin's fourth save), not the app's 1.2.3.
  expect(within(panel).getByText("Versione 4")).toBeVisible();
});

test("/rag for Free: the Business upsell", async () => {
  serverAnswers({ healthy: true, plan: "free" });
  visit("/rag");
  expect(await screen.findByRole("link", { name: /Business/ })).toHaveAttribute("href", "/subscription?plan=business");
  expect(screen.queryByRole("button", { name: "Configurazione attuale" })).toBeNull();
});
