import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page, type Request } from "@playwright/test";
import { authorizationWhile, subscriptionStatus } from "../support/api-token";
import { buyPlan } from "../support/checkout";
import { collectConsoleErrors } from "../support/console-errors";
import { finishedTurns, openDebate, setUp, transcript, writeTheses } from "../support/debate";
import { pdfPages } from "../support/pdf-text";
import { signIn } from "../support/sign-in";

// The debate (spec 001 §2, §4, §5, §8, §9) with the offline model, which answers each turn in
// character. A debate is one unit of the debate quota: its turns carry its id and cost no question.

/** Every model call the page makes. */
function modelCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/debates/calls")) calls.push(request);
  });
  return calls;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer; text: string }> {
  const download = page.waitForEvent("download");
  await click();
  const file = await download;
  const bytes = await readFile(await file.path());
  const text = (await pdfPages(new Uint8Array(bytes))).join(" ").replace(/\s+/g, " ");
  return { download: file, bytes, text };
}

/** The first turn of a debate, as the debate engine sends it to the server. */
const firstTurn = (debateId: string) => ({
  debate_id: debateId,
  kind: "turn",
  mode: "debate",
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
  length: 6,
  provider: "cloud",
  turn: 0,
  history: [],
});

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const PHASES = ["Opposizione", "Opposizione", "Riflessione", "Riflessione", "Sintesi", "Sintesi"];

