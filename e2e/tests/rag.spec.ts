import { expect, test, type Page } from "@playwright/test";
import { authorizationWhile, subscriptionStatus } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// The RAG (spec 001 §2–§9) over the demo index `gardenroute-demo`, answered by the offline model:
// an extractive answer whose every sentence cites the passage it quotes.

type IndicesList = { indices: string[]; default: string };

/** Signs in and opens /rag; returns the Authorization the app sends. */
async function openRag(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  return authorizationWhile(page, () => page.goto("/rag"));
}

async function indicesOf(page: Page, authorization: string): Promise<IndicesList> {
  const response = await page.request.get("/api/indices/list", { headers: { Authorization: authorization } });
  expect(response.status()).toBe(200);
  return (await response.json()) as IndicesList;
}

const askDirectly = (page: Page, authorization: string, body: Record<string, unknown>) =>
  page.request.post("/api/ask-stream", { headers: { Authorization: authorization }, data: body, failOnStatusCode: false });

test("Business asks the demo index: a streamed answer whose every [n] leads to a source listed in 'Fonti utilizzate'", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openRag(page, "business@oystar.test");
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
  await expect(
    page.getByText(/Esempio illustrativo: le risposte vengono da una raccolta di documenti su giardini e turismo/),
  ).toBeVisible();
  await expect(page.getByText("Garden Route (gardenroute-demo)")).toBeVisible();

  const answered = page.waitForResponse((response) => response.url().endsWith("/api/ask-stream"));
  await sendQuestion(page, "Quando fioriscono le camelie e dove si possono vedere?");
  const response = await answered;
  // The answer comes as an event stream, asked with the admin's settings (spec 001 §3, §7).
  expect(response.headers()["content-type"]).toContain("text/event-stream");
  expect(response.request().postDataJSON()).toMatchObject({
    question: "Quando fioriscono le camelie e dove si possono vedere?",
    top_k_retrieval_per_index: 45,
    enable_citation_validation: true,
    chat_history: [],
  });

  const answer = page.locator(".chat-message--assistant").last();
  const sources = answer.getByRole("region", { name: "Fonti utilizzate" });
  await expect(sources).toBeVisible();
  // Issue 36 §1: the answer and the bar say once that a demonstration model runs, no borrowed name.
  await expect(answer).toContainText("Modello dimostrativo offline");
  await expect(answer).not.toContainText(/oystar-offline|LLM_BASE_URL|GPT-OSS/);
  await expect(page.getByRole("region", { name: "Strumenti del RAG" })).toContainText("Modello dimostrativo offline");
  await expect(page.getByRole("region", { name: "Strumenti del RAG" })).not.toContainText(/GPT-OSS|gpt-oss/);
  // Issue 36 §1: the screen as the user sees it, kept with the run's results.
  const shot = test.info().outputPath("rag-offline-answer.png");
  await page.screenshot({ path: shot, fullPage: true });
  await test.info().attach("risposta RAG offline", { path: shot, contentType: "image/png" });
  const text = (await answer.locator(".chat-answer").innerText()).trim();
  const cited = [...new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])))];
  expect(cited.length).toBeGreaterThan(0);
  for (const number of cited) {
    // Each citation is a link to a source of the list under the answer, numbered as cited.
    const citation = answer.getByRole("link", { name: `Fonte ${number}`, exact: true }).first();
    const href = await citation.getAttribute("href");
    const source = sources.locator(`[id="${decodeURIComponent(href!.slice(1))}"]`);
    await expect(source).toBeVisible();
    await expect(source.locator(".rag-source__number")).toHaveText(String(number));
  }
  // Following a citation opens its source in the viewer (issue 25: tests/source-viewer.spec.ts).
  const first = answer.getByRole("link", { name: `Fonte ${cited[0]}`, exact: true }).first();
  await first.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(first).toBeFocused();
  // The demo's documents have no page on the web: their titles open the viewer, no dead link.
  await expect(sources.getByRole("button", { name: /nel visualizzatore delle fonti$/ }).first()).toBeVisible();
  await expect(sources.getByRole("link")).toHaveCount(0);
  await expect(answer.getByRole("group", { name: "Azioni sulla risposta" }).getByRole("button")).toHaveText([
    "Copia",
    "Leggi ad alta voce",
    "Condividi",
    "Scarica PDF",
  ]);

  // The read-only configuration panel: the admin's settings — in plain words first, the model that
  // really answers; the technical names under 'Dettagli tecnici' (issue 52 §4).
  await page.getByRole("button", { name: "Configurazione attuale" }).click();
  const panel = page.getByRole("dialog", { name: "Configurazione attuale" });
  await expect(panel.getByText("In tutti i tuoi indici")).toBeVisible();
  await expect(panel.getByText(/^Il modello dimostrativo offline/)).toBeVisible();
  await expect(panel.getByText("Private Cloud")).toBeHidden();
  await panel.getByText("Dettagli tecnici").click();
  await expect(panel.getByText("Private Cloud")).toBeVisible();
  await expect(panel.getByText("tutti gli indici")).toBeVisible();
  await expect(panel.getByText(/bge-m3/).first()).toBeVisible();
  await expect(panel.getByText("Configurazione dalle impostazioni globali dell'amministratore.")).toBeVisible();
  // The settings' version (how many times the admin saved them), not the app's.
  await expect(panel.getByText(/^Versione \d+$/)).toBeVisible();
  await panel.getByRole("button", { name: "Chiudi" }).click();
  await expect(panel).toBeHidden();

  // A second question carries the conversation; 'Nuova chat' starts over.
  const second = page.waitForRequest((request) => request.url().endsWith("/api/ask-stream"));
  await sendQuestion(page, "E le azalee?");
  expect(((await second).postDataJSON() as { chat_history: unknown[] }).chat_history).toHaveLength(2);
  await expect(page.locator(".chat-message--assistant")).toHaveCount(2);
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  await page.getByRole("button", { name: "Nuova chat" }).click();
  await expect(page.locator(".chat-message")).toHaveCount(0);
  expect(errors).toEqual([]);
});

