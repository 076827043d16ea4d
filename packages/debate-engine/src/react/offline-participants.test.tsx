import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { createDebateSession } from "../debate-session";
import { fakeWorld } from "../testing/fake-world";
import { DebateScreen } from "./debate-screen";

// issue 36 §1: with the offline model playing both sides, no participant carries a model name it
// does not have; the sides are 'Lato A' and 'Lato B', and the screen says once who writes them.

function renderScreen(offline: boolean) {
  const world = fakeWorld();
  const session = createDebateSession(world.ports, { length: 6 });
  render(<DebateScreen session={session} sendFeedback={async () => {}} saveFile={() => {}} offline={offline} />);
  return { user: userEvent.setup(), settle: () => act(() => world.settle()) };
}

async function startDebate(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il treno");
  await user.type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), "L'aereo");
  await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
}

test("offline: sides and bubbles are 'Lato A' and 'Lato B', no model name; the demonstration model said once", async () => {
  const { user, settle } = renderScreen(true);
  // The controls offer no models to pick and name none.
  expect(screen.getByRole("region", { name: /Impostazioni/ }).textContent).not.toMatch(/gpt-oss/);
  await startDebate(user);
  await settle();
  const sides = screen.getByRole("region", { name: "Il tema del dibattito" });
  expect(sides).toHaveTextContent("Lato A");
  expect(sides).toHaveTextContent("Lato B");
  expect(sides.textContent?.match(/Modello dimostrativo offline|modello dimostrativo offline/gi)).toHaveLength(1);
  const transcript = screen.getByRole("region", { name: "Interventi del dibattito" });
  const headers = within(transcript)
    .getAllByRole("listitem")
    .filter((item) => item.classList.contains("debate-turn"));
  expect(headers.length).toBeGreaterThan(0);
  expect(headers[0]?.textContent).toMatch(/^ALato A/);
  // The status bar names the next side as the bubbles do.
  const status = screen.getByRole("group", { name: "Stato del dibattito" });
  expect(status).toHaveTextContent("Turno 1/6 · Prossimo: Lato B");
  expect(status.textContent).not.toMatch(/Modello/);
  expect(document.body.textContent).not.toMatch(/gpt-oss/);
});

test("with a model connected the sides keep their models' names", async () => {
  const { user, settle } = renderScreen(false);
  await startDebate(user);
  await settle();
  expect(screen.getByRole("region", { name: "Il tema del dibattito" }).textContent).toMatch(/Modello A openai\/gpt-oss-120b/);
  expect(screen.getByRole("group", { name: "Stato del dibattito" })).toHaveTextContent("Turno 1/6 · Prossimo: Modello B");
});