test("base runs a 6-turn auto debate to the judge's scorecard and the feedback form: one debate counted, no question; the PDF holds every turn and the scorecard; the vote moves the admin's leaderboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const authorization = await openDebate(page, "base@oystar.test");
  const before = await subscriptionStatus(page, authorization);
  const banner = page.getByRole("banner");
  await expect(banner.getByLabel(`Dibattiti: ${before.debates_used}/30`)).toBeVisible();
  // The product never pretends: without a model the screen says who is answering — in the user's
  // words, once (issue 36 §1).
  await expect(page.getByText("Modello dimostrativo offline", { exact: true })).toBeVisible();

  await setUp(page, { length: 6, auto: true });
  await writeTheses(page, "Il lavoro da remoto rende più produttivi", "Il lavoro in ufficio rende più produttivi");
  const preview = page.getByRole("region", { name: "Chi difende cosa" });
  // Issue 36 §1: the offline model plays both sides — no borrowed model names, 'Lato A' and 'Lato B'.
  await expect(preview).toContainText("Entrambi i lati sono scritti dal modello dimostrativo offline.");
  await expect(preview).toContainText("Lato A difenderà«Il lavoro da remoto rende più produttivi»");
  await expect(preview).toContainText("Lato B difenderà«Il lavoro in ufficio rende più produttivi»");
  await expect(preview).not.toContainText("gpt-oss");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();

  await expect(page.getByRole("heading", { name: "Com'è andato il dibattito?" })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText("Dibattito concluso")).toBeVisible();
  const turns = finishedTurns(page);
  await expect(turns).toHaveCount(6);
  const texts: string[] = [];
  for (const [index, turn] of (await turns.all()).entries()) {
    await expect(turn).toContainText(index % 2 === 0 ? "Lato A" : "Lato B");
    await expect(turn).not.toContainText(/gpt-oss|LLM_BASE_URL|oystar-offline/);
    await expect(turn).toContainText(PHASES[index] as string);
    texts.push(oneLine(await turn.locator(".debate-turn__text").innerText()));
  }
  // spec 001 §4: at the end auto mode is off.
  await expect(page.getByRole("group", { name: "Stato del dibattito" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Impostazioni del dibattito" })).toContainText("6 turni · Manuale");

  // issue 26 §1: the judge's scorecard under the transcript, before the form — labelled offline,
  // four criteria per side; issue 36 §1: no verdict, and why; issue 52 §1: no score at all.
  const scorecard = page.getByRole("region", { name: "Valutazione del giudice" });
  await expect(scorecard.getByText("Giudice offline", { exact: true })).toBeVisible();
  await expect(scorecard).toContainText("Nessun voto: solo ciò che si può contare nel testo.");
  await expect(scorecard.getByText(/Modello dimostrativo offline/)).toHaveCount(1);
  await expect(scorecard).toContainText("Verdetto: Nessun vincitore");
  await expect(scorecard).toContainText("Nessun criterio ha un voto per entrambi i lati: il verdetto non si può calcolare dai voti.");
  await expect(scorecard).toContainText("Il modello dimostrativo offline non dà voti");
  await expect(scorecard).not.toContainText(/Vince il Lato|Parità|Accordo tra le due letture|gpt-oss|\/10/);
  for (const side of ["A", "B"]) {
    const column = scorecard.getByRole("region", { name: `Lato ${side}`, exact: true });
    await expect(column.getByRole("rowheader")).toHaveText(["Logica", "Prove", "Persuasività", "Replica"]);
    for (const criterion of ["Logica", "Prove", "Persuasività", "Replica"])
      await expect(column.getByRole("row", { name: new RegExp(`^${criterion}`) })).toContainText("n.d.");
    await expect(column.getByRole("row", { name: /^Replica/ })).toContainText(/Riprende la domanda del turno precedente|Nessuna domanda/);
  }
  // Issue 36 §1: the screen as the user sees it, kept with the run's results.
  const shot = test.info().outputPath("debate-offline-end.png");
  await page.screenshot({ path: shot, fullPage: true });
  await test.info().attach("fine del dibattito offline", { path: shot, contentType: "image/png" });
  const form = page.getByRole("heading", { name: "Com'è andato il dibattito?" });
  expect(
    await scorecard.evaluate(
      (card, heading) => Boolean(card.compareDocumentPosition(heading as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await form.elementHandle(),
    ),
  ).toBe(true);

  // One debate, and its turns cost no question; the header follows.
  const after = await subscriptionStatus(page, authorization);
  expect(after.debates_used).toBe(before.debates_used + 1);
  expect(after.queries_used).toBe(before.queries_used);
  await expect(banner.getByLabel(`Dibattiti: ${before.debates_used + 1}/30`)).toBeVisible();

  // 'SCARICA PDF': named with both options and the date, every turn with its speaker and phase.
  const pdf = await downloaded(page, () => page.getByRole("button", { name: "SCARICA PDF" }).click());
  // Each option is cut to 40 characters in the name.
  expect(pdf.download.suggestedFilename()).toMatch(
    /^OYSTAR_Debate_Il_lavoro_da_remoto_rende_piu_produttivi_vs_Il_lavoro_in_ufficio_rende_piu_produttiv_\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  for (const [index, text] of texts.entries()) {
    expect(pdf.text).toContain(`Turno ${index + 1} · Lato ${index % 2 === 0 ? "A" : "B"} · ${PHASES[index]}`);
    expect(pdf.text).toContain(text.slice(0, 60));
  }
  // …and the judge's scorecard after them.
  expect(pdf.text).toContain("Valutazione del giudice");
  expect(pdf.text).toContain("Giudice offline");
  expect(pdf.text).toContain("Verdetto: Nessun vincitore");
  expect(pdf.text).not.toMatch(/gpt-oss|Vince il Lato/);
  for (const criterion of ["Logica: n.d.", "Prove: n.d.", "Persuasività: n.d.", "Replica: n.d."])
    expect(pdf.text.split(criterion).length).toBe(3);

  // The feedback form closes the debate; beside the stars, who convinced the user more.
  await page.getByRole("radio", { name: "Buono" }).check();
  await page.getByRole("group", { name: "Chi ti ha convinto di più?" }).getByRole("radio", { name: "Lato A" }).check();
  await page.getByRole("textbox", { name: "Commento (facoltativo)" }).fill("Chiaro e ben argomentato.");
  await expect(page.getByText("25/500 caratteri")).toBeVisible();
  await page.getByRole("button", { name: "Invia feedback" }).click();
  await expect(page.getByRole("heading", { name: "Grazie per il tuo feedback!" })).toBeVisible();
  await page.getByRole("button", { name: "Nuovo Dibattito" }).click();
  await expect(page.getByRole("button", { name: "Avvia Dibattito" })).toBeVisible();
  await expect(transcript(page)).toHaveCount(0);
  expect(errors).toEqual([]);

  // issue 26 §3: the vote moved the admin's leaderboard — argued by the offline model, so apart.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, "admin@oystar.test");
  await adminPage.getByRole("banner").getByRole("button", { name: "Impostazioni globali" }).click();
  const panel = adminPage.getByRole("dialog", { name: "Impostazioni globali" });
  await panel.locator("summary", { hasText: "Classifica dei modelli" }).click();
  const offline = panel.getByRole("table", { name: "Dibattiti argomentati dal modello offline" });
  // Columns: position, Elo, the judge's verdicts, the users' votes (the model heads its row).
  const votes = (model: RegExp) => offline.getByRole("row", { name: model }).getByRole("cell").nth(3);
  await expect(votes(/openai\/gpt-oss-120b/)).toHaveText("1 vinti · 0 pari · 0 persi");
  await expect(votes(/openai\/gpt-oss-20b/)).toHaveText("0 vinti · 0 pari · 1 persi");
  await expect(panel.getByRole("table", { name: "Classifica dei modelli" })).toHaveCount(0);
  await adminContext.close();
});

test("manual mode advances only on 'Prossimo'", async ({ page }) => {
  // The page's clock is ours: time can be moved past auto mode's 3 s without waiting for it.
  await page.clock.install();
  await openDebate(page, "base@oystar.test");
  const calls = modelCalls(page);
  await setUp(page, { length: 6, auto: false });
  await writeTheses(page, "Il treno", "L'aereo");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await expect(page.getByRole("button", { name: "Prossimo (B)" })).toBeVisible();
  await expect(finishedTurns(page)).toHaveCount(1);
  await expect(page.getByRole("group", { name: "Stato del dibattito" })).toContainText("Manuale");
  await expect(page.getByRole("group", { name: "Stato del dibattito" })).toContainText("Turno 1/6 · Prossimo: Lato B");

  await page.clock.runFor(10_000);
  await expect(finishedTurns(page)).toHaveCount(1);
  expect(calls).toHaveLength(1);

  await page.getByRole("button", { name: "Prossimo (B)" }).click();
  await expect(page.getByRole("button", { name: "Prossimo (A)" })).toBeVisible();
  await expect(finishedTurns(page)).toHaveCount(2);
  await expect(finishedTurns(page).nth(1)).toContainText("Lato B");
  expect(calls).toHaveLength(2);
  // Every turn carries its debate's id.
  const debateIds = calls.map((call) => (call.postDataJSON() as { debate_id: string }).debate_id);
  expect(new Set(debateIds).size).toBe(1);
  expect(debateIds[0]).toMatch(/\S/);
});

test("STOP ends the debate where it is: its turns stay, said so, with the PDF and 'FAI UN ALTRO DIBATTITO'; nothing plays on", async ({
  page,
}) => {
  await page.clock.install();
  await openDebate(page, "base@oystar.test");
  const calls = modelCalls(page);
  await setUp(page, { length: 6, auto: true });
  await writeTheses(page, "Il mare", "La montagna");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await expect(finishedTurns(page)).toHaveCount(1);
  await page.getByRole("button", { name: "STOP" }).click();

  // Issue 50 §7: the turn played stays, and what happened is said.
  await expect(page.getByRole("button", { name: "STOP" })).toHaveCount(0);
  await expect(finishedTurns(page)).toHaveCount(1);
  await expect(transcript(page)).toContainText(/Dibattito interrotto al turno \d+/);
  const callsAtStop = calls.length;
  // Auto mode's next turn would have come 3 s later: nothing comes.
  await page.clock.runFor(10_000);
  await expect(finishedTurns(page)).toHaveCount(1);
  expect(calls).toHaveLength(callsAtStop);

  // A finished debate's actions: its PDF, and another debate.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "SCARICA PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/^OYSTAR_Debate_Il_mare_vs_La_montagna_\d{4}-\d{2}-\d{2}\.pdf$/);
  await page.getByRole("button", { name: "FAI UN ALTRO DIBATTITO" }).click();
  await expect(transcript(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Avvia Dibattito" })).toBeVisible();
  // The slider is free again.
  await expect(page.getByRole("slider", { name: "Durata del dibattito" })).toBeEnabled();
});

test("synthesis shows its progress, then the result on screen and as a PDF", async ({ page }) => {
  test.setTimeout(90_000);
  const authorization = await openDebate(page, "base@oystar.test");
  const before = await subscriptionStatus(page, authorization);
  await setUp(page, { length: 6, auto: false });
  await writeTheses(page, "Le auto elettriche", "Le auto a benzina");
  await page.getByRole("tab", { name: "SINTESI" }).click();
  await expect(page.getByRole("region", { name: "Chi difende cosa" })).toContainText("«Le auto elettriche»");

  // The first hidden turn is held until the progress has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    "**/api/debates/calls",
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByRole("button", { name: "Genera Sintesi" }).click();
  await expect(page.getByRole("progressbar", { name: "Dibattito nascosto: fase di opposizione" })).toBeVisible();
  await expect(page.getByText("0/6 turni completati")).toBeVisible();
  release();

  const result = page.getByRole("article", { name: "Sintesi del dibattito" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  for (const heading of ["Introduzione", /^Sintesi 1: /, "Piano operativo", /^Sintesi 2: /, /^Sintesi 3: /, "Conclusioni"]) {
    await expect(result.getByRole("heading", { name: heading })).toBeVisible();
  }
  // The hidden debate stays hidden; the screen is back to its start.
  await expect(transcript(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Genera Sintesi" })).toBeVisible();
  expect((await subscriptionStatus(page, authorization)).debates_used).toBe(before.debates_used + 1);

  const pdf = await downloaded(page, () => result.getByRole("button", { name: "Scarica Sintesi" }).click());
  expect(pdf.download.suggestedFilename()).toMatch(/^OYSTAR_Sintesi_\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  for (const section of ["Introduzione", "Sintesi 1:", "Piano operativo", "Sintesi 2:", "Sintesi 3:", "Conclusioni"])
    expect(pdf.text).toContain(section);
});

test("a challenge: Model A defends the thesis, Model B refutes it", async ({ page }) => {
  await openDebate(page, "base@oystar.test");
  await setUp(page, { length: 6, auto: false });
  await page.getByRole("tab", { name: "SFIDA" }).click();
  await page.getByRole("textbox", { name: "Tesi da confutare" }).fill("L'intelligenza artificiale sostituirà gli insegnanti");
  await expect(page.getByRole("region", { name: "Chi difende cosa" })).toContainText(
    "«Non è vero che l'intelligenza artificiale sostituirà gli insegnanti»",
  );
  await page.getByRole("button", { name: "Sfida la Tesi" }).click();
  await expect(page.getByRole("button", { name: "Prossimo (B)" })).toBeVisible();
  await expect(finishedTurns(page).first()).toContainText("L'intelligenza artificiale sostituirà gli insegnanti");
  await page.getByRole("button", { name: "Prossimo (B)" }).click();
  await expect(finishedTurns(page)).toHaveCount(2);
  await expect(finishedTurns(page).nth(1)).toContainText("Lato B");
  await expect(finishedTurns(page).nth(1)).toContainText("Non è vero che l'intelligenza artificiale sostituirà gli insegnanti");
});

test("a free plan sees the upsell; the server refuses a debate call on a debate that is not the caller's", async ({ page, browser }) => {
  // free@oystar.test is upgraded by the checkout journey of the same run: a new account is free.
  const freeAuthorization = await (async () => {
    await signIn(page, "dibattiti-gratis@esempio.it");
    return authorizationWhile(page, () => page.goto("/debate"));
  })();
  await expect(page.getByRole("link", { name: "Passa a Base" })).toHaveAttribute("href", "/subscription?plan=base");
  await expect(page.getByRole("link", { name: "Scopri Pro" })).toHaveAttribute("href", "/subscription?plan=pro");
  await expect(page.getByRole("link", { name: "Torna Indietro" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("button", { name: "Avvia Dibattito" })).toHaveCount(0);

  // A debate of someone else.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const basePage = await context.newPage();
  const baseAuthorization = await openDebate(basePage, "base@oystar.test");
  const increment = await basePage.request.post("/api/debates/increment", { headers: { Authorization: baseAuthorization } });
  expect(increment.status()).toBe(200);
  const { debate_id: debateId } = (await increment.json()) as { debate_id: string };
  await context.close();

  const turn = await page.request.post("/api/debates/calls", { headers: { Authorization: freeAuthorization }, data: firstTurn(debateId) });
  expect([403, 409]).toContain(turn.status());
  expect(((await turn.json()) as { error?: string }).error).toMatch(/\S/);
});

test("a Base user at 30/30 debates gets the quota card; the server refuses a new debate and a made-up debate id", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "trenta-dibattiti@esempio.it");
  await buyPlan(page, "Base");
  const authorization = await authorizationWhile(page, () => page.goto("/debate"));
  for (let debate = 1; debate <= 30; debate += 1) {
    const started = await page.request.post("/api/debates/increment", { headers: { Authorization: authorization } });
    expect(started.status()).toBe(200);
  }
  const refused = await page.request.post("/api/debates/increment", { headers: { Authorization: authorization } });
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { error: string }).error).toBe("Hai raggiunto il limite di dibattiti del tuo piano corrente.");

  await page.reload();
  await expect(page.getByRole("banner").getByLabel("Dibattiti: 30/30")).toBeVisible();
  await writeTheses(page, "Il treno", "L'aereo");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  await expect(page.getByRole("heading", { name: "Quota Esaurita!" })).toBeVisible();
  await expect(page.getByText("Hai raggiunto il limite di dibattiti del tuo piano corrente.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Passa a un piano superiore" })).toHaveAttribute("href", "/subscription");
  await expect(finishedTurns(page)).toHaveCount(0);
  await page.getByRole("button", { name: "SCARICA PDF" }).click();
  await expect(page.getByText("Nessun dibattito da salvare!")).toBeVisible();

  // A turn cannot ride on a debate id the server never gave.
  const madeUp = await page.request.post("/api/debates/calls", {
    headers: { Authorization: authorization },
    data: firstTurn("9f0e5b4c-3d2a-4b1c-8e7f-6a5d4c3b2a19"),
  });
  expect([403, 409]).toContain(madeUp.status());
});
