import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, userEvent, within } from "storybook/test";
import { createDebateSession } from "../debate-session";
import type { DebateDefaults } from "../debate-state";
import { storyPorts } from "../testing/story-world";
import { DebateScreen } from "./debate-screen";

/** The whole screen over a model that answers in character, a few words at a time. */
function LiveDebate({ settings, offline = false }: { settings: DebateDefaults; offline?: boolean }) {
  const session = useMemo(() => createDebateSession(storyPorts({ wordsPerSecond: 60 }), settings), [settings]);
  return <DebateScreen session={session} sendFeedback={async () => {}} saveFile={() => {}} offline={offline} />;
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

/** Issue 36 §3: the three example theses; a click writes both. */
export const ExampleTheses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const examples = canvas.getByRole("group", { name: "Tesi di esempio" });
    await userEvent.click(within(examples).getAllByRole("button")[1]!);
    await expect(canvas.getByRole("textbox", { name: "Tesi A (a favore)" })).toHaveValue("Il centro delle città va chiuso alle auto");
    await expect(canvas.getByRole("textbox", { name: "Tesi B (contro)" })).toHaveValue("Le auto devono poter entrare in centro");
  },
};

/** Issue 36 §3: automatic unless told — the turns follow one another with no 'Prossimo'. */
export const AutoDebate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il treno");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi B (contro)" }), "L'aereo");
    await userEvent.click(canvas.getByRole("button", { name: "Avvia Dibattito" }));
    await expect(await canvas.findByRole("group", { name: "Stato del dibattito" }, { timeout: 10_000 })).toHaveTextContent("Auto");
    await expect(canvas.queryByRole("button", { name: /^Prossimo/ })).toBeNull();
  },
};

/** Manual mode, one switch away: each turn waits for 'Prossimo'. */
export const ManualDebate: Story = {
  args: { settings: { length: 6, auto: false } },
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

/**
 * issue 36 §1: the server's offline model plays both sides — 'Lato A' and 'Lato B' in the banner,
 * the bubbles and the status bar, no model name, the demonstration model said once.
 */
export const Offline: Story = {
  args: { settings: { length: 6, auto: false }, offline: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il treno");
    await userEvent.type(canvas.getByRole("textbox", { name: "Tesi B (contro)" }), "L'aereo");
    await userEvent.click(canvas.getByRole("button", { name: "Avvia Dibattito" }));
    await canvas.findByRole("button", { name: "Prossimo (B)" }, { timeout: 10_000 });
    await expect(canvas.getByRole("region", { name: "Il tema del dibattito" })).toHaveTextContent(
      "Entrambi i lati sono scritti dal modello dimostrativo offline.",
    );
    await expect(canvas.getByText("Lato A", { selector: ".debate-turn__speaker" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "Stato del dibattito" })).toHaveTextContent("Prossimo: Lato B");
    await expect(canvasElement.textContent).not.toMatch(/gpt-oss|Modello [AB]/);
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