// Issue 23 §3: retrieval always finds some passage about gardens; the answer must not pretend
// they answer a question they do not.
test("a question the demo documents cannot answer gets 'not in the documents' and no sources, and costs a question", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const authorization = await openRag(page, "business@oystar.test");
  const status = async () => (await subscriptionStatus(page, authorization)).queries_used;
  const before = await status();
  await sendQuestion(page, "Qual è il prezzo del biglietto aereo Roma-Tokyo?");
  const answer = page.locator(".chat-message--assistant").last();
  await expect(answer.locator(".chat-answer")).toHaveText("Non ho trovato questa informazione nei documenti dell'indice.");
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  await expect(answer.getByRole("region", { name: "Fonti utilizzate" })).toHaveCount(0);
  await expect(answer.getByRole("link", { name: /^Fonte \d+$/ })).toHaveCount(0);
  expect(await status()).toBe(before + 1);

  // The panel says what runs: the local lexical embedder and the offline model, not the settings' names alone.
  await page.getByRole("button", { name: "Configurazione attuale" }).click();
  const panel = page.getByRole("dialog", { name: "Configurazione attuale" });
  await panel.getByText("Dettagli tecnici").click();
  await expect(panel.getByText("locale (lessicale) (le impostazioni chiedono bge-m3)")).toBeVisible();
  await expect(panel.getByText(/^Modello dimostrativo offline/)).toBeVisible();
  await expect(panel).not.toContainText("oystar-offline");
  expect(errors).toEqual([]);
});

test("Pro sees the Business upsell on /rag, and the API refuses it too (403)", async ({ page }) => {
  const authorization = await openRag(page, "pro@oystar.test");
  await expect(page.getByRole("heading", { name: "OYSTAR RAG è incluso nel piano Business" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Passa a Business" })).toHaveAttribute("href", "/subscription?plan=business");
  await expect(page.getByRole("textbox", { name: "Messaggio" })).toHaveCount(0);

  const refused = await askDirectly(page, authorization, { question: "Quando fioriscono le camelie?" });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe("Il RAG è riservato ai piani Business o Enterprise.");
  const refusedGet = await page.request.get("/api/ask-stream?question=Camelie", {
    headers: { Authorization: authorization },
    failOnStatusCode: false,
  });
  expect(refusedGet.status()).toBe(403);
  expect((await indicesOf(page, authorization)).indices).toEqual([]);
});

test("a Business customer cannot ask what another customer asked to index: 403, and it is not in their list", async ({ browser }) => {
  // An Enterprise customer's indexing request, turned into an index by the admin the way the
  // product does it. Its only address is refused by the guarded fetcher (loopback), so nothing is
  // fetched and no empty index is left behind (issue 22: it counted toward the plan's limit).
  // (Asking another customer's index with documents in it: rag-offline.test.ts, over HTTP.)
  const enterpriseContext = await browser.newContext();
  const enterprisePage = await enterpriseContext.newPage();
  const enterprise = await openRag(enterprisePage, "enterprise@oystar.test");
  const requested = await enterprisePage.request.post("/api/forms/index-request", {
    headers: { Authorization: enterprise },
    data: {
      name: "Ufficio legale",
      email: "enterprise@oystar.test",
      indexName: "Contratti riservati",
      sourceType: "url",
      websiteUrls: "http://127.0.0.1/contratti",
    },
  });
  expect(requested.status()).toBe(201);
  const { id } = (await requested.json()) as { id: string };

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await openRag(adminPage, "admin@oystar.test");
  // The build runs on the server (issue 34 §2): started, then followed until its report.
  const buildAddress = `/api/admin/index-requests/${id}/index`;
  const built = await adminPage.request.post(buildAddress, { headers: { Authorization: admin } });
  expect(built.status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await adminPage.request.get(buildAddress, { headers: { Authorization: admin } })).json()) as { state: string }).state,
    )
    .toBe("done");
  const ended = (await (await adminPage.request.get(buildAddress, { headers: { Authorization: admin } })).json()) as { report: unknown };
  const report = ended.report as { index: string; owner_email: string; documents: Array<{ status: string }> };
  expect(report).toMatchObject({ index: "contratti-riservati", owner_email: "enterprise@oystar.test", documents: [{ status: "failed" }] });
  expect((await indicesOf(enterprisePage, enterprise)).indices).not.toContain("contratti-riservati");

  const businessContext = await browser.newContext();
  const businessPage = await businessContext.newPage();
  const business = await openRag(businessPage, "business@oystar.test");
  const list = await indicesOf(businessPage, business);
  expect(list.indices).toContain("gardenroute-demo");
  expect(list.indices).not.toContain("contratti-riservati");
  const refused = await askDirectly(businessPage, business, { question: "Quali clausole ci sono?", index_names: ["contratti-riservati"] });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe("Indice non disponibile: «contratti-riservati».");
  // A name that does not exist gets the same answer: names cannot be probed.
  const unknown = await askDirectly(businessPage, business, { question: "Quali clausole ci sono?", index_names: ["indice-inesistente"] });
  expect(unknown.status()).toBe(403);
  // Its own screen never names it: the question goes to the indexes the customer may use.
  await expect(businessPage.getByText("Garden Route (gardenroute-demo)")).toBeVisible();
  await Promise.all([enterpriseContext.close(), adminContext.close(), businessContext.close()]);
});
