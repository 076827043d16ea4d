import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { toggleAdvancedControls } from "@oystar/conversation";
import { AdvancedPanel } from "./advanced-panel";
import { useAdvancedControls } from "@oystar/conversation/react";

test("only the two gpt-oss models can be chosen for chat, with Deep Think", async () => {
  const user = userEvent.setup();
  const onModelChange = vi.fn();
  const onDeepThinkChange = vi.fn();
  render(
    <AdvancedPanel
      options={{ model: "openai/gpt-oss-120b", deepThink: false }}
      onModelChange={onModelChange}
      onDeepThinkChange={onDeepThinkChange}
      onOpenTypingDemo={vi.fn()}
    />,
  );
  const select = screen.getByRole("combobox", { name: "Modello" });
  expect([...(select as HTMLSelectElement).options].map((option) => option.value)).toEqual(["openai/gpt-oss-120b", "openai/gpt-oss-20b"]);
  await user.selectOptions(select, "openai/gpt-oss-20b");
  expect(onModelChange).toHaveBeenCalledWith("openai/gpt-oss-20b");
  await user.click(screen.getByRole("switch", { name: /Deep Think/ }));
  expect(onDeepThinkChange).toHaveBeenCalledWith(true);
});

// spec 001 §7 (issue 14 §5): the list comes from the server.
test("the selector offers what the server serves, or its offline model alone", async () => {
  const props = {
    options: { model: "openai/gpt-oss-20b" as const, deepThink: false },
    onModelChange: vi.fn(),
    onDeepThinkChange: vi.fn(),
    onOpenTypingDemo: vi.fn(),
  };
  const { unmount } = render(<AdvancedPanel {...props} choices={{ models: ["openai/gpt-oss-20b"], offline: false }} />);
  const select = screen.getByRole("combobox", { name: "Modello" });
  expect([...(select as HTMLSelectElement).options].map((option) => option.value)).toEqual(["openai/gpt-oss-20b"]);
  unmount();
  render(<AdvancedPanel {...props} choices={{ models: [], offline: true }} />);
  const offline = screen.getByRole("combobox", { name: "Modello" });
  expect(offline).toBeDisabled();
  expect(offline).toHaveDisplayValue("Modello dimostrativo offline");
  expect(screen.queryByRole("switch", { name: /Deep Think/ })).toBeNull();
});

test("the window event toggleAdvancedControls opens and closes the panel", () => {
  const { result } = renderHook(() => useAdvancedControls());
  expect(result.current[0]).toBe(false);
  act(() => toggleAdvancedControls());
  expect(result.current[0]).toBe(true);
  act(() => {
    window.dispatchEvent(new Event("toggleAdvancedControls"));
  });
  expect(result.current[0]).toBe(false);
});
