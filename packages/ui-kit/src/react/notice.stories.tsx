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
/** How far the ✕'s middle sits from the middle of the notice's first line of text, in px. */
function dismissOffset(notice: HTMLElement) {
  // (This file's story named Error hides the global one: no throwing here.)
  const content = notice.querySelector(".oy-notice__content") as HTMLElement;
  const close = within(notice).getByRole("button", { name: "Chiudi" }).getBoundingClientRect();
  const line = Number.parseFloat(getComputedStyle(content).lineHeight);
  return Math.abs(close.top + close.height / 2 - (content.getBoundingClientRect().top + line / 2));
}

export const Dismissible: Story = {
  args: { tone: "error", children: "Inserisci un tema per la discussione!", onDismiss: fn() },
  play: async ({ args, canvasElement }) => {
    // Issue 27 §5: the ✕ sits on the text's line, not below it.
    await expect(dismissOffset(within(canvasElement).getByRole("alert"))).toBeLessThan(1);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Chiudi" }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

/** Issue 27 §5: a notice that stays on screen in one line, its details on demand. */
export const CompactWithDetails: Story = {
  args: {
    tone: "info",
    compact: true,
    title: "Modello dimostrativo offline",
    children: "nessun modello linguistico collegato.",
    details: "Le risposte mostrano come funziona la chat ma non rispondono alla domanda: di un documento allegato riportano solo l'inizio.",
    onDismiss: fn(),
  },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole("status");
    const line = notice.querySelector(".oy-notice__line") as HTMLElement;
    const oneLine = Number.parseFloat(getComputedStyle(line).lineHeight);
    await expect(line.getBoundingClientRect().height).toBeLessThan(oneLine * 1.5);
    await expect(dismissOffset(notice)).toBeLessThan(1);
    const more = within(notice).getByRole("button", { name: "Dettagli" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(within(notice).queryByText(/Le risposte mostrano come funziona la chat/)).not.toBeVisible();
    await userEvent.click(more);
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await expect(within(notice).getByText(/Le risposte mostrano come funziona la chat/)).toBeVisible();
  },
};
