import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { serverAnswers, visit } from "./test-support/render-assistant";

// spec 001 §7 (issue 14 §5): the chat reflects the model's health and the models the server serves.

test("a server whose model fails its health check is offline: nothing can be sent", async () => {
  serverAnswers({ healthy: true, modelHealthy: false });
  const user = userEvent.setup();
  visit("/chat");
  expect(await screen.findByText("Offline")).toBeInTheDocument();
  const input = screen.getByRole("textbox", { name: "Messaggio" });
  expect(input).toHaveAttribute("placeholder", "Servizio non disponibile, riprova più tardi");
  await user.type(input, "Ciao");
  expect(screen.getByRole("button", { name: "Invia" })).toBeDisabled();
});

test("the model selector offers the models the server serves, and starts on one of them", async () => {
  serverAnswers({ healthy: true, models: ["openai/gpt-oss-20b", "llama-3.1-8b-instant"] });
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await screen.findByText("Online");
  await user.click(await within(banner).findByRole("button", { name: "v1.2.3" }));
  const select = within(screen.getByRole("region", { name: "Impostazioni avanzate" })).getByRole("combobox", { name: "Modello" });
  await expect.poll(() => [...(select as HTMLSelectElement).options].map((option) => option.value)).toEqual(["openai/gpt-oss-20b"]);
  expect(select).toHaveValue("openai/gpt-oss-20b");
});

test("with no model connected the selector shows the offline model alone", async () => {
  serverAnswers({ healthy: true, models: null });
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("button", { name: "v1.2.3" }));
  const select = within(screen.getByRole("region", { name: "Impostazioni avanzate" })).getByRole("combobox", { name: "Modello" });
  await expect.poll(() => (select as HTMLSelectElement).disabled).toBe(true);
  expect(select).toHaveDisplayValue("Modello dimostrativo offline");
});

// spec 001 §3 (issue 14 §7b): the chat's template has local extras for a model server on the
// premises; they go only where the server's model runs locally, never to a cloud one.
test.each([
  ["local", { num_predict: 2000, num_ctx: 8192, num_thread: 4, num_gpu: 1 }],
  ["cloud", {}],
] as const)("a question to a %s model carries its local extras: %o", async (upstream, extras) => {
  serverAnswers({ healthy: true, upstream });
  const user = userEvent.setup();
  visit("/chat");
  await screen.findByText("Online");
  await user.type(screen.getByRole("textbox", { name: "Messaggio" }), "Ciao{Enter}");
  expect(await screen.findByText("la risposta", { selector: "strong" })).toBeInTheDocument();
  const asked = vi.mocked(fetch).mock.calls.find(([input]) => String(input).endsWith("/groq/chat/completions"));
  const body = JSON.parse(String(asked?.[1]?.body)) as Record<string, unknown>;
  expect(body).toMatchObject({ temperature: 0.3, top_p: 0.7, max_tokens: 2000, ...extras });
  for (const key of ["num_predict", "num_ctx", "num_thread", "num_gpu"]) expect(key in body).toBe(upstream === "local");
});

test("the debate's model selectors offer the same served models as the chat's", async () => {
  serverAnswers({ healthy: true, models: ["openai/gpt-oss-20b", "llama-3.1-8b-instant"] });
  const user = userEvent.setup();
  visit("/debate");
  const panel = await screen.findByRole("region", { name: "Impostazioni del dibattito" });
  await user.click(within(panel).getByRole("button", { name: "Impostazioni" }));
  const offered = (name: string) =>
    [...(within(panel).getByRole("combobox", { name }) as HTMLSelectElement).options].map((option) => option.value);
  await expect.poll(() => offered("Modello B")).toEqual(["openai/gpt-oss-20b"]);
  // Model A's default (the admin's gpt-oss-120b) is not served: it stays shown as set, beside what is.
  expect(offered("Modello A")).toEqual(["openai/gpt-oss-20b", "openai/gpt-oss-120b"]);
});
