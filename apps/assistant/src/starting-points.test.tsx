import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// issue 36 §3: a newcomer is offered starting points on each empty screen.

beforeEach(() => serverAnswers({ healthy: true }));

test("an empty chat offers four questions; a click asks one, and the answer comes", async () => {
  const user = userEvent.setup();
  visit("/chat");
  const suggestions = await screen.findByRole("group", { name: "Prova a chiedere" });
  expect(within(suggestions).getAllByRole("button")).toHaveLength(4);
  await user.click(within(suggestions).getByRole("button", { name: "Dammi tre idee per una cena vegetariana veloce" }));
  expect(await screen.findByText("Dammi tre idee per una cena vegetariana veloce")).toBeVisible();
  expect(await screen.findByText("la risposta", { exact: false })).toBeVisible();
  // The chat has begun: its starting points are gone.
  expect(screen.queryByRole("group", { name: "Prova a chiedere" })).toBeNull();
});

test("/rag shows the example questions the index list gives the demo index", async () => {
  serverAnswers({ healthy: true, plan: "business" });
  settingsServer.indices = {
    indices: ["gardenroute-demo"],
    default: "gardenroute-demo",
    path: "rag_indexes",
    details: [
      {
        name: "gardenroute-demo",
        label: "Garden Route",
        shared: true,
        documents: 78,
        bytes: 1,
        examples: ["Chi acquistò Villa Pisani a Stra nel 1807?"],
      },
    ],
  };
  visit("/rag");
  const examples = await screen.findByRole("group", { name: "Domande di esempio sui documenti" });
  expect(within(examples).getByRole("button", { name: "Chi acquistò Villa Pisani a Stra nel 1807?" })).toBeVisible();
});
