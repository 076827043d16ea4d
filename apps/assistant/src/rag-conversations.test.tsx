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

// Kept before issue 38's one cited-passage contract: its sources in the older shape still open.
const keptRag = {
  id: "3000",
  module: "rag",
  title: "Quanti limoni ci sono nella limonaia?",
  createdAt: 3000,
  updatedAt: 3001,
  messages: [
    { id: "rag-1", role: "user", content: "Quanti limoni ci sono nella limonaia?", timestamp: 3000 },
    {
      id: "rag-2",
      role: "assistant",
      content: "Cento limoni in vasi di terracotta.",
      timestamp: 3001,
      sources: [{ noteNumber: 1, chunkId: "11", filename: "villa-aurora.md", title: "Villa Aurora" }],
    },
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
  // Its source, kept in the older shape, is listed under it (issue 38 §1).
  expect(within(screen.getByRole("region", { name: "Fonti utilizzate" })).getByText("Villa Aurora", { exact: false })).toBeVisible();
});

test("a RAG answer the server was writing when the page reloaded is taken up: its sources and words arrive once, nothing is asked again", async () => {
  const question = { id: "rag-1", role: "user", content: "Quanti limoni ci sono nella limonaia?", timestamp: 4000 };
  const history = await openConversationHistory({ identity: "s", key: await importDeviceKey(settingsServer.deviceKey) });
  await history.save({ ...keptRag, id: "4000", createdAt: 4000, updatedAt: 4000, messages: [question] } as SavedConversation);
  history.close();
  // What the page noted for this tab before it reloaded, and what the server holds.
  sessionStorage.setItem(
    "oystar-risposta-in-corso",
    JSON.stringify({ module: "rag", conversationId: "4000", streamUrl: "/api/streams/risposta-tenuta" }),
  );
  settingsServer.heldAnswers["risposta-tenuta"] = [
    'id: 1\ndata: {"sources":[{"noteNumber":1,"chunkId":"11","document":"gardenroute-demo/villa-aurora.md","title":"Villa Aurora","filename":"villa-aurora.md","url":null,"page":null,"place":null,"excerpt":"Nella limonaia","support":null}]}\n\n',
    'id: 2\ndata: {"chunk":"Cento limoni "}\n\n',
    'id: 3\ndata: {"chunk":"in vasi di terracotta [1]."}\n\n',
    "id: 4\nevent: end\ndata: {}\n\n",
  ].join("");

  visit("/rag");
  const answers = () => [...document.querySelectorAll(".chat-message--assistant")].map((message) => message.textContent ?? "");
  await vi.waitFor(() => expect(answers().join("")).toContain("Cento limoni in vasi di terracotta"));
  // Once, after its question.
  expect(answers().filter((text) => text.includes("Cento limoni"))).toHaveLength(1);
  expect([...document.querySelectorAll(".chat-message--user")].map((message) => message.textContent)).toEqual([
    expect.stringContaining("Quanti limoni ci sono nella limonaia?"),
  ]);
  expect(within(screen.getByRole("region", { name: "Fonti utilizzate" })).getByText("Villa Aurora", { exact: false })).toBeVisible();
  const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
  expect(asked.filter((url) => url.endsWith("/api/ask-stream"))).toEqual([]);
  expect(asked.filter((url) => url.includes("/api/streams/"))).toHaveLength(1);
  // Taken up: nothing is left for another reload to take up again.
  await vi.waitFor(() => expect(sessionStorage.getItem("oystar-risposta-in-corso")).toBeNull());
});
