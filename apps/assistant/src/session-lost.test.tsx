import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, visit } from "./test-support/render-assistant";

// spec 001 §2 (issue 14 §6): the session ends while the user is on a module (/chat, /debate, /rag).

beforeEach(() => serverAnswers({ healthy: true }));

const loginRequired = () => Promise.reject(Object.assign(new Error("Login required"), { error: "login_required" }));

test("'Autenticazione Richiesta' shows over the conversation, which stays; signing in again keeps it", async () => {
  let tokenWorks = true;
  const loginWithPopup = vi.fn(async () => {
    tokenWorks = true;
  });
  const goTo = vi.fn();
  const user = userEvent.setup();
  visit("/chat", { goTo, client: { getTokenSilently: async () => (tokenWorks ? "t" : loginRequired()), loginWithPopup } });
  await screen.findByText("Online");
  await user.type(screen.getByRole("textbox", { name: "Messaggio" }), "Prima domanda{Enter}");
  // The answer is complete (its actions show) before the next question can be sent.
  await screen.findByRole("group", { name: "Azioni sulla risposta" });

  tokenWorks = false;
  await user.type(screen.getByRole("textbox", { name: "Messaggio" }), "Seconda domanda{Enter}");
  const heading = await screen.findByRole("heading", { name: "Autenticazione Richiesta" });
  const card = heading.closest("section") as HTMLElement;
  // Nothing is thrown away by a redirect: the conversation is still on the page.
  expect(goTo).not.toHaveBeenCalled();
  expect(screen.getByText("Prima domanda")).toBeInTheDocument();
  expect(await screen.findByText("la risposta", { selector: "strong" })).toBeInTheDocument();

  await user.click(within(card).getByRole("button", { name: "Accedi" }));
  expect(loginWithPopup).toHaveBeenCalledOnce();
  await vi.waitFor(() => expect(screen.queryByRole("heading", { name: "Autenticazione Richiesta" })).toBeNull());
  expect(screen.getByText("Prima domanda")).toBeInTheDocument();
  expect(await screen.findByText("la risposta", { selector: "strong" })).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
}, 20_000);

test("without a popup the login comes back to the same page", async () => {
  let tokenWorks = true;
  const loginWithRedirect = vi.fn(async () => {});
  const user = userEvent.setup();
  visit("/chat", { client: { getTokenSilently: async () => (tokenWorks ? "t" : loginRequired()), loginWithRedirect } });
  await screen.findByText("Online");
  tokenWorks = false;
  await user.type(screen.getByRole("textbox", { name: "Messaggio" }), "Ciao{Enter}");
  const card = await screen.findByRole("heading", { name: "Autenticazione Richiesta" });
  await user.click(within(card.closest("section") as HTMLElement).getByRole("button", { name: "Accedi" }));
  expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: "/chat" } });
});

// The same card on the other two modules: what was typed stays, and signing in again keeps it.
test.each([
  {
    path: "/debate",
    typeWhatStays: async (user: ReturnType<typeof userEvent.setup>) => {
      await user.type(await screen.findByRole("textbox", { name: "Tesi A (a favore)" }), "Il mare riposa");
      await user.type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), "La montagna rigenera");
      await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    },
    // The debate on stage keeps its subject.
    stays: () => {
      const subject = screen.getByRole("region", { name: "Il tema del dibattito" });
      expect(subject).toHaveTextContent("Il mare riposa");
      expect(subject).toHaveTextContent("La montagna rigenera");
    },
  },
  {
    path: "/rag",
    typeWhatStays: async (user: ReturnType<typeof userEvent.setup>) => {
      await user.type(await screen.findByRole("textbox", { name: "Messaggio" }), "Quando si visita Boboli?{Enter}");
    },
    stays: () => expect(screen.getByText("Quando si visita Boboli?")).toBeInTheDocument(),
  },
])(
  "on $path 'Autenticazione Richiesta' shows over the page, which stays; signing in again keeps it",
  async ({ path, typeWhatStays, stays }) => {
    let tokenWorks = true;
    const loginWithPopup = vi.fn(async () => {
      tokenWorks = true;
    });
    const goTo = vi.fn();
    const user = userEvent.setup();
    visit(path, { goTo, client: { getTokenSilently: async () => (tokenWorks ? "t" : loginRequired()), loginWithPopup } });
    await screen.findByText("Online");

    tokenWorks = false;
    await typeWhatStays(user);
    const heading = await screen.findByRole("heading", { name: "Autenticazione Richiesta" });
    expect(goTo).not.toHaveBeenCalled();
    stays();

    await user.click(within(heading.closest("section") as HTMLElement).getByRole("button", { name: "Accedi" }));
    expect(loginWithPopup).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole("heading", { name: "Autenticazione Richiesta" })).toBeNull());
    stays();
    expect(goTo).not.toHaveBeenCalled();
  },
  20_000,
);
