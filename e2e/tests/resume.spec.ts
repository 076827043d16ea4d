import { expect, test, type Page } from "@playwright/test";
import { authorizationWhile, subscriptionStatus } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { finishedTurns, openDebate, setUp, writeTheses } from "../support/debate";
import { startFakeModel, type ChatCompletionRequest, type FakeModel, type HeldReply } from "../support/fake-model";
import { reserveFreePort } from "../support/free-port";
import { startProductServer, type ProductServer } from "../support/product-server";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 35 §2: an answer being written when the page reloads is taken up by the page that comes
// back — in the chat and in the RAG — complete, once, and charged once. The model is a loopback
// double that writes the first half of its answer, then waits for the journey to let it finish:
// the reload happens mid-answer by construction, with no clock.

const FIRST_HALF = "Il glicine di Villa Lante fiorisce ad aprile, ";
const SECOND_HALF = "e le sue cascate di fiori durano fino a maggio [1].";

/** The answer the model is writing now, and how the journey lets it finish. */
let held: { reply: HeldReply; finish: () => void } | null = null;

function holdNextAnswer() {
  let finish = () => {};
  const after = new Promise<string>((resolve) => (finish = () => resolve(SECOND_HALF)));
  held = { reply: { before: FIRST_HALF, after }, finish };
  return held;
}

function reply(request: ChatCompletionRequest): string | HeldReply {
  // The answer the user reads is streamed; anything asked beside it (a question's variations) is not.
  if (!request.stream || !held) return "Il glicine fiorisce ad aprile, e il treno inquina meno dell'aereo.";
  const { reply: answer } = held;
  held = null;
  return answer;
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
  server = await startProductServer(port, { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: "chiave-di-prova" });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

async function ask(page: Page, question: string) {
  await sendQuestion(page, question);
}

/** The answers on screen, as the user reads them. */
const answers = (page: Page) => page.locator(".chat-message--assistant");

for (const screen of [
  { name: "chat", path: "/chat", email: "ripresa@esempio.it", heading: "OYSTAR AI", question: "Quando fiorisce il glicine a Villa Lante?" },
  // A question the demo index answers, so that the model is asked.
  {
    name: "RAG",
    path: "/rag",
    email: "business@oystar.test",
    heading: "OYSTAR RAG",
    question: "Quando fioriscono le camelie e dove si possono vedere?",
  },
]) {
  test(`${screen.name}: a reload mid-answer takes the answer up where the server holds it — complete, once, charged once`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await signIn(page, screen.email);
    const authorization = await authorizationWhile(page, () => page.goto(screen.path));
    await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
    const before = await subscriptionStatus(page, authorization);

    const answer = holdNextAnswer();
    await ask(page, screen.question);
    // The first half is on screen: the model is still writing.
    await expect(page.getByText(FIRST_HALF.trim(), { exact: false })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
    // The page came back with the conversation and what the server already had of the answer.
    await expect(page.locator(".chat-message--user")).toHaveText([new RegExp(screen.question.replace("?", "\\?"))]);
    await expect(page.getByText(FIRST_HALF.trim(), { exact: false })).toBeVisible();

    answer.finish();
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page)).toContainText("e le sue cascate di fiori durano fino a maggio");
    const text = (await answers(page).textContent()) ?? "";
    expect(text.split("Il glicine di Villa Lante fiorisce ad aprile")).toHaveLength(2);
    expect(text.split("durano fino a maggio")).toHaveLength(2);
    expect((await subscriptionStatus(page, authorization)).queries_used).toBe(before.queries_used + 1);

    // Kept on the device whole: another reload shows it once, with nothing to take up.
    await page.reload();
    await page.getByRole("button", { name: "Conversazioni" }).click();
    await page
      .getByRole("dialog", { name: "Conversazioni" })
      .getByRole("button", { name: `Apri «${screen.question}»` })
      .click();
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page)).toContainText("durano fino a maggio");
    expect(errors).toEqual([]);
  });
}

for (const away of [
  { name: "a reload", leave: (page: Page) => page.reload() },
  {
    name: "the screen left and opened again",
    leave: async (page: Page) => {
      await page.getByRole("banner").getByRole("link", { name: "OYSTAR AI" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
      await page.getByRole("banner").getByRole("link", { name: "OYSTAR Debate" }).click();
    },
  },
]) {
  test(`debate: after ${away.name} mid-turn the debate is where it was and the turn is taken up — complete, once, one debate counted`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const authorization = await openDebate(page, "base@oystar.test");
    const before = await subscriptionStatus(page, authorization);
    await setUp(page, { length: 6, auto: false });
    await writeTheses(page, "Il treno", "L'aereo");
    await page.getByRole("button", { name: "Avvia Dibattito" }).click();
    await expect(page.getByRole("button", { name: "Prossimo (B)" })).toBeVisible();
    await expect(finishedTurns(page)).toHaveCount(1);

    // The second turn: its first half on screen, the model still writing.
    const answer = holdNextAnswer();
    await page.getByRole("button", { name: "Prossimo (B)" }).click();
    await expect(page.getByText(FIRST_HALF.trim(), { exact: false })).toBeVisible();

    await away.leave(page);
    // Back where it was: the first turn, and the second being written again from the server.
    await expect(finishedTurns(page)).toHaveCount(1);
    await expect(page.getByText(FIRST_HALF.trim(), { exact: false })).toBeVisible();
    answer.finish();
    await expect(finishedTurns(page)).toHaveCount(2);
    await expect(finishedTurns(page).nth(1)).toContainText("durano fino a maggio");
    const text = (await finishedTurns(page).nth(1).textContent()) ?? "";
    expect(text.split("Il glicine di Villa Lante fiorisce ad aprile")).toHaveLength(2);
    await expect(page.getByRole("button", { name: "Prossimo (A)" })).toBeVisible();
    expect((await subscriptionStatus(page, authorization)).debates_used).toBe(before.debates_used + 1);
    expect(errors).toEqual([]);
  });
}
