import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { serverAnswers, visit } from "./test-support/render-assistant";

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
  expect(within(panel).getByRole("textbox", { name: "Modello dei vettori (embedding)" })).toHaveAccessibleDescription("In uso: locale (lessicale)");
  expect(within(panel).getByRole("combobox", { name: "Modello linguistico (LLM)" })).toHaveAccessibleDescription("In uso: oystar-offline (offline)");
  expect(within(panel).getByRole("switch", { name: "Riordino dei passaggi (reranker)" })).toHaveAccessibleDescription("In uso: Attivo · locale (lessicale)");
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
  expect(value("Modello linguistico")).toBe("oystar-offline (offline) (le impostazioni chiedono openai/gpt-oss-120b)");
});
