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
  const storage = {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  };
  return createThemeSwitch({ storage, root: frame });
}

const meta = {
  title: "ui-kit/ThemeSwitch",
  component: ThemeSwitch,
} satisfies Meta<typeof ThemeSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Tema: Automatico', closed, as the header shows it. */
export const Automatico: Story = {
  render: function Render(_args, { canvasElement }) {
    return <ThemeSwitch themeSwitch={storySwitch(canvasElement)} />;
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Tema: Automatico" })).toHaveAttribute("aria-expanded", "false");
  },
};

/** Its choices open; 'Scuro' marks the frame dark, as it marks the page's root in the apps. */
export const ChoosingScuro: Story = {
  render: function Render(_args, { canvasElement }) {
    return (
      <div style={{ display: "flex", justifyContent: "flex-end", minHeight: 160 }}>
        <ThemeSwitch themeSwitch={storySwitch(canvasElement)} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Tema: Automatico" }));
    await expect(canvas.getByRole("group", { name: "Tema" })).toBeVisible();
    await userEvent.click(canvas.getByRole("radio", { name: "Scuro" }));
    await expect(canvasElement).toHaveAttribute("data-theme", "dark");
    await expect(canvas.getByRole("button", { name: "Tema: Scuro" })).toHaveAttribute("aria-expanded", "true");
  },
};
