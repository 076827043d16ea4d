import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Dialog } from "./dialog";

function OcrConfirmation({ initiallyOpen = false, placement }: { initiallyOpen?: boolean; placement?: "center" | "side" }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Carica PDF</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        placement={placement}
        title="PDF senza testo"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              No, annulla
            </Button>
            <Button onClick={() => setOpen(false)}>Sì, estrai testo</Button>
          </>
        }
      >
        <p>Il documento sembra una scansione. Vuoi estrarre il testo con l&apos;OCR?</p>
      </Dialog>
    </>
  );
}

const meta = { title: "ui-kit/Dialog", component: OcrConfirmation } satisfies Meta<typeof OcrConfirmation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { initiallyOpen: true } };
/** The side panel of long forms (global settings, RAG configuration). */
export const SidePanel: Story = { args: { initiallyOpen: true, placement: "side" } };
export const EscapeClosesAndReturnsFocus: Story = {
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole("button", { name: "Carica PDF" });
    await userEvent.click(opener);
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByRole("dialog", { name: "PDF senza testo" })).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await expect(opener).toHaveFocus();
  },
};
