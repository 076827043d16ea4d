import { ACCOUNT_DELETION_CONFIRMATION, API_PATHS, RESUMABLE_REQUEST_HEADER } from "@oystar/api-client";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 47 §6 (the fourth attack run): 'Elimina account' did not stop the account's answers in
// progress — the model kept streaming (49 events in 5 s), the server held the answer up to 60 s
// after it ended, and the old token's STOP was refused. Now the deletion stops them before it
// answers: the model is hung up on and every reader's answer ends. (Across servers:
// streams/relayed-answers-privacy.test.ts.)

/** The model's answers still being written. */
const writing = new Set<ServerResponse>();

/** The model (a third party) writes a word every 50 ms until it is hung up on. */
function slowModel(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    if ((JSON.parse(raw || "{}") as { max_tokens?: number }).max_tokens === 1)
      return res.writeHead(200, { "Content-Type": "application/json" }).end('{"choices":[{"message":{"content":"ok"}}]}');
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    writing.add(res);
    const word = setInterval(() => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "parola " } }] })}\n\n`), 50);
    res.on("close", () => {
      clearInterval(word);
      writing.delete(res);
    });
  });
}

let model: Server;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  model = createServer(slowModel);
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1` });
});
afterAll(async () => {
  await server.close();
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

const question = { model: "openai/gpt-oss-120b", stream: true, messages: [{ role: "user", content: "Parlami dei giardini." }] };

/** A chat answer, its first words read; `rest`: the rest of its text, once it ends. */
async function answerInProgress(token: string, resumable: boolean) {
  const answer = await fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...(resumable ? { [RESUMABLE_REQUEST_HEADER]: "1" } : {}),
    },
    body: JSON.stringify(question),
  });
  expect(answer.status).toBe(200);
  const reader = answer.body!.getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toContain("parola");
  const rest = (async () => {
    let text = "";
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) text += new TextDecoder().decode(piece.value);
    return text;
  })();
  return { rest };
}

test("a deletion stops the account's answers in progress — the plain road's and a held one — before it answers", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const plain = await answerInProgress(access_token, false);
  const held = await answerInProgress(access_token, true);
  expect(writing.size).toBe(2);
  // Another account's answer goes on.
  const other = await answerInProgress((await signInAs(server.url, "base@oystar.test")).access_token, false);

  const deleted = await fetch(`${server.url}${API_PATHS.me}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ confirmation: ACCOUNT_DELETION_CONFIRMATION }),
  });
  expect(deleted.status).toBe(200);
  await Promise.all([plain.rest, held.rest]);
  await expect.poll(() => writing.size).toBe(1);
  expect(await Promise.race([other.rest.then(() => "ended"), Promise.resolve("still answering")])).toBe("still answering");
});
