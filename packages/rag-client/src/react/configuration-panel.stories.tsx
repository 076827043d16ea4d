import { defaultSettings } from "@oystar/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { configurationView, RAG_CLIENT_DEFAULTS, ragSettingsOf } from "../rag-settings";
import { ConfigurationPanel } from "./configuration-panel";

const meta = {
  title: "rag-client/ConfigurationPanel",
  component: ConfigurationPanel,
  args: { open: true, onClose: () => {}, configuration: configurationView(ragSettingsOf(defaultSettings)), updatedAt: "2026-11-20T09:15:00.000Z", version: 3 },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof ConfigurationPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The admin's settings, read-only, in the wide right-side panel. */
export const AdminSettings: Story = {
  play: async () => {
    const panel = within(document.body).getByRole("dialog", { name: "Configurazione attuale" });
    await expect(within(panel).getByText("Private Cloud")).toBeVisible();
    await expect(within(panel).getByText("tutti gli indici")).toBeVisible();
  },
};

/** The client defaults of spec 001 §9, multi-query on, two indexes named, never saved by the admin. */
export const ClientDefaults: Story = {
  args: {
    configuration: configurationView({ ...RAG_CLIENT_DEFAULTS, rag_use_multi_query: true, rag_index_names: ["gardenroute-500-2025", "contratti-test"] }),
    updatedAt: null,
    version: 0,
  },
};
