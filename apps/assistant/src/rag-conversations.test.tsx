import "fake-indexeddb/auto";
import { importDeviceKey, openConversationHistory, type SavedConversation } from "@oystar/conversation/history";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// Issue 35 §5: a RAG conversation kept on this device is in the same 'Conversazioni' list, and
// opens in the RAG's screen — from any module's list — to go on where it stopped.

beforeEach(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  localStorage.clear();
  serverAnswers({ healthy: true, plan: "business" });
});

const keptRag = {
  id: "3000",
  module: "rag",
  title: "Quanti limoni ci sono nella limonaia?",
  createdAt: 3000,
  updatedAt: 3001,
  messages: [
    { id: "rag-1", role: "user", content: "Quanti limoni ci sono nella limonaia?", timestamp: 3000 },
    { id: "rag-2", role: "assistant", content: "Cento limoni in vasi di terracotta.", timestamp: 3001, sources: [{ noteNumber: 1, chunkId: "11", filename: "villa-aurora.md", title: "Villa Aurora" }] },
  ],
} as SavedConversation;

test("a kept RAG conversation, opened from the chat's list, opens in the RAG's screen with its answer", async () => {
  // As the RAG's screen kept it earlier: the same account (subject "s"), under the server's key, in
  // the browser's IndexedDB as the app opens it.
  const history = await openConversationHistory({ identity: "s", key: await importDeviceKey(settingsServer.deviceKey) });
  await history.save(keptRag);
  history.close();

  visit("/chat");
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Conversazioni" }));
  const panel = await screen.findByRole("dialog", { name: "Conversazioni" });
  const kept = await within(panel).findByRole("button", { name: "Apri «Quanti limoni ci sono nella limonaia?»" });
  // Its module and date beside it.
  expect(kept.closest("li")?.textContent).toMatch(/RAG · /);
  await user.click(kept);

  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
  expect(await screen.findByText("Cento limoni in vasi di terracotta.", { exact: false })).toBeVisible();
  expect(screen.getByText("Quanti limoni ci sono nella limonaia?")).toBeVisible();
});
