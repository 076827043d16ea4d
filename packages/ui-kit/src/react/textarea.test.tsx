import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, test, vi } from "vitest";
import { Textarea } from "./textarea";

function Composer({ onSubmit, disabled }: { onSubmit: (text: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState("");
  return (
    <Textarea
      label="Messaggio"
      placeholder="Scrivi un messaggio..."
      value={value}
      onChange={setValue}
      disabled={disabled}
      onSubmit={() => onSubmit(value)}
    />
  );
}

test("Enter sends what was typed", async () => {
  const onSubmit = vi.fn();
  render(<Composer onSubmit={onSubmit} />);
  const field = screen.getByRole("textbox", { name: "Messaggio" });
  await userEvent.type(field, "Ciao{Enter}");
  expect(onSubmit).toHaveBeenCalledWith("Ciao");
  expect(field).toHaveValue("Ciao");
});

test("Shift+Enter adds a new line instead of sending", async () => {
  const onSubmit = vi.fn();
  render(<Composer onSubmit={onSubmit} />);
  const field = screen.getByRole("textbox", { name: "Messaggio" });
  await userEvent.type(field, "prima{Shift>}{Enter}{/Shift}seconda");
  expect(onSubmit).not.toHaveBeenCalled();
  expect(field).toHaveValue("prima\nseconda");
});

test("a disabled field never sends", async () => {
  const onSubmit = vi.fn();
  render(<Composer onSubmit={onSubmit} disabled />);
  expect(screen.getByRole("textbox", { name: "Messaggio" })).toBeDisabled();
  expect(onSubmit).not.toHaveBeenCalled();
});

test("the height is set from the content", () => {
  render(<Composer onSubmit={() => {}} />);
  const field = screen.getByRole("textbox", { name: "Messaggio" });
  expect(field.style.height).toMatch(/px$/);
});

test("without onSubmit, Enter starts a new line; the length is capped and described", async () => {
  function Comment() {
    const [value, setValue] = useState("");
    return (
      <Textarea
        label="Commento"
        hideLabel={false}
        value={value}
        onChange={setValue}
        maxLength={5}
        rows={3}
        description={`${value.length}/5`}
      />
    );
  }
  render(<Comment />);
  const field = screen.getByRole("textbox", { name: "Commento" });
  await userEvent.type(field, "ab{Enter}cdefgh");
  expect(field).toHaveValue("ab\ncd");
  expect(field).toHaveAccessibleDescription("5/5");
  expect(field).toHaveAttribute("rows", "3");
});
