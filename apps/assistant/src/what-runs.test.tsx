import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { defaultSettings } from "@oystar/api-client";
import { waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// Issue 23 §6: the admin's panel and the RAG's read-only configuration show the embedder, the
// reranker and the model that actually run (GET /api/health), beside what the settings ask for.
// The server here has no model connected and the local embedder and scorer.

test("the admin's global settings say what runs beside the RAG's embedder, model and reranker", async () => {
  serverAnswers({ healthy: true, admin: true, models: null });
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  expect(await within(panel).findByRole("textbox", { name: "Modello dei vettori (embedding)" })).toHaveValue("bge-m3");
  // Each field's description: its sentence (issue 36 §2), then what runs.
  expect(within(panel).getByRole("textbox", { name: "Modello dei vettori (embedding)" })).toHaveAccessibleDescription(
    / In uso: locale \(lessicale\)$/,
  );
  expect(within(panel).getByRole("combobox", { name: "Modello linguistico (LLM)" })).toHaveAccessibleDescription(
    / In uso: Modello dimostrativo offline$/,
  );
  expect(within(panel).getByRole("switch", { name: "Riordino dei passaggi (reranker)" })).toHaveAccessibleDescription(
    / In uso: Attivo · locale \(lessicale\)$/,
  );
});

// Issue 36 §2: one truth per setting.
test("a stage the server cannot run is shown off and disabled with why, never on with 'In uso: Disattivo'", async () => {
  const why = "Il reranker locale è un punteggio lessicale, non un cross-encoder: resta spento.";
  serverAnswers({
    healthy: true,
    admin: true,
    models: null,
    ragStages: { reranking: "off", reranking_reason: why, vector_leg: "on", deduplication: "on" },
  });
  settingsServer.stored = { ...defaultSettings, rag_use_reranker: true, rag_use_multi_query: true };
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  const reranker = await within(panel).findByRole("switch", { name: "Riordino dei passaggi (reranker)" });
  expect(reranker).toHaveAttribute("aria-checked", "false");
  expect(reranker).toBeDisabled();
  expect(reranker).toHaveAccessibleDescription(new RegExp(`${why.replace(/[()]/g, "\\$&")}$`));
  expect(panel).not.toHaveTextContent("In uso: Disattivo");
  // Multi-query and HyDE need a language model: the demonstration model cannot run them.
  for (const name of ["Più formulazioni della domanda (multi-query)", "Ricerca con una risposta ipotetica (HyDE)"]) {
    const stage = within(panel).getByRole("switch", { name });
    expect(stage).toBeDisabled();
    expect(stage).toHaveAccessibleDescription(/con il modello dimostrativo offline questa fase non può funzionare\.$/);
  }
  // Stages the server runs stay the admin's to switch.
  expect(within(panel).getByRole("switch", { name: "Ricerca combinata (fused retrieval)" })).toBeEnabled();
  expect(within(panel).getByRole("switch", { name: "Deduplicazione" })).toBeEnabled();

  // Saving keeps the admin's choice for the day the server can run it.
  await user.click(within(panel).getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(settingsServer.saves).toHaveLength(1));
  expect(settingsServer.saves[0]).toMatchObject({ rag_use_reranker: true, rag_use_multi_query: true });
});

test("every setting says in one sentence what it does; the models the server does not serve are marked; the index jumps to a section", async () => {
  serverAnswers({ healthy: true, admin: true, models: ["openai/gpt-oss-120b"] });
  const user = userEvent.setup();
  visit("/chat");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  const chatModel = await within(panel).findByRole("combobox", { name: "Modello predefinito" });
  expect(chatModel).toHaveAccessibleDescription("Il modello con cui la chat risponde quando l'utente non ne sceglie un altro.");
  expect(within(panel).getByRole("slider", { name: "Soglia di deduplicazione" })).toHaveAccessibleDescription(
    /^Quanto due passaggi devono somigliarsi/,
  );
  expect(within(panel).getByRole("spinbutton", { name: "Passaggi cercati per indice (top-K retrieval)" })).toHaveAccessibleDescription(
    /^Quanti passaggi si cercano in ogni indice/,
  );
  // Every control of the form has a description.
  for (const control of within(panel)
    .getAllByRole("switch")
    .concat(within(panel).getAllByRole("slider"), within(panel).getAllByRole("combobox"))) {
    expect(control.getAttribute("aria-describedby"), control.getAttribute("aria-labelledby") ?? control.id).toBeTruthy();
  }
  // The spec's list stays whole; the model the server does not serve says so.
  await waitFor(() => expect(within(chatModel).getByRole("option", { name: "openai/gpt-oss-20b (non disponibile)" })).toBeInTheDocument());
  expect(within(chatModel).getByRole("option", { name: "openai/gpt-oss-120b" })).toBeInTheDocument();

  const index = within(panel).getByRole("navigation", { name: "Sezioni delle impostazioni" });
  expect(
    within(index)
      .getAllByRole("link")
      .map((link) => link.textContent),
  ).toEqual(["Chat AI", "Dibattito", "RAG", "Richieste di indicizzazione", "Classifica dei modelli", "Prestazioni delle pagine"]);
  const vitals = within(panel).getByText("Prestazioni delle pagine", { selector: "summary" }).closest("details")!;
  expect(vitals.open).toBe(false);
  await user.click(within(index).getByRole("link", { name: "Prestazioni delle pagine" }));
  expect(vitals.open).toBe(true);
});

// Issue 36 §1: how to connect a real model is said to the admin, in the panel — not to the users.
test("the admin's panel, and only it, says how to connect a model while the demonstration model runs", async () => {
  serverAnswers({ healthy: true, admin: true, models: null });
  const user = userEvent.setup();
  visit("/chat");
  await screen.findByText("Modello dimostrativo offline");
  expect(document.body.textContent).not.toContain("LLM_BASE_URL");
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const panel = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  expect(panel).toHaveTextContent("Per collegare un modello vero imposta LLM_BASE_URL (e LLM_API_KEY) sul server e riavvialo");
});

test("the RAG's read-only configuration says what runs, and what the settings ask for where it differs", async () => {
  serverAnswers({ healthy: true, plan: "business", models: null });
  const user = userEvent.setup();
  visit("/rag");
  await user.click(await screen.findByRole("button", { name: "Configurazione attuale" }));
  const panel = screen.getByRole("dialog", { name: "Configurazione attuale" });
  const value = (term: string) => within(panel).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
  expect(value("Modello di embedding")).toBe("locale (lessicale) (le impostazioni chiedono bge-m3)");
  expect(value("Modello linguistico")).toBe("Modello dimostrativo offline (le impostazioni chiedono openai/gpt-oss-120b)");
});

// Issue 52 §4: one truth for the admin's panel and the customer's 'Configurazione attuale' — a
// stage the settings turn on that this server cannot run reads off, with the same reason, in both.
test("the customer's 'Configurazione attuale' says of each stage what the admin's panel says: off, and why, where the server cannot run it", async () => {
  const reasons = {
    deduplication: "La deduplicazione resta spenta: su questi dati toglieva passaggi utili.",
    vector_leg: "L'embedder locale è lessicale, non semantico.",
    reranking: "Il reranker locale è un punteggio lessicale: resta spento.",
  };
  serverAnswers({
    healthy: true,
    admin: true,
    models: null,
    ragStages: {
      deduplication: "off",
      deduplication_reason: reasons.deduplication,
      vector_leg: "off",
      vector_leg_reason: reasons.vector_leg,
      reranking: "off",
      reranking_reason: reasons.reranking,
    },
  });
  settingsServer.stored = {
    ...defaultSettings,
    rag_use_deduplication: true,
    rag_use_fused_retrieval: true,
    rag_use_reranker: true,
    rag_use_hyde: true,
  };
  const user = userEvent.setup();
  visit("/rag");
  // The admin's panel.
  await user.click(await within(await screen.findByRole("banner")).findByRole("button", { name: "Impostazioni globali" }));
  const admin = await screen.findByRole("dialog", { name: "Impostazioni globali" });
  const stages = [
    { admin: "Deduplicazione", customer: "Deduplicazione", reason: reasons.deduplication },
    { admin: "Ricerca combinata (fused retrieval)", customer: "Recupero fuso (RRF)", reason: reasons.vector_leg },
    { admin: "Riordino dei passaggi (reranker)", customer: "Reranker", reason: reasons.reranking },
    {
      admin: "Ricerca con una risposta ipotetica (HyDE)",
      customer: "HyDE",
      reason: "Richiede un modello linguistico collegato: con il modello dimostrativo offline questa fase non può funzionare.",
    },
  ];
  for (const stage of stages) {
    const control = await within(admin).findByRole("switch", { name: stage.admin });
    expect(control).toHaveAttribute("aria-checked", "false");
    expect(control).toHaveAccessibleDescription(new RegExp(`${stage.reason.replace(/[()]/g, "\\$&")}$`));
  }
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Impostazioni globali" })).toBeNull());
  // The customer's panel, on the RAG screen.
  await user.click(await screen.findByRole("button", { name: "Configurazione attuale" }));
  const customer = await screen.findByRole("dialog", { name: "Configurazione attuale" });
  const value = (term: string) => within(customer).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
  for (const stage of stages) expect(value(stage.customer)).toBe(`Disattivo: ${stage.reason}`);
  expect(value("Chi risponde")).toMatch(/^Il modello dimostrativo offline/);
});
