import { createApiClient } from "@oystar/api-client";
import { expect, test } from "vitest";
import { canSendFeedback, debateFeedback, httpDebateFeedback } from "./feedback";

const at = new Date("2026-03-04T10:00:00Z");

test("the feedback carries the rating, the trimmed comment within 500 characters, the topic, the time and the PDF flag", () => {
  expect(
    debateFeedback(
      { rating: 4, comment: "  Utile  ", pdfRequested: true, vote: null },
      { topic: "Treno contro aereo", debateId: "d-1" },
      at,
    ),
  ).toEqual({
    rating: 4,
    comment: "Utile",
    debate_topic: "Treno contro aereo",
    timestamp: "2026-03-04T10:00:00.000Z",
    pdf_requested: true,
  });
  expect(
    debateFeedback({ rating: 1, comment: "x".repeat(600), pdfRequested: false, vote: null }, { topic: "T", debateId: null }, at).comment,
  ).toHaveLength(500);
});

test("issue 26 §3: a vote goes with its debate's id; without an id there is no vote to send", () => {
  const answers = { rating: 3, comment: "", pdfRequested: false, vote: "tie" as const };
  expect(debateFeedback(answers, { topic: "T", debateId: "d-1" }, at)).toMatchObject({ debate_id: "d-1", preferred_side: "tie" });
  expect(debateFeedback(answers, { topic: "T", debateId: null }, at)).not.toHaveProperty("preferred_side");
});

test("a rating of at least 1 is needed", () => {
  expect(canSendFeedback({ rating: 0 })).toBe(false);
  expect(canSendFeedback({ rating: 1 })).toBe(true);
  expect(canSendFeedback({ rating: 5 })).toBe(true);
});

test("the vote is posted to /api/debates/vote, then the feedback without it to /api/forms/debate-feedback; a refusal rejects", async () => {
  const seen: Array<{ url: string; body: unknown; accept: string | undefined }> = [];
  let status = 201;
  const api = createApiClient({
    baseUrl: "https://oystar.test",
    fetch: async (input, init) => {
      const headers = init?.headers as Record<string, string>;
      seen.push({ url: String(input), body: JSON.parse(String(init?.body)), accept: headers.Accept });
      if (status !== 201) return Response.json({ error: "Errore" }, { status });
      return Response.json(String(input).endsWith("/api/debates/vote") ? { ok: true } : { ok: true, id: "9" }, { status });
    },
  });
  const send = httpDebateFeedback(api);
  const debateId = "00000000-0000-4000-8000-000000000001";
  const feedback = debateFeedback({ rating: 5, comment: "", pdfRequested: false, vote: "A" }, { topic: "Mare o montagna", debateId }, at);
  const { preferred_side: _vote, ...withoutVote } = feedback;
  await expect(send(feedback)).resolves.toEqual({ ok: true, id: "9" });
  expect(seen).toEqual([
    { url: "https://oystar.test/api/debates/vote", body: { debate_id: debateId, preferred_side: "A" }, accept: "application/json" },
    { url: "https://oystar.test/api/forms/debate-feedback", body: withoutVote, accept: "application/json" },
  ]);

  // The feedback refused, sent again: the vote, counted already, is not sent twice.
  seen.length = 0;
  status = 500;
  await expect(send(feedback)).rejects.toMatchObject({ status: 500 });
  expect(seen.map((call) => call.url)).toEqual(["https://oystar.test/api/forms/debate-feedback"]);
});

test("a refused vote rejects and sends no feedback", async () => {
  const seen: string[] = [];
  const api = createApiClient({
    baseUrl: "https://oystar.test",
    fetch: async (input) => {
      seen.push(String(input));
      return Response.json({ error: "Hai già votato questo dibattito." }, { status: 409 });
    },
  });
  const feedback = debateFeedback(
    { rating: 4, comment: "", pdfRequested: false, vote: "B" },
    { topic: "Mare o montagna", debateId: "00000000-0000-4000-8000-000000000002" },
    at,
  );
  await expect(httpDebateFeedback(api)(feedback)).rejects.toMatchObject({ status: 409 });
  expect(seen).toEqual(["https://oystar.test/api/debates/vote"]);
});
