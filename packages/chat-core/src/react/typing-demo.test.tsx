import { act, fireEvent, render, screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { typingSample } from "../typing-demo";
import { TypingDemo } from "./typing-demo";

test("the sample is typed one character at a time at the chosen speed, with count and time", () => {
  vi.useFakeTimers();
  const onClose = vi.fn();
  const sample = typingSample("openai/gpt-oss-20b");
  render(<TypingDemo open onClose={onClose} model="openai/gpt-oss-20b" />);
  expect(screen.getByText("Scrive: openai/gpt-oss-20b")).toBeInTheDocument();
  expect(screen.getByText(`${sample.length} caratteri`)).toBeInTheDocument();
  expect(screen.getByText(`circa ${Math.ceil(sample.length / 25)} s`)).toBeInTheDocument();
  const typed = () => document.querySelector(".chat-typing [aria-hidden='true']")?.textContent;
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  expect(typed()).toBe(sample.slice(0, 25));
  fireEvent.change(screen.getByRole("combobox", { name: "Velocità" }), { target: { value: "40" } });
  expect(screen.getByText(`circa ${Math.ceil(sample.length / 40)} s`)).toBeInTheDocument();
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  expect(typed()).toBe(sample.slice(0, 40));
  fireEvent.click(screen.getByRole("button", { name: "Chiudi" }));
  expect(onClose).toHaveBeenCalled();
  vi.useRealTimers();
});

// Issue 52 §5: with the offline model selected, the demo said 'Buongiorno! Sono il modello grande di OYSTAR…'.
test("offline, the demo says the demonstration model writes, and borrows no model's words", () => {
  render(<TypingDemo open onClose={() => {}} model="openai/gpt-oss-120b" offline />);
  expect(screen.getByText("Scrive: Modello dimostrativo offline")).toBeInTheDocument();
  expect(screen.getByText(/Nessun modello linguistico è collegato/)).toBeInTheDocument();
  const sample = document.querySelector(".chat-typing .oy-visually-hidden")?.textContent ?? "";
  expect(sample).toMatch(/^Sono il modello dimostrativo offline di OYSTAR/);
  expect(document.body.textContent).not.toMatch(/Buongiorno! Sono il modello grande|gpt-oss/);
});
