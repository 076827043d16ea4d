import { expect, test, type Browser, type Page } from "@playwright/test";
import { join } from "node:path";
import { authorizationWhile } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { startFakeModel, type ChatCompletionRequest, type FakeModel } from "../support/fake-model";
import { reserveFreePort } from "../support/free-port";
import { HOSTILE_TOPIC, xssPayloads } from "../support/hostile-documents";
import { expectInert, expectNoHandlers, watchHostilePage, type HostileWatch } from "../support/inert";
import { startProductServer, type ProductServer } from "../support/product-server";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 28 §5: the security team's payloads (../shared/security/xss-payloads.txt) through every
// sink a model or a customer can write into — the chat's answer, the debate's bubbles, the judge's
// scorecard, the RAG answer with its sources, the feedback comment, the indexing requests the admin
// reads — in a real Chromium. The offline model never says such things: these journeys run on a
// server of their own whose model upstream is a loopback double answering with the payloads, a few
// characters per stream event, so each payload is also cut at chunk boundaries on its way.
// (Evidence quotes of document-grounded debates are covered where that feature is built.)

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ");
const inBatches = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** What the model is asked for now: each journey says which. */
let answering: "chat" | "debate" | "rag" = "chat";
let debateTurns = 0;
const DEBATE_TURNS = 6;

/** The judge's answer in its format, every payload in its motivations and quotes. */
function judgeAnswer(): string {
  const [one, two] = inBatches(
    inBatches(xssPayloads.map(oneLine), 4).map((batch) => batch.join(" ")),
    6,
  );
  const side = (lato: number, slots: string[]) =>
    [
      `## Lato ${lato}`,
      ...["Logica", "Prove", "Persuasività", "Replica"].map(
        (criterion, index) => `${criterion}: ${6 + (index % 3)} — ${slots[index] ?? ""}`,
      ),
      `Argomento più forte: «${slots[4] ?? ""}»`,
      `Argomento più debole: «${slots[5] ?? ""}»`,
    ].join("\n");
  return [side(1, one!), side(2, two!), "## Verdetto\nVincitore: Lato 1"].join("\n\n");
}

function reply(request: ChatCompletionRequest): string {
  const said = (request.messages ?? []).map((message) => message.content).join("\n");
  if (said.includes("giudice imparziale")) return judgeAnswer();
  if (answering === "debate") {
    // Each turn says its share of the payloads (a turn stops at 2000 characters).
    const share = inBatches(xssPayloads, Math.ceil(xssPayloads.length / DEBATE_TURNS))[debateTurns++ % DEBATE_TURNS]!;
    return share.join("\n\n");
  }
  if (answering === "rag")
    return xssPayloads.map((payload, index) => `${payload}\n\nNel ${HOSTILE_TOPIC} resta testo [${(index % 2) + 1}].`).join("\n\n");
  return xssPayloads.join("\n\n");
}

const port = await reserveFreePort();
const origin = `http://127.0.0.1:${port}`;
test.use({ baseURL: origin, reducedMotion: "reduce" });
test.describe.configure({ mode: "serial" });

