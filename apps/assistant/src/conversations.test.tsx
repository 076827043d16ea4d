import "fake-indexeddb/auto";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// Issue 35 §1: the chat is kept on this device as it happens — per account, encrypted with the
// key the server keeps — and a kept conversation opens again to go on where it stopped.

beforeEach(async () => {
  // A fresh browser's IndexedDB for each test: the store's code (Dexie) keeps the one it found
  // when it first loaded, so that one is emptied.
  await new Promise((done) => (indexedDB.deleteDatabase("oystar-conversations").onsuccess = done));
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

test("rename, delete one and delete all with 'Annulla' instead of a question; the focus goes to the next conversation", async () => {
  visit("/chat");
  await ask("Prima domanda");
  await user().click(screen.getByRole("button", { name: "Nuova chat" }));
  await ask("Seconda domanda");
  await user().click(screen.getByRole("button", { name: "Nuova chat" }));
  await ask("Terza domanda");
  const panel = await openConversations();
  await within(panel).findByRole("button", { name: "Apri «Prima domanda»" });

  await user().click(within(within(panel).getAllByRole("listitem")[2]!).getByRole("button", { name: "Rinomina" }));
  const title = within(panel).getByRole("textbox", { name: "Nuovo titolo" });
  await user().clear(title);
  await user().type(title, "Glicine a Villa Lante{Enter}");
  expect(await within(panel).findByRole("button", { name: "Apri «Glicine a Villa Lante»" })).toBeVisible();
  // Renamed, it keeps its place (its date): the list is newest first.
  expect(
    within(panel)
      .getAllByRole("button", { name: /^Apri «/ })
      .map((button) => button.textContent),
  ).toEqual(["Terza domanda", "Seconda domanda", "Glicine a Villa Lante"]);

  // One, without a question: gone at once, the focus on the next one, and 'Annulla' brings it back.
  await user().click(within(panel).getByRole("button", { name: "Elimina «Seconda domanda»" }));
  expect(within(panel).queryByRole("button", { name: "Apri «Seconda domanda»" })).toBeNull();
  expect(within(panel).getByRole("button", { name: "Apri «Glicine a Villa Lante»" })).toHaveFocus();
  expect(within(panel).getByRole("status")).toHaveTextContent("«Seconda domanda» eliminata.");
  await user().click(within(panel).getByRole("button", { name: "Annulla l'eliminazione di «Seconda domanda»" }));
  expect(await within(panel).findByRole("button", { name: "Apri «Seconda domanda»" })).toBeVisible();
  // Esc still closes the panel from where the focus is.
  await user().keyboard("{Escape}");
  expect(screen.queryByRole("dialog", { name: "Conversazioni" })).toBeNull();

  // All, without a question: the panel closes, the focus goes to the message box, 'Annulla' is on the page.
  const again = await openConversations();
  await user().click(within(again).getByRole("button", { name: "Elimina tutte" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Conversazioni" })).toBeNull());
  expect(screen.getByRole("textbox", { name: "Messaggio" })).toHaveFocus();
  expect(screen.getByText("Eliminate 3 conversazioni.")).toBeVisible();
  await user().click(screen.getByRole("button", { name: "Annulla l'eliminazione delle conversazioni" }));
  const back = await openConversations();
  await waitFor(() => expect(within(back).getAllByRole("button", { name: /^Apri «/ })).toHaveLength(3));
});

test("the conversation on screen, deleted, leaves the screen; what is typed next is a new conversation and the deleted one is never saved again", async () => {
  const router = visit("/chat");
  await ask("Dati riservati cliente Verdi");
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/\d+$/));
  const panel = await openConversations();
  await user().click(await within(panel).findByRole("button", { name: "Elimina «Dati riservati cliente Verdi»" }));
  // The last one: the panel closes, the screen is a new chat at /chat, the focus in the message box.
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Conversazioni" })).toBeNull());
  expect(screen.queryByText("Dati riservati cliente Verdi")).toBeNull();
  expect(router.state.location.pathname).toBe("/chat");
  expect(screen.getByRole("textbox", { name: "Messaggio" })).toHaveFocus();

  await ask("Una domanda nuova");
  cleanup();
  visit("/chat");
  const after = await openConversations();
  await within(after).findByRole("button", { name: "Apri «Una domanda nuova»" });
  expect(within(after).getAllByRole("button", { name: /^Apri «/ })).toHaveLength(1);
  expect(within(after).getByRole("list", { name: "Conversazioni salvate" })).not.toHaveTextContent("Verdi");
});

test("a conversation has its address: a reload of /chat/:id opens it; an unknown address opens a new chat and says so", async () => {
  const router = visit("/chat");
  await ask("Quando fiorisce il glicine?");
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/\d+$/));
  const address = router.state.location.pathname;
  cleanup();

  visit(address);
  expect(await screen.findByText("Quando fiorisce il glicine?")).toBeVisible();
  cleanup();

  const unknown = visit("/chat/1234567890123");
  expect(await screen.findByText("Questa conversazione non è su questo dispositivo: ne è iniziata una nuova.")).toBeVisible();
  await waitFor(() => expect(unknown.state.location.pathname).toBe("/chat"));
  expect(screen.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
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
