import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { expect, test } from "vitest";
import { z } from "zod";
import { firstIssueWithField, jsonBody, jsonBodyAs } from "./json-body";

// Issue 53 §2: the one reader of a route's JSON body. A caller sees the route's own 400 and
// Italian words for a malformed or wrong body, and the handler the schema's parsed value.

const vote = z.strictObject({
  side: z.enum(["A", "B"], { error: "Scegli Lato A o Lato B" }),
  note: z.string().default("nessuna"),
});

type VoteVariables = { Variables: { vote: z.output<typeof vote> } };

function app() {
  const routes = new Hono<VoteVariables>();
  const voteAsVariable: MiddlewareHandler<VoteVariables> = jsonBodyAs("vote", vote, "Voto non valido.");
  routes.post("/fisso", jsonBody(vote, "Voto non valido."), (c) => c.json(c.req.valid("json")));
  routes.post("/campo", jsonBody(vote, firstIssueWithField("Voto non valido.")), (c) => c.json(c.req.valid("json")));
  routes.post("/variabile", voteAsVariable, (c) => c.json(c.get("vote")));
  routes.post("/rotto", jsonBody(vote, "Voto non valido."), () => {
    throw new HTTPException(400, { message: "Errore della rotta" });
  });
  routes.post("/facoltativo", jsonBody(z.object({ fail: z.unknown() }).partial().nullable().catch(null), ""), (c) =>
    c.json({ body: c.req.valid("json") }),
  );
  routes.onError((error, c) => c.json({ error: error.message }, 500));
  return routes;
}

const post = (path: string, body: string) => app().request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });

test("a valid body reaches the handler parsed by the schema, defaults filled", async () => {
  const answer = await post("/fisso", '{"side":"A"}');
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ side: "A", note: "nessuna" });
  expect(await (await post("/variabile", '{"side":"B","note":"chiaro"}')).json()).toEqual({ side: "B", note: "chiaro" });
});

test("malformed JSON and a wrong body get the route's 400 in Italian, never hono's English", async () => {
  for (const body of ['{"side":', "[1, 2]", '{"side":"C"}', '{"side":"A","extra":1}']) {
    const answer = await post("/fisso", body);
    expect(answer.status, body).toBe(400);
    expect(await answer.json(), body).toEqual({ error: "Voto non valido." });
  }
  const named = await post("/campo", '{"side":"C"}');
  expect(await named.json()).toEqual({ error: "Scegli Lato A o Lato B", field: "side" });
  expect((await post("/variabile", '{"side":')).status).toBe(400);
});

test("an error the route throws after the body is read stays the route's", async () => {
  const answer = await post("/rotto", '{"side":"A"}');
  expect(answer.status).toBe(500);
  expect(await answer.json()).toEqual({ error: "Errore della rotta" });
});

test("a schema that takes no body takes a malformed one as none", async () => {
  expect(await (await post("/facoltativo", "{non json")).json()).toEqual({ body: null });
  expect(await (await post("/facoltativo", '{"fail":true}')).json()).toEqual({ body: { fail: true } });
});
