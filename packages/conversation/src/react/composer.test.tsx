import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { Composer, type ComposerProps } from "./composer";

const props = (changes: Partial<ComposerProps> = {}): ComposerProps => ({
  value: "",
  onChange: () => {},
  onSend: () => {},
  sendable: false,
  loading: false,
  blocked: false,
  offline: false,
  ...changes,
});

test("issue 36 §7: while an answer comes, Esc stops it, as STOP does, wherever the focus is", async () => {
  const user = userEvent.setup();
  const onStop = vi.fn();
  render(
    <>
      <button type="button">Altro</button>
      <Composer {...props({ loading: true, onStop })} />
    </>,
  );
  await user.click(screen.getByRole("textbox", { name: "Messaggio" }));
  await user.keyboard("{Escape}");
  expect(onStop).toHaveBeenCalledTimes(1);
  screen.getByRole("button", { name: "Altro" }).focus();
  await user.keyboard("{Escape}");
  expect(onStop).toHaveBeenCalledTimes(2);
  await user.click(screen.getByRole("button", { name: "Interrompi" }));
  expect(onStop).toHaveBeenCalledTimes(3);
});

test("Esc stops nothing when no answer is coming, nor while a dialog is open (its Esc closes it)", async () => {
  const user = userEvent.setup();
  const onStop = vi.fn();
  const { rerender } = render(<Composer {...props({ loading: false, onStop })} />);
  await user.keyboard("{Escape}");
  expect(onStop).not.toHaveBeenCalled();
  rerender(
    <>
      <Composer {...props({ loading: true, onStop })} />
      <div role="dialog" aria-modal="true" aria-label="Fonte">
        <button type="button">Chiudi</button>
      </div>
    </>,
  );
  screen.getByRole("button", { name: "Chiudi" }).focus();
  await user.keyboard("{Escape}");
  expect(onStop).not.toHaveBeenCalled();
});
