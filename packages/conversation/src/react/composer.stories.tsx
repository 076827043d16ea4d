import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Composer, type ComposerProps } from "./composer";

function LiveComposer(props: Omit<ComposerProps, "value" | "onChange">) {
  const [value, setValue] = useState("");
  return <Composer {...props} value={value} onChange={setValue} sendable={props.sendable && value.trim().length > 0} />;
}

const meta = {
  title: "conversation/Composer",
  component: LiveComposer,
  args: { onSend: fn(), sendable: true, loading: false, blocked: false, offline: false },
} satisfies Meta<typeof LiveComposer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Messaggio" }), "Ciao{Enter}");
    await expect(args.onSend).toHaveBeenCalled();
  },
};
/** While an answer comes: STOP, or Esc from anywhere on the page (issue 36 §7). */
export const Answering: Story = {
  args: { loading: true, onStop: fn() },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Interrompi" })).toHaveAttribute("aria-keyshortcuts", "Escape");
    await userEvent.keyboard("{Escape}");
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};
export const QuotaExhausted: Story = { args: { blocked: true, sendable: false } };
export const ServiceOffline: Story = { args: { offline: true, sendable: false } };
