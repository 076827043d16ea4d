import "fake-indexeddb/auto";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// Issue 35 §1: the chat is kept on this device as it happens — per account, encrypted with the
// key the server keeps — and a kept conversation opens again to go on where it stopped.

beforeEach(() => {
  // A fresh browser's IndexedDB for each test.
  vi.stubGlobal("indexedDB", new IDBFactory());
  localStorage.clear();
  serverAnswers({ healthy: true });
});

const user = () => userEvent.setup();

async function ask(question: string) {
  const typing = user();
  await screen.findByText("Online");
  await typing.type(screen.getByRole("textbox", { name: "Messaggio" }), `${question}{Enter}`);
  await screen.findAllByText("la risposta", { selector: "strong" });
}

async function openConversations() {
  await user().click(await screen.findByRole("button", { name: "Conversazioni" }));
  return screen.findByRole("dialog", { name: "Conversazioni" });
}

test("a chat survives a reload: listed under its first question, opened, and continued with its history", async () => {
  visit("/chat");
  await ask("Quando fiorisce il glicine?");
  cleanup();

  // The page again: a fresh chat (spec 001 §3), and the one before in 'Conversazioni'.
  visit("/chat");
  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
  const panel = await openConversations();
  expect(panel).toHaveTextContent("Le conversazioni restano solo su questo dispositivo");
  const kept = await within(panel).findByRole("button", { name: "Apri «Quando fiorisce il glicine?»" });
  expect(within(panel).getByRole("list", { name: "Conversazioni salvate" }).textContent).toMatch(/Chat · /);
  await user().click(kept);
  expect(screen.queryByRole("dialog", { name: "Conversazioni" })).toBeNull();
  expect(await screen.findByText("Quando fiorisce il glicine?")).toBeVisible();

  // Going on: the next question is written to the same conversation.
  await ask("E le rose?");
  const again = await openConversations();
  await waitFor(() => expect(within(again).getAllByRole("button", { name: /^Apri «/ })).toHaveLength(1));
  await user().type(within(again).getByRole("searchbox", { name: "Cerca nelle conversazioni" }), "rose");
  expect(within(again).getByRole("button", { name: "Apri «Quando fiorisce il glicine?»" })).toBeVisible();
  await user().clear(within(again).getByRole("searchbox", { name: "Cerca nelle conversazioni" }));
  await user().type(within(again).getByRole("searchbox", { name: "Cerca nelle conversazioni" }), "tulipani");
  expect(within(again).getByText("Nessuna conversazione corrisponde alla ricerca.")).toBeVisible();
});

test("a question answered before the device's store has opened is kept once it opens", async () => {
  let keyArrives = () => {};
  settingsServer.deviceKeyHeld = new Promise<void>((resolve) => (keyArrives = resolve));
  visit("/chat");
  await ask("Quando fioriscono le ortensie?");
  keyArrives();

  const panel = await openConversations();
  expect(await within(panel).findByRole("button", { name: "Apri «Quando fioriscono le ortensie?»" })).toBeVisible();
  cleanup();
  visit("/chat");
  expect(await within(await openConversations()).findByRole("button", { name: "Apri «Quando fioriscono le ortensie?»" })).toBeVisible();
});

test("rename, delete one, and delete all after a confirmation", async () => {
  visit("/chat");
  await ask("Prima domanda");
  await user().click(screen.getByRole("button", { name: "Nuova chat" }));
  await ask("Seconda domanda");
  const panel = await openConversations();
  await within(panel).findByRole("button", { name: "Apri «Prima domanda»" });

  await user().click(within(within(panel).getAllByRole("listitem")[1]!).getByRole("button", { name: "Rinomina" }));
  const title = within(panel).getByRole("textbox", { name: "Nuovo titolo" });
  await user().clear(title);
  await user().type(title, "Glicine a Villa Lante{Enter}");
  expect(await within(panel).findByRole("button", { name: "Apri «Glicine a Villa Lante»" })).toBeVisible();

  await user().click(within(panel).getByRole("button", { name: "Elimina «Seconda domanda»" }));
  await waitFor(() => expect(within(panel).queryByRole("button", { name: "Apri «Seconda domanda»" })).toBeNull());

  await user().click(within(panel).getByRole("button", { name: "Elimina tutte" }));
  expect(within(panel).getByText(/Eliminare tutte le conversazioni salvate su questo dispositivo\?/)).toBeVisible();
  await user().click(within(panel).getByRole("button", { name: "Sì, elimina tutte" }));
  expect(await within(panel).findByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
});

test("another account on the same browser sees none of it; 'Esci e cancella' deletes it and signs out", async () => {
  visit("/chat");
  await ask("Domanda riservata");
  cleanup();

  // Another account (its own subject and its own key from the server).
  settingsServer.deviceKey = "B".repeat(43);
  visit("/chat", { client: { getUser: async () => ({ sub: "altro", email: "altro@oystar.test", name: "Altro" }) } });
  const panel = await openConversations();
  expect(await within(panel).findByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
  cleanup();

  settingsServer.deviceKey = "A".repeat(43);
  const logout = vi.fn(async () => {});
  visit("/chat", { logout });
  const mine = await openConversations();
  await within(mine).findByRole("button", { name: "Apri «Domanda riservata»" });
  await user().click(within(mine).getByRole("button", { name: "Esci e cancella da questo dispositivo" }));
  await waitFor(() => expect(logout).toHaveBeenCalled());
  cleanup();
  visit("/chat");
  expect(await within(await openConversations()).findByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
});

test("with 'Ricorda le conversazioni su questo dispositivo' off, nothing new is kept", async () => {
  visit("/chat");
  const panel = await openConversations();
  const remember = within(panel).getByRole("switch", { name: "Ricorda le conversazioni su questo dispositivo" });
  expect(remember).toHaveAttribute("aria-checked", "true");
  await user().click(remember);
  expect(panel).toHaveTextContent("Le nuove conversazioni non vengono salvate");
  await user().click(within(panel).getByRole("button", { name: "Chiudi" }));
  await ask("Da non ricordare");
  cleanup();
  visit("/chat");
  const after = await openConversations();
  expect(within(after).getByRole("switch", { name: "Ricorda le conversazioni su questo dispositivo" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  expect(await within(after).findByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
});
