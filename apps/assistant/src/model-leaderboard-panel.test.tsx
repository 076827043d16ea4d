import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { serverAnswers, visit } from "./test-support/render-assistant";

// issue 26 §3: the admin's model leaderboard, in the global settings — the offline model's debates apart.
test("the admin reads the models ranked by Elo, with the judge's verdicts and the users' votes", async () => {
  serverAnswers({ healthy: true, admin: true });
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("button", { name: "Impostazioni globali" }));
  await user.click(await screen.findByText("Classifica dei modelli", { selector: "summary" }));
  const table = await screen.findByRole("table", { name: "Classifica dei modelli" });
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent),
  ).toEqual(["Posizione", "Modello", "Elo", "Verdetti del giudice", "Voti degli utenti"]);
  const rows = within(table).getAllByRole("row").slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .concat(within(row).getAllByRole("rowheader"))
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ["1", "1031", "3 vinti · 1 pari · 0 persi", "1 vinti · 0 pari · 0 persi", "openai/gpt-oss-120b"],
    ["2", "969", "0 vinti · 1 pari · 3 persi", "0 vinti · 0 pari · 1 persi", "openai/gpt-oss-20b"],
  ]);
  const offline = screen.getByRole("table", { name: "Dibattiti argomentati dal modello offline" });
  expect(within(offline).getAllByRole("row")).toHaveLength(2);
});
