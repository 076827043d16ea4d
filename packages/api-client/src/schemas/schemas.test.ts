import { describe, expect, test } from "vitest";
import { chatCompletionRequestSchema } from "./chat";
import { MISSING_CHECKOUT_URL, parseCheckoutSession } from "./checkout";
import { chatModelChoices, modelListSchema } from "./models";
import { plansResponseSchema } from "./plans";
import { defaultSettings, mergeSettings, settingsAnswerSchema, settingsSchema, settingsUpdateSchema } from "./settings";
import { SETTINGS_FIELDS } from "./settings-fields";
import { subscriptionStatusResponseSchema } from "./subscription";

const status = {
  plan: "pro",
  plan_name: "Pro",
  queries_used: 3,
  queries_limit: 1000,
  debates_used: 0,
  debates_limit: 100,
  rag_enabled: false,
};

test("subscription status is read bare or inside a data wrapper", () => {
  expect(subscriptionStatusResponseSchema.parse(status)).toEqual(status);
  expect(subscriptionStatusResponseSchema.parse({ data: status })).toEqual(status);
  expect(() => subscriptionStatusResponseSchema.parse({ data: { plan: "gold" } })).toThrow();
});

test("plans: a null price means on request", () => {
  const parsed = plansResponseSchema.parse({
    plans: [
      {
        id: "enterprise",
        name: "Enterprise",
        price: null,
        description: "Su richiesta",
        queries_limit: -1,
        debates_limit: -1,
        rag_enabled: true,
        rag_indices_limit: -1,
      },
    ],
  });
  expect(parsed.plans[0]?.price).toBeNull();
});

test("a checkout answer without a URL gives the spec's message", () => {
  expect(parseCheckoutSession({ checkout_url: "https://pay.example/cs_1", session_id: "cs_1" }).session_id).toBe("cs_1");
  expect(() => parseCheckoutSession({ session_id: "cs_1" })).toThrow(MISSING_CHECKOUT_URL);
  expect(() => parseCheckoutSession({ checkout_url: "", session_id: "cs_1" })).toThrow(MISSING_CHECKOUT_URL);
  expect(() => parseCheckoutSession(null)).toThrow(MISSING_CHECKOUT_URL);
});

test("settings are merged over the defaults, unwrapping data and dropping bad values", () => {
  const merged = mergeSettings({
    data: { debate_length: 40, rag_top_k_retrieval: 500, unknown_key: 1, rag_index_names: "gardenroute-500, test" },
  });
  expect(merged.debate_length).toBe(40);
  expect(merged.rag_top_k_retrieval).toBe(defaultSettings.rag_top_k_retrieval);
  expect(merged.rag_index_names).toEqual(["gardenroute-500", "test"]);
  expect(merged).not.toHaveProperty("unknown_key");
  expect(mergeSettings(undefined)).toEqual(defaultSettings);
});

test("a settings answer gives the merged settings and the last save, from ours or an older server", () => {
  const ours = settingsAnswerSchema.parse({
    data: { ...defaultSettings, debate_length: 30 },
    updated_at: "2026-11-20T10:00:00.000Z",
    version: 7,
  });
  expect(ours).toEqual({ settings: { ...defaultSettings, debate_length: 30 }, updatedAt: "2026-11-20T10:00:00.000Z", version: 7 });
  const older = settingsAnswerSchema.parse({ debate_length: 12, updated_at: "ieri", version: "7" });
  expect(older).toEqual({ settings: { ...defaultSettings, debate_length: 12 }, updatedAt: null, version: null });
});

test("the defaults satisfy every bound", () => {
  expect(settingsUpdateSchema.safeParse(defaultSettings).success).toBe(true);
});

test("an update outside the spec's bounds is refused in Italian", () => {
  const tooLong = settingsUpdateSchema.safeParse({ ...defaultSettings, debate_length: 201 });
  expect(tooLong.success).toBe(false);
  expect(tooLong.error?.issues[0]?.message).toBe("Lunghezza predefinita: il valore massimo è 200");
  const ttl = settingsUpdateSchema.safeParse({ ...defaultSettings, rag_cache_ttl_seconds: 30 });
  expect(ttl.error?.issues[0]?.message).toBe("Durata della memoria delle risposte (TTL): il valore minimo è 60");
  const model = settingsUpdateSchema.safeParse({ ...defaultSettings, pigna_ai_model: "llama-3.1-8b-instant" });
  expect(model.success).toBe(false);
  const extra = settingsUpdateSchema.safeParse({ ...defaultSettings, is_admin: true });
  expect(extra.success).toBe(false);
});

test("a debate increment carries the debate's id", async () => {
  const { debateIncrementSchema } = await import("./debates");
  expect(debateIncrementSchema.parse({ debate_id: "42", debates_used: 3, debates_limit: 30, queries_used: 1 })).toEqual({
    debate_id: "42",
    debates_used: 3,
    debates_limit: 30,
  });
  expect(debateIncrementSchema.safeParse({ debates_used: 3, debates_limit: 30 }).success).toBe(false);
});

test("the fields table names every setting the schema checks, and nothing else", () => {
  expect(Object.keys(SETTINGS_FIELDS).sort()).toEqual(Object.keys(settingsSchema.shape).sort());
});

test("a setting that steps by whole numbers must be whole; the others may be fractions", () => {
  const fraction = settingsUpdateSchema.safeParse({ ...defaultSettings, rag_chat_history_max_tokens: 6144.5 });
  expect(fraction.error?.issues[0]?.message).toBe("Token massimi di cronologia: deve essere un numero intero");
  expect(settingsUpdateSchema.safeParse({ ...defaultSettings, rag_mismatch_threshold: 0.35 }).success).toBe(true);
});

// spec 001 §5, §7 (issue 14 §5): the chat's model selector reads GET /groq/models.
describe("chat model choices", () => {
  test("the selectable models the server serves, in its order", () => {
    const list = {
      object: "list",
      data: [{ id: "llama-3.1-8b-instant" }, { id: "openai/gpt-oss-20b" }, { id: "meta-llama/llama-guard-4-12b" }],
    };
    expect(chatModelChoices(modelListSchema.parse(list))).toEqual({ models: ["openai/gpt-oss-20b"], offline: false });
  });

  test("the offline model alone when the server has no model", () => {
    expect(chatModelChoices({ data: [{ id: "oystar-offline", offline: true }] })).toEqual({ models: [], offline: true });
  });

  test("the spec's list when there is no answer, or none of its models is served", () => {
    expect(chatModelChoices(null).models).toEqual(["openai/gpt-oss-120b", "openai/gpt-oss-20b"]);
    expect(chatModelChoices({ data: [{ id: "llama-3.3-70b-versatile" }] }).models).toEqual(["openai/gpt-oss-120b", "openai/gpt-oss-20b"]);
  });
});

test("the gateway's request takes a prompt template's local extras, bounded (spec 001 §3)", () => {
  const request = { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Ciao" }] };
  expect(chatCompletionRequestSchema.safeParse({ ...request, num_predict: 2000, num_ctx: 8192, num_thread: 4, num_gpu: 1 }).success).toBe(
    true,
  );
  expect(chatCompletionRequestSchema.safeParse({ ...request, num_ctx: 1_000_000 }).success).toBe(false);
  expect(chatCompletionRequestSchema.safeParse({ ...request, num_thread: 0 }).success).toBe(false);
  expect(chatCompletionRequestSchema.safeParse({ ...request, num_gpu: 1.5 }).success).toBe(false);
});
