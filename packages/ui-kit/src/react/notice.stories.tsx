import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Notice } from "./notice";

const meta = {
  title: "ui-kit/Notice",
  component: Notice,
  args: { tone: "info", children: "L'indicizzazione richiede 24-48h." },
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const Success: Story = {
  args: { tone: "success", children: "Impostazioni salvate! Tutti gli utenti useranno queste configurazioni." },
};
export const Warning: Story = { args: { tone: "warning", title: "Attenzione", children: "Il contesto è quasi pieno." } };
export const Error: Story = {
  args: { tone: "error", children: "Si è verificato un errore. Riprova o contattaci direttamente." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toBeVisible();
  },
};
export const Dismissible: Story = {
  args: { tone: "warning", children: "ERRORE: Errore nel pagamento", onDismiss: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Chiudi" }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};
