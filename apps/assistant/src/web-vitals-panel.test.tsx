import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { serverAnswers, visit } from "./test-support/render-assistant";

// spec 000 §7 (issue 14 §7): the admin sees the pages' web-vitals, p75 per page.
test("the admin reads the 75th percentile per page in the global settings", async () => {
  serverAnswers({ healthy: true, admin: true });
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("button", { name: "Impostazioni globali" }));
  await user.click(await screen.findByText("Prestazioni delle pagine", { selector: "summary" }));
  const table = await screen.findByRole("table", { name: "Prestazioni delle pagine" });
  const row = within(table).getByRole("row", { name: /\/chat/ });
  expect(within(row).getByText("1470 ms (12 misure)")).toBeInTheDocument();
  expect(within(row).getByText("0,052 (12 misure)")).toBeInTheDocument();
});
