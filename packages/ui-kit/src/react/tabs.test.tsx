import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { Tabs } from "./tabs";

const tabs = [
  { id: "debate", label: "DEBATE", content: "Due tesi" },
  { id: "synthesis", label: "SINTESI", content: "Dal tema" },
  { id: "challenge", label: "SFIDA", content: "Una tesi da confutare" },
];

test("the first tab is selected and only it is in the tab order", () => {
  render(<Tabs tabs={tabs} label="Modalità" />);
  const first = screen.getByRole("tab", { name: "DEBATE" });
  expect(first).toHaveAttribute("aria-selected", "true");
  expect(first).toHaveAttribute("tabindex", "0");
  expect(screen.getByRole("tab", { name: "SINTESI" })).toHaveAttribute("tabindex", "-1");
  expect(screen.getByRole("tabpanel")).toHaveTextContent("Due tesi");
});

test("arrows, Home and End move the selection and the focus", async () => {
  const onChange = vi.fn();
  render(<Tabs tabs={tabs} label="Modalità" onChange={onChange} />);
  await userEvent.click(screen.getByRole("tab", { name: "DEBATE" }));
  await userEvent.keyboard("{ArrowRight}");
  expect(screen.getByRole("tab", { name: "SINTESI" })).toHaveFocus();
  expect(screen.getByRole("tabpanel")).toHaveTextContent("Dal tema");
  await userEvent.keyboard("{End}");
  expect(screen.getByRole("tab", { name: "SFIDA" })).toHaveAttribute("aria-selected", "true");
  await userEvent.keyboard("{ArrowRight}");
  expect(screen.getByRole("tab", { name: "DEBATE" })).toHaveAttribute("aria-selected", "true");
  await userEvent.keyboard("{ArrowLeft}");
  expect(screen.getByRole("tab", { name: "SFIDA" })).toHaveAttribute("aria-selected", "true");
  await userEvent.keyboard("{Home}");
  expect(onChange).toHaveBeenLastCalledWith("debate");
});
