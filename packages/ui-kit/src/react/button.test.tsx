import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { Button, IconButton } from "./button";

test("a button is a plain button that calls its handler", async () => {
  const onClick = vi.fn();
  render(<Button onClick={onClick}>Invia</Button>);
  const button = screen.getByRole("button", { name: "Invia" });
  expect(button).toHaveAttribute("type", "button");
  await userEvent.click(button);
  expect(onClick).toHaveBeenCalledOnce();
});

test("a loading button is busy, says it is loading and cannot be clicked", async () => {
  const onClick = vi.fn();
  render(
    <Button loading onClick={onClick}>
      Paga
    </Button>,
  );
  const button = screen.getByRole("button", { name: /Paga/ });
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute("aria-busy", "true");
  expect(button).toHaveTextContent("Caricamento...");
  await userEvent.click(button);
  expect(onClick).not.toHaveBeenCalled();
});

test("an icon button is named by its label", () => {
  render(<IconButton label="Copia" icon="⧉" />);
  expect(screen.getByRole("button", { name: "Copia" })).toHaveAttribute("title", "Copia");
});
