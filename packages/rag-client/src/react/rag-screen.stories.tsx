import { defaultSettings } from "@oystar/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, userEvent, within } from "storybook/test";
import { createRagSession } from "../rag-session";
import { storyDependencies, type StoryServer } from "../testing/story-world";
import { RagScreen } from "./rag-screen";

/** The whole screen over a server that answers from three passages, a few characters at a time. */
function LiveRag({ server }: { server: StoryServer }) {
  const session = useMemo(() => createRagSession({ ...storyDependencies(server), settings: defaultSettings }), [server]);
  return (
    <RagScreen
      session={session}
      indexes={[{ name: "gardenroute-demo", label: "Garden Route" }]}
      renderCard={() => null}
      updatedAt="2026-11-20T09:15:00.000Z"
      version={3}
    />
  );
}

const meta = {
  title: "rag-client/RagScreen",
  component: LiveRag,
  args: { server: {} },
  parameters: { layout: "padded" },
} satisfies Meta<typeof LiveRag>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Answer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Messaggio" }), "Quando si visita Boboli?{Enter}");
    const sources = await canvas.findByRole("region", { name: "Fonti utilizzate" }, { timeout: 10_000 });
    await expect(within(sources).getByRole("link", { name: "Il Giardino di Boboli a Firenze" })).toBeVisible();
    // [1344] is a chunk id: it leads to the limonaie passage (spec 001 §5).
    // The answer's Markdown (and its citation links) is drawn by a lazily loaded renderer.
    await userEvent.click(await canvas.findByRole("link", { name: "Fonte 1344" }, { timeout: 10_000 }));
    await expect(within(sources).getByText("Limonaie e agrumi in vaso").closest("li")).toHaveFocus();
  },
};

export const ContextNearlyFull: Story = {
  args: { server: { contextUsage: 92 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Messaggio" }), "Una domanda in una conversazione lunga{Enter}");
    await expect(await canvas.findByText("Contesto quasi esaurito", {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText("Riepilogo automatico")).toBeVisible();
  },
};

export const AdvancedPanel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Impostazioni avanzate" }));
    await expect(canvas.getByRole("combobox", { name: "Modello" })).toHaveValue("openai/gpt-oss-120b");
  },
};
