import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Textarea } from "./textarea";

function ChatInput({ initial = "", disabled = false, onSend }: { initial?: string; disabled?: boolean; onSend?: (text: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Textarea
      label="Messaggio"
      placeholder="Scrivi la tua domanda..."
      value={value}
      disabled={disabled}
      onChange={setValue}
      onSubmit={() => {
        onSend?.(value);
        setValue("");
      }}
    />
  );
}

const meta = { title: "ui-kit/Textarea", component: ChatInput, args: { onSend: fn() } } satisfies Meta<typeof ChatInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Disabled: Story = { args: { disabled: true } };
export const LongTextScrolls: Story = {
  args: { initial: Array.from({ length: 12 }, (_, line) => `Riga ${line + 1}`).join("\n") },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "Messaggio" });
    await expect(field.getBoundingClientRect().height).toBeLessThanOrEqual(120);
  },
};
export const EnterSendsShiftEnterBreaksLine: Story = {
  play: async ({ args, canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "Messaggio" });
    await userEvent.type(field, "Prima riga{Shift>}{Enter}{/Shift}seconda");
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard("{Enter}");
    await expect(args.onSend).toHaveBeenCalledWith("Prima riga\nseconda");
    await expect(field).toHaveValue("");
  },
};
