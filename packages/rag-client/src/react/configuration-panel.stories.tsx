import { defaultSettings, type Health } from "@oystar/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { ragRunning } from "../rag-running";
import { configurationView, RAG_CLIENT_DEFAULTS, ragSettingsOf } from "../rag-settings";
import { ConfigurationPanel } from "./configuration-panel";

const meta = {
  title: "rag-client/ConfigurationPanel",
  component: ConfigurationPanel,
  args: {
    open: true,
    onClose: () => {},
    configuration: configurationView(ragSettingsOf(defaultSettings)),
    updatedAt: "2026-11-20T09:15:00.000Z",
    version: 3,
  },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof ConfigurationPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The admin's settings, read-only, in the wide right-side panel: in plain words first, the technical names folded (issue 52 §4). */
export const AdminSettings: Story = {
  play: async () => {
    const panel = within(document.body).getByRole("dialog", { name: "Configurazione attuale" });
    await expect(within(panel).getByText("In tutti i tuoi indici")).toBeVisible();
    await expect(within(panel).getByText("Private Cloud")).not.toBeVisible();
    await userEvent.click(within(panel).getByText("Dettagli tecnici"));
    await expect(within(panel).getByText("Private Cloud")).toBeVisible();
  },
};

/** The client defaults of spec 001 §9, multi-query on, two indexes named, never saved by the admin. */
export const ClientDefaults: Story = {
  args: {
    configuration: configurationView({
      ...RAG_CLIENT_DEFAULTS,
      rag_use_multi_query: true,
      rag_index_names: ["gardenroute-500-2025", "contratti-test"],
    }),
    updatedAt: null,
    version: 0,
  },
};

/** What /api/health says of a server with no model and no semantic services connected. */
const offlineServer: Health = {
  status: "ok",
  version: "1",
  model: { offline: true, name: "oystar-offline" },
  rag: {
    embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical" },
    reranker: { name: "oystar-local-feature-scorer", kind: "local-feature-scorer" },
  },
};

/** Issue 23 §6: what runs, beside what the settings ask for where they differ. */
export const WhatRuns: Story = {
  args: { running: ragRunning(offlineServer, ragSettingsOf(defaultSettings)) },
  play: async () => {
    const panel = within(document.body).getByRole("dialog", { name: "Configurazione attuale" });
    const value = (term: string) => within(panel).getByText(term, { selector: "dt" }).nextElementSibling;
    await expect(value("Modello di embedding")).toHaveTextContent("locale (lessicale) (le impostazioni chiedono bge-m3)");
    await expect(value("Modello linguistico")).toHaveTextContent(
      "Modello dimostrativo offline (le impostazioni chiedono openai/gpt-oss-120b)",
    );
  },
};
