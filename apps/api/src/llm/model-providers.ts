import type { ModelProvider } from "@oystar/api-client";
import type { Database } from "../db/database";
import type { Env, Upstream } from "../env";
import { readSettings } from "../settings/settings-store";
import { createModelHealth, type ModelHealth } from "./model-health";

// spec 001 §4, §6: the provider is cloud (default) or local, and switching it changes where model
// calls go. Every call still passes through this server (DESIGN.md §4: the server charges and
// checks them); what the admin's choice (the global setting `rag_provider`: cloud or vm) changes
// is the upstream the server sends them to — for chat, debate and RAG at once, without a restart.

/**
 * Other servers on the same database hear of a new choice within this time; the one that saved
 * it, at once.
 */
const CHOICE_TRUSTED_MS = 2_000;

export type ModelProviders = ReturnType<typeof createModelProviders>;

export function createModelProviders(db: Database, llm: Env["llm"], now: () => number = Date.now) {
  const probes = {
    cloud: llm.cloud ? createModelHealth(llm.cloud) : null,
    local: createModelHealth(llm.local),
  };
  let choice: { provider: ModelProvider; at: number } | null = null;
  let reading: Promise<ModelProvider> | null = null;

  async function chosen(): Promise<ModelProvider> {
    if (choice && now() - choice.at < CHOICE_TRUSTED_MS) return choice.provider;
    reading ??= readSettings(db)
      .then(({ data }): ModelProvider => (data.rag_provider === "vm" ? "local" : "cloud"))
      .then((provider) => {
        choice = { provider, at: now() };
        return provider;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  /** Where a provider's calls go: null is the offline model (cloud chosen, none configured). */
  const upstreamOf = (provider: ModelProvider): Upstream | null => (provider === "local" ? llm.local : llm.cloud);

  return {
    chosen,
    /** The upstream model calls go to now, or null for the built-in offline model. */
    async upstream(): Promise<Upstream | null> {
      return upstreamOf(await chosen());
    },
    /** spec 001 §7: the chosen provider's health, probed the way it is probed (cloud or local). */
    async health(): Promise<{ upstream: Upstream; health: ModelHealth } | null> {
      const provider = await chosen();
      const upstream = upstreamOf(provider);
      const probe = probes[provider];
      return upstream && probe ? { upstream, health: await probe() } : null;
    },
    /** The admin saved the settings here: the next call reads the choice again. */
    settingsChanged() {
      choice = null;
    },
  };
}
