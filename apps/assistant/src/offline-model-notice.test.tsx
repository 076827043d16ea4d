import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { serverAnswers, visit } from "./test-support/render-assistant";

// Issue 27 §5: with no model connected each module says so in one line, the details on demand,
// and the notice closed once stays closed for the session.

test.each([
  ["/chat", /mostrano come funziona la chat ma non rispondono alla domanda/],
  ["/debate", /difende la sua tesi con frasi preparate.*non assegna la vittoria/],
  ["/rag", /riportano alla lettera le frasi più pertinenti/],
])("%s says the model is offline in one line, what that means on demand", async (path, details) => {
  serverAnswers({ healthy: true, models: null });
  const user = userEvent.setup();
  visit(path);
  const notice = await screen.findByText("Modello dimostrativo offline").then((title) => title.closest<HTMLElement>(".oy-notice"));
  if (!notice) throw new Error("the notice has no box");
  expect(notice.textContent).toMatch(/^Modello dimostrativo offline nessun modello linguistico collegato\. Dettagli/);
  // Issue 36 §1: no configuration words and no model name for the user.
  expect(notice.textContent).not.toMatch(/LLM_BASE_URL|configura|oystar-offline/i);
  expect(notice).toHaveClass("oy-notice--compact");
  expect(within(notice).getByText(details)).not.toBeVisible();
  await user.click(within(notice).getByRole("button", { name: "Dettagli" }));
  expect(within(notice).getByRole("button", { name: "Dettagli" })).toHaveAttribute("aria-expanded", "true");
  expect(within(notice).getByText(details)).toBeVisible();
});

/** The notice's title (the RAG bar names the demonstration model too: that is no notice). */
const offlineNotice = () => screen.queryAllByText("Modello dimostrativo offline").find((element) => element.closest(".oy-notice")) ?? null;

test("closed once, the notice stays closed in every module and after a reload, for the session", async () => {
  serverAnswers({ healthy: true, models: null });
  const user = userEvent.setup();
  visit("/chat");
  const title = await screen.findByText("Modello dimostrativo offline");
  await user.click(within(title.closest<HTMLElement>(".oy-notice") ?? document.body).getByRole("button", { name: "Chiudi" }));
  expect(offlineNotice()).toBeNull();
  await user.click(within(screen.getByRole("banner")).getByRole("link", { name: "OYSTAR Debate" }));
  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR Debate" })).toBeVisible();
  expect(offlineNotice()).toBeNull();
  // A reload: the page starts again from what the browser's session kept.
  cleanup();
  visit("/rag");
  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
  expect(offlineNotice()).toBeNull();
  expect(JSON.parse(sessionStorage.getItem("oystar-offline-notice") ?? "{}")).toMatchObject({ state: { dismissed: true } });
});

test("with a model connected there is no notice", async () => {
  serverAnswers({ healthy: true });
  visit("/chat");
  await screen.findByText("Online");
  expect(offlineNotice()).toBeNull();
});