let model: FakeModel;
let server: ProductServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  model = await startFakeModel(reply);
  server = await startProductServer(port, {
    LLM_BASE_URL: model.baseUrl,
    LLM_API_KEY: "chiave-di-prova",
    OFFLINE_MODEL_CHARS_PER_SECOND: "4000",
    // The Enterprise customer's hostile index playwright.config.ts wrote (titles, file names, passages).
    RAG_DEV_INDEXES_DIR: join(process.env.E2E_DATA_DIR!, "customer-indexes"),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

type Watched = HostileWatch & { errors: string[]; scripts: number };

async function watched(page: Page, email: string, path: string): Promise<Watched & { authorization: string }> {
  const hostile = watchHostilePage(page, origin);
  const errors = collectConsoleErrors(page);
  await signIn(page, email);
  const authorization = await authorizationWhile(page, () => page.goto(path));
  const scripts = await page.evaluate(() => document.querySelectorAll("script").length);
  return { ...hostile, errors, scripts, authorization };
}

/** Nothing ran, nothing was added that runs, nothing left for another origin, anywhere on the page. */
async function expectNothingRan(page: Page, seen: Watched) {
  await expectNoHandlers(page.locator("html"));
  expect(await page.evaluate(() => document.querySelectorAll("script").length)).toBe(seen.scripts);
  expect(seen.dialogs).toEqual([]);
  expect(seen.outside).toEqual([]);
  expect(seen.errors).toEqual([]);
}

async function ask(page: Page, question: string) {
  await sendQuestion(page, question);
  const answer = page.locator(".chat-message--assistant").last();
  await expect(answer).toBeVisible();
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  return answer;
}

test("the chat's answer: every payload streamed in pieces is shown as text", async ({ page }) => {
  answering = "chat";
  const seen = await watched(page, "pro@oystar.test", "/chat");
  const answer = await ask(page, "Ripeti i testi di prova.");
  // The whole answer has arrived, and what the payloads say is there to read.
  await expect(answer).toContainText("alert('xss-46')");
  await expect(answer).toContainText("<script>alert('xss-1')</script>");
  await expectInert(answer.locator(".chat-answer"));
  await expectNothingRan(page, seen);
});

test("the debate's bubbles, the judge's scorecard and the feedback comment", async ({ page }) => {
  test.setTimeout(60_000);
  answering = "debate";
  debateTurns = 0;
  const seen = await watched(page, "pro@oystar.test", "/debate");
  const panel = page.getByRole("region", { name: "Impostazioni del dibattito" });
  const slider = panel.getByRole("slider", { name: "Durata del dibattito" });
  if (!(await slider.isVisible())) await panel.getByRole("button", { name: "Impostazioni" }).click();
  await slider.fill(String(DEBATE_TURNS));
  const mode = panel.getByRole("switch", { name: "Modalità automatica" });
  if ((await mode.getAttribute("aria-checked")) === "true") await mode.click();
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill(xssPayloads[0]!);
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill(xssPayloads[1]!);
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  const transcript = page.getByRole("region", { name: "Interventi del dibattito" });
  const finished = transcript.locator(".debate-turn").filter({ has: page.getByRole("button", { name: "Copia" }) });
  for (let turn = 1; turn < DEBATE_TURNS; turn += 1) {
    await expect(finished).toHaveCount(turn);
    await page.getByRole("button", { name: `Prossimo (${turn % 2 === 0 ? "A" : "B"})` }).click();
  }
  await expect(finished).toHaveCount(DEBATE_TURNS);
  await expect(transcript).toContainText("alert('xss-46')");
  for (const bubble of await transcript.locator(".debate-turn__text").all()) await expectInert(bubble);

  const scorecard = page.getByRole("region", { name: "Valutazione del giudice" });
  await expect(scorecard).toContainText("Verdetto");
  await expect(scorecard).toContainText("alert('xss-1')");
  await expect(scorecard).toContainText("alert('xss-46')");
  await expectInert(scorecard);

  // The comment, as the user writes it and as it is sent.
  await page.getByRole("radio", { name: "Buono" }).check();
  const comment = page.getByRole("textbox", { name: "Commento (facoltativo)" });
  await comment.fill(xssPayloads.slice(0, 8).join(" ").slice(0, 500));
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/forms/debate-feedback"));
  await page.getByRole("button", { name: "Invia feedback" }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole("heading", { name: "Grazie per il tuo feedback!" })).toBeVisible();
  await expectNothingRan(page, seen);
});

test("the RAG answer over hostile documents: its text, sources, titles, file names and passages", async ({ page }) => {
  answering = "rag";
  const seen = await watched(page, "enterprise@oystar.test", "/rag");
  const answer = await ask(page, `Che cosa custodisce il ${HOSTILE_TOPIC}?`);
  const sources = answer.getByRole("region", { name: "Fonti utilizzate" });
  await expect(sources).toBeVisible();
  await expect(answer).toContainText("alert('xss-46')");
  await expect(answer.getByRole("link", { name: "Fonte 1", exact: true }).first()).toBeVisible();
  await expectInert(sources);
  for (const text of await answer.locator(".chat-answer").all()) await expectInert(text);
  // A citation opens its passage in the viewer: the hostile title and passage, still text.
  await answer.getByRole("link", { name: "Fonte 1", exact: true }).first().click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.locator("mark").first()).toBeVisible();
  await expectInert(viewer);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expectNothingRan(page, seen);
});

/** Index requests carrying every payload in the fields the admin's list shows. */
async function requestIndexes(browser: Browser, email: string, payloads: readonly string[]) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signIn(page, email);
  const authorization = await authorizationWhile(page, () => page.goto("/chat"));
  for (const [index, batch] of inBatches(payloads, Math.ceil(payloads.length / 5)).entries()) {
    const response = await page.request.post("/api/forms/index-request", {
      headers: { Authorization: authorization },
      data: {
        name: batch.join(" ").slice(0, 200),
        email: "richieste@esempio.it",
        company: batch.join(" ").slice(0, 200),
        indexName: `${index} ${batch.join(" ")}`.slice(0, 100),
        sourceType: "url",
        // Addresses are http(s) only: a payload can still ride in one.
        websiteUrls: batch.map((payload) => `https://esempio.invalid/#${payload}`).join("\n"),
        notes: batch.join("\n"),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await context.close();
}

test("forms shown back to the admin: the indexing requests' names, companies and addresses", async ({ page, browser }) => {
  const payloads = xssPayloads.map(oneLine);
  const half = Math.ceil(payloads.length / 2);
  await requestIndexes(browser, "business@oystar.test", payloads.slice(0, half));
  await requestIndexes(browser, "base@oystar.test", payloads.slice(half));

  const seen = await watched(page, "admin@oystar.test", "/chat");
  await page.getByRole("banner").getByRole("button", { name: "Impostazioni globali" }).click();
  const panel = page.getByRole("dialog", { name: "Impostazioni globali" });
  await panel.locator("summary", { hasText: "Richieste di indicizzazione" }).click();
  const list = panel.locator("ul.index-requests");
  await expect(list.locator(":scope > li")).toHaveCount(10);
  for (const payload of payloads) await expect(list).toContainText(`https://esempio.invalid/#${payload}`);
  await expectInert(list);
  // 'Indicizza': the outcome names the index and each address that failed, as text.
  const first = list.locator(":scope > li").first();
  await first.getByRole("button", { name: "Indicizza" }).click();
  await expect(first.getByText(/^Indice «0-/)).toBeVisible();
  await expect(first).toContainText(`https://esempio.invalid/#${payloads[0]}: `);
  await expectInert(first.locator(".oy-notice"));
  await panel.locator("summary", { hasText: "Classifica dei modelli" }).click();
  await expect(panel.getByRole("table", { name: "Classifica dei modelli" })).toBeVisible();
  await expectNothingRan(page, seen);
});
