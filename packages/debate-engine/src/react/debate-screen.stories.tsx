import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, userEvent, within } from "storybook/test";
import { createDebateSession } from "../debate-session";
import type { DebateDefaults } from "../debate-state";
import { storyPorts } from "../testing/story-world";
import { DebateScreen } from "./debate-screen";

/** The whole screen over a model that answers in character, a few words at a time. */
function LiveDebate({ settings }: { settings: DebateDefaults }) {
  const session = useMemo(() => createDebateSession(storyPorts({ wordsPerSecond: 60 }), settings), [settings]);
  return <DebateScreen session={session} sendFeedback={async () => {}} saveFile={() => {}} />;
}

const meta = {
  title: "debate-engine/DebateScreen",
  component: LiveDebate,
  args: { settings: { length: 6 } },
  parameters: { layout: "padded" },
} satisfies Meta<typeof LiveDebate>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Start: Story = {};

/** Issue 27 §5: the empty-topic notice, its ✕ on its line, gone once both theses are written. */
export const EmptyTopic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Avvia Dibattito" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Inserisci un tema per la discussione!");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi A (a favore)" }), "Le auto elettriche");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi B (contro)" }), "Le auto a benzina");
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

export const ManualDebate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il treno");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi B (contro)" }), "L'aereo");
    await userEvent.click(canvas.getByRole("button", { name: "Avvia Dibattito" }));
    const next = await canvas.findByRole("button", { name: "Prossimo (B)" }, { timeout: 10_000 });
    await expect(canvas.getByText("Modello A", { selector: ".debate-turn__speaker" })).toBeVisible();
    await userEvent.click(next);
    await expect(await canvas.findByRole("button", { name: "Prossimo (A)" }, { timeout: 10_000 })).toBeVisible();
  },
};

export const Synthesis: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il treno");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi B (contro)" }), "L'aereo");
    await userEvent.click(canvas.getByRole("tab", { name: "SINTESI" }));
    await userEvent.click(canvas.getByRole("button", { name: "Genera Sintesi" }));
    await expect(await canvas.findByRole("progressbar")).toBeVisible();
    await expect(await canvas.findByRole("heading", { name: "Sintesi del dibattito" }, { timeout: 20_000 })).toBeVisible();
  },
};
