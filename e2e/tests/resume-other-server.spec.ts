import { expect, test } from "@playwright/test";
import { startPostgres, type TestPostgres } from "../../apps/api/test-support/postgres";
import { authorizationWhile, subscriptionStatus } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { startFakeModel, type FakeModel, type HeldReply } from "../support/fake-model";
import { reserveFreePort } from "../support/free-port";
import { startProductServer, type ProductServer } from "../support/product-server";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 35 §2: two servers on one PostgreSQL behind one public address. The page asks one of them;
// after a reload mid-answer its resume reaches the other — here every resume is sent there, as a
// balancer may — which relays the answer from the server holding it (LISTEN/NOTIFY). The answer
// completes once and is charged once. The model waits for the journey between its two halves.

const FIRST_HALF = "Le camelie di Villa Carlotta fioriscono a marzo, ";
const SECOND_HALF = "e restano in fiore per quasi tutto aprile.";
let release = () => {};

function reply(request: { stream?: boolean }): string | HeldReply {
  if (!request.stream) return "Quando fioriscono le camelie?";
  return { before: FIRST_HALF, after: new Promise<string>((resolve) => (release = () => resolve(SECOND_HALF))) };
}

const [asked, other] = [await reserveFreePort(), await reserveFreePort()];
const origin = `http://127.0.0.1:${asked}`;
test.use({ baseURL: origin, reducedMotion: "reduce" });

let postgres: TestPostgres;
let model: FakeModel;
let servers: ProductServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const database = await postgres.createDatabase();
  model = await startFakeModel(reply);
  const common = { DATABASE_URL: database, PUBLIC_URL: origin, LLM_BASE_URL: model.baseUrl, LLM_API_KEY: "chiave-di-prova" };
  // One after the other: the second finds the database migrated and seeded.
  servers = [await startProductServer(asked, common)];
  servers.push(await startProductServer(other, common));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await model?.close();
  await postgres?.stop();
});

test("a chat answer held by one server, reloaded mid-answer, is taken up through the other: complete, once, charged once", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "due.server@esempio.it");
  const authorization = await authorizationWhile(page, () => page.goto("/chat"));
  const before = await subscriptionStatus(page, authorization);

  await sendQuestion(page, "Quando fioriscono le camelie?");
  await expect(page.getByText(FIRST_HALF.trim(), { exact: false })).toBeVisible();

  // From now on the answer's resume goes to the other server, under the same public address.
  const resumedThere: number[] = [];
  await page.route("**/api/streams/**", async (route) => {
    const sent = route.request();
    const response = await route.fetch({
      url: sent.url().replace(`:${asked}/`, `:${other}/`),
      headers: { ...sent.headers(), host: new URL(origin).host },
    });
    resumedThere.push(response.status());
    await route.fulfill({ response });
  });
  await page.reload();
  await expect(page.locator(".chat-message--user")).toHaveText([/Quando fioriscono le camelie\?/]);
  release();

  const answers = page.locator(".chat-message--assistant");
  await expect(answers).toHaveCount(1);
  await expect(answers).toContainText("restano in fiore per quasi tutto aprile");
  const text = (await answers.textContent()) ?? "";
  expect(text.split("fioriscono a marzo")).toHaveLength(2);
  expect(resumedThere).toEqual([200]);
  expect((await subscriptionStatus(page, authorization)).queries_used).toBe(before.queries_used + 1);
  expect(errors).toEqual([]);
});
