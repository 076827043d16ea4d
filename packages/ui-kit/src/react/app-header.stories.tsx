import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Badge } from "./badge";
import { Button } from "./button";
import { createThemeSwitch } from "../theme-choice";
import { AppHeader } from "./app-header";
import { ThemeSwitch } from "./theme-switch";

/** A frame of the given width: the header answers to its own width (a container query). */
const frame = (width: number) => (Story: () => React.JSX.Element) => (
  <div style={{ width }}>
    <Story />
  </div>
);

const meta = {
  title: "ui-kit/AppHeader",
  component: AppHeader,
  parameters: { layout: "fullscreen" },
  args: {
    brand: <strong>OYSTAR</strong>,
    nav: (
      <nav aria-label="Moduli">
        <a href="#chat" aria-current="page">
          OYSTAR AI
        </a>{" "}
        <a href="#debate">OYSTAR Debate</a> <a href="#rag">OYSTAR RAG</a>
      </nav>
    ),
    indicator: (
      <span role="status" className="oy-badge oy-badge--success">
        <span aria-hidden="true">●</span> <span className="oy-badge__label">Online</span>
      </span>
    ),
    status: <Badge tone="brand">Business</Badge>,
    user: <span>business@oystar.test</span>,
    actions: (
      <>
        <ThemeSwitch themeSwitch={createThemeSwitch({ storage: null, root: document.createElement("html") })} />
        <Button variant="secondary" size="sm">
          Esci
        </Button>
      </>
    ),
  },
} satisfies Meta<typeof AppHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Wide: one row, no menu button. */
export const Full: Story = {
  decorators: [frame(1280)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("navigation", { name: "Moduli" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Esci" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Menu" })).toBeNull();
    // Issue 36 §7: in the row the theme's switch is its icon, named by its words.
    await expect(canvas.getByRole("button", { name: "Tema: Automatico" }).getBoundingClientRect().width).toBeLessThanOrEqual(40);
  },
};

/** Issue 27 §3: a phone — the brand, the status dot and 'Menu' in one row; the rest in the menu. */
export const Phone: Story = {
  decorators: [frame(390)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("banner");
    await expect(banner.getBoundingClientRect().height).toBeLessThanOrEqual(64);
    await expect(canvas.getByRole("status")).toBeVisible();
    await expect(canvas.queryByRole("navigation", { name: "Moduli" })).toBeNull();
    const menu = canvas.getByRole("button", { name: "Menu" });
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByRole("navigation", { name: "Moduli" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Esci" })).toBeVisible();
    // In the menu the theme's switch says its words.
    await expect(canvas.getByRole("button", { name: "Tema: Automatico" })).toHaveTextContent("Tema: Automatico");
    await expect(canvas.getByText("Tema: Automatico").getBoundingClientRect().width).toBeGreaterThan(40);
    await userEvent.keyboard("{Escape}");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toHaveFocus();
  },
};

export const BrandOnly: Story = { args: { nav: undefined, indicator: undefined, status: undefined, user: undefined, actions: undefined } };
