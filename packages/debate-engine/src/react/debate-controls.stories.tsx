import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DebateControls } from "./debate-controls";

const meta = {
  title: "debate-engine/DebateControls",
  component: DebateControls,
  args: {
    settings: { length: 20, auto: false, models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" } },
    locked: false,
    open: true,
    onOpenChange: fn(),
    onLengthChange: fn(),
    onAutoChange: fn(),
    onModelChange: fn(),
  },
} satisfies Meta<typeof DebateControls>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("switch", { name: "Modalità automatica" }));
    await expect(args.onAutoChange).toHaveBeenCalledWith(true);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Modello B" }), "openai/gpt-oss-120b");
    await expect(args.onModelChange).toHaveBeenCalledWith("B", "openai/gpt-oss-120b");
  },
};
export const Closed: Story = { args: { open: false } };
export const AutoMode: Story = {
  args: { settings: { length: 200, auto: true, models: { A: "openai/gpt-oss-20b", B: "openai/gpt-oss-20b" } } },
};
/** While generating or once messages exist (spec 001 §4). */
export const LockedDuringADebate: Story = {
  args: { locked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("slider", { name: "Durata del dibattito" })).toBeDisabled();
  },
};

/** issue 26 §2: Business and Enterprise are offered 'Basati sui documenti' with one of their indexes. */
export const DocumentsForBusiness: Story = {
  args: {
    settings: { length: 20, auto: false, models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" }, documents: "gardenroute-demo" },
    indexes: [
      { name: "gardenroute-demo", label: "Garden Route (demo)" },
      { name: "archivio-verde", label: "Archivio Verde" },
    ],
    onDocumentsChange: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Indice dei documenti" }), "archivio-verde");
    await expect(args.onDocumentsChange).toHaveBeenCalledWith("archivio-verde");
    await userEvent.click(canvas.getByRole("switch", { name: "Basati sui documenti" }));
    await expect(args.onDocumentsChange).toHaveBeenCalledWith(null);
  },
};
