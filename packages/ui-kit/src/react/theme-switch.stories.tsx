import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { createThemeSwitch } from "../theme-choice";
import { ThemeSwitch } from "./theme-switch";

/**
 * A switch of its own, on a storage of its own and on the story's frame rather than the page's
 * root: choosing here shows the theme inside the frame and leaves Storybook's chosen theme alone.
 */
function storySwitch(frame: HTMLElement) {
  const kept = new Map<string, string>();
  const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value), removeItem: (key: string) => void kept.delete(key) };
  return createThemeSwitch({ storage, root: frame });
}

const meta = {
  title: "ui-kit/ThemeSwitch",
  component: ThemeSwitch,
} satisfies Meta<typeof ThemeSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Tema' and its three choices, as in the header's menu. */
export const Automatico: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole("combobox", { name: "Tema" });
    await expect(select).toHaveDisplayValue("Automatico");
    await expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["Automatico", "Chiaro", "Scuro"]);
  },
  render: function Render(_args, { canvasElement }) {
    return <ThemeSwitch themeSwitch={storySwitch(canvasElement)} />;
  },
};

/** Choosing 'Scuro' marks the frame dark, as it marks the page's root in the apps. */
export const ChoosingScuro: Story = {
  render: function Render(_args, { canvasElement }) {
    return <ThemeSwitch themeSwitch={storySwitch(canvasElement)} />;
  },
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(within(canvasElement).getByRole("combobox", { name: "Tema" }), "Scuro");
    await expect(canvasElement).toHaveAttribute("data-theme", "dark");
    await userEvent.selectOptions(within(canvasElement).getByRole("combobox", { name: "Tema" }), "Automatico");
    await expect(canvasElement).not.toHaveAttribute("data-theme");
  },
};
