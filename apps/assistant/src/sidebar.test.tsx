import "fake-indexeddb/auto";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test } from "vitest";
import { sidebarStore } from "./history/sidebar-store";
import { serverAnswers, visit } from "./test-support/render-assistant";

// Issue 50 §3: the conversations' sidebar (shown on wide screens by the stylesheet): open or
// folded as the user left it, by day, pin and delete in place.

beforeEach(async () => {
  await new Promise((done) => (indexedDB.deleteDatabase("oystar-conversations").onsuccess = done));
  localStorage.clear();
  sidebarStore.setState({ collapsed: true });
  serverAnswers({ healthy: true });
});

async function ask(question: string) {
  const typing = userEvent.setup();
  await screen.findByText("Online");
  await typing.type(screen.getByRole("textbox", { name: "Messaggio" }), `${question}{Enter}`);
  await screen.findAllByText("la risposta", { selector: "strong" });
}

test("folded until opened, then open as left; today's conversations, a pinned one first; deleted in place, the focus on the next", async () => {
  const user = userEvent.setup();
  visit("/chat");
  await ask("Prima domanda");
  await user.click(screen.getByRole("button", { name: "Nuova chat" }));
  await ask("Seconda domanda");
  const sidebar = screen.getByRole("complementary", { name: "Conversazioni salvate su questo dispositivo" });
  expect(within(sidebar).queryByRole("searchbox")).toBeNull();
  await user.click(within(sidebar).getByRole("button", { name: "Apri la barra laterale" }));
  expect(JSON.parse(localStorage.getItem("oystar-barra-conversazioni") ?? "{}")).toMatchObject({ state: { collapsed: false } });

  const today = await within(sidebar).findByRole("region", { name: "Oggi" });
  await waitFor(() => expect(within(today).getAllByRole("button", { name: /^Apri «/ })).toHaveLength(2));
  await user.click(within(sidebar).getByRole("button", { name: "Fissa in alto «Prima domanda»" }));
  expect(
    within(within(sidebar).getByRole("region", { name: "Fissate" })).getByRole("button", { name: "Apri «Prima domanda»" }),
  ).toBeVisible();

  await user.click(within(sidebar).getByRole("button", { name: "Elimina «Seconda domanda»" }));
  expect(within(sidebar).queryByRole("button", { name: "Apri «Seconda domanda»" })).toBeNull();
  expect(within(sidebar).getByRole("button", { name: "Apri «Prima domanda»" })).toHaveFocus();
  expect(screen.getByText("«Seconda domanda» eliminata.")).toBeVisible();
});
