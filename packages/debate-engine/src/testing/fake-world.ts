import type { DebateCall, DebateJudgeCall, ResetRequest, ResetResponse } from "@oystar/api-client";
import { citedPassage, virtualTime } from "@oystar/conversation/testing";
import { turnRole } from "../debate-request";
import { formatJudgeRun, JUDGE_CRITERIA, type JudgedSide, type LatoVerdict } from "../judge-format";
import { latoOf } from "../judge-request";
import type { Speaker } from "../rules";
import { formatSynthesisAnalysis } from "../synthesis";
import type { DebatePorts, ModelCall, ModelPiece, StartDebateResult } from "../ports";

// A world for tests: the floor's virtual clock with its timers, a scripted model, and the two API
// calls — all in memory. Nothing here waits on real time.

/** A reply the test feeds piece by piece; it fails with an AbortError when its call is aborted. */
export class ControlledReply implements AsyncIterable<ModelPiece> {
  private queue: ModelPiece[] = [];
  private ended = false;
  private failure: unknown = null;
  private wake: (() => void) | null = null;
  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener("abort", () => this.wake?.());
  }
  push(...pieces: ModelPiece[]) {
    this.queue.push(...pieces);
    this.wake?.();
  }
  end() {
    this.ended = true;
    this.wake?.();
  }
  fail(error: unknown) {
    this.failure = error;
    this.wake?.();
  }
  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this.signal.aborted) throw new DOMException("Aborted", "AbortError");
      if (this.failure) throw this.failure;
      const piece = this.queue.shift();
      if (piece !== undefined) yield piece;
      else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

export type ModelScript = (call: ModelCall, index: number) => AsyncIterable<ModelPiece> | "controlled";

/**
 * A judge's answer in the judge's format: each side scored `scores[side]` on every criterion,
 * quoting the first 30 characters of its first intervention; `winner` is a side (or 'tie'), named
 * as the run's Lato — or, for a judge that favours whatever it reads first, `"first"`.
 */
export function judgeAnswer(
  call: DebateJudgeCall,
  { winner = "A", scores = { A: 8, B: 6 } }: { winner?: Speaker | "tie" | "first"; scores?: Record<Speaker, number> } = {},
): string {
  const side = (speaker: Speaker): JudgedSide => {
    const said = call.history.find((item) => item.speaker === speaker)?.content ?? "";
    const criteria = Object.fromEntries(
      JUDGE_CRITERIA.map((criterion) => [criterion, { score: scores[speaker], motivation: `${criterion} del lato ${speaker}.` }]),
    );
    return { criteria: criteria as JudgedSide["criteria"], strongest: said.slice(0, 30), weakest: said.slice(0, 12) };
  };
  const first: Speaker = latoOf(call.run, "A") === 1 ? "A" : "B";
  const verdict: LatoVerdict = winner === "first" ? 1 : winner === "tie" ? "tie" : latoOf(call.run, winner);
  return formatJudgeRun({ offlineNote: null, sides: { 1: side(first), 2: side(first === "A" ? "B" : "A") }, verdict });
}

/** Each turn answers in character and in two pieces: "A3: ..." for Model A's turn 3; the judge finds for A. */
export const inCharacter: ModelScript = (call) => {
  const request = call.request;
  const text =
    request.kind === "turn"
      ? `${turnRole(request).speaker}${request.turn}: difendo «${turnRole(request).ownOption}». Che ne pensi?`
      : request.kind === "judge"
        ? judgeAnswer(request)
        : "?";
  return (async function* () {
    yield text.slice(0, 10);
    yield text.slice(10);
  })();
};

/** The passages the fake server gives every turn argued from documents (issue 26 §2). */
export const FAKE_PASSAGES = [
  citedPassage({ noteNumber: 1, chunkId: "101", title: "Giardini storici", filename: "giardini.md", excerpt: "Il bosso delle siepi…" }),
  citedPassage({ noteNumber: 2, chunkId: "102", title: "Restauro", filename: "restauro.pdf", page: 3, excerpt: "Le piante antiche…" }),
];

/**
 * A turn argued from documents as the server answers it: the passages, then words quoting passage
 * 1 truly and passage 2 falsely, then the verdicts (sealed with a fake seal naming the turn).
 */
export const fromDocuments: ModelScript = (call, index) => {
  const request = call.request;
  if (request.kind !== "turn" || !request.documents) return inCharacter(call, index);
  const { speaker } = turnRole(request);
  const pieces: ModelPiece[] = [
    { passages: { index: request.documents.index, passages: FAKE_PASSAGES } },
    `${speaker}${request.turn}: come dice il testo, «il bosso delle siepi va potato» [1], `,
    "e «le rose fioriscono due volte» [2]. Che ne pensi?",
    {
      quotes: {
        quotes: [
          { n: 1, text: "il bosso delle siepi va potato", status: "verified" },
          { n: 2, text: "le rose fioriscono due volte", status: "notFound" },
        ],
        seal: `seal${request.turn}`.padEnd(43, "x"),
      },
    },
  ];
  return (async function* () {
    yield* pieces;
  })();
};

/** Turns in character; the analysis in the asked-for sections, quoting what it was given. */
export const analyst: ModelScript = (call, index) => {
  const asked = call.request;
  if (asked.kind !== "analysis") return inCharacter(call, index);
  const text = formatSynthesisAnalysis({
    introduction: `Analizzati ${asked.history.length} interventi su «${asked.topic}».`,
    syntheses: [
      {
        title: "Prima",
        text: asked.history.map((item) => `${item.speaker}${item.turn}`).join(" "),
        plan: ["Primo passo.", "Secondo passo."],
      },
      { title: "Seconda", text: "Alternativa." },
      { title: "Terza", text: "Altra alternativa." },
    ],
    conclusions: "Fine.",
  });
  return (async function* () {
    yield text;
  })();
};

export function fakeWorld(
  options: {
    script?: ModelScript;
    startDebate?: () => Promise<StartDebateResult>;
    reset?: (request: ResetRequest) => Promise<ResetResponse>;
  } = {},
) {
  const time = virtualTime();
  const calls: ModelCall[] = [];
  const controlled: ControlledReply[] = [];
  const resets: ResetRequest[] = [];
  let increments = 0;
  const script = options.script ?? inCharacter;
  const ports: DebatePorts = {
    clock: time.clock,
    model(call) {
      calls.push(call);
      const reply = script(call, calls.length - 1);
      if (reply !== "controlled") return reply;
      const stream = new ControlledReply(call.signal);
      controlled.push(stream);
      return stream;
    },
    resetProvider(request) {
      resets.push(request);
      return (
        options.reset?.(request) ?? Promise.resolve({ status: "success", message: "Connessione reimpostata.", details: { actions: [] } })
      );
    },
    startDebate() {
      increments += 1;
      return options.startDebate?.() ?? Promise.resolve({ status: "started", debateId: `debate-${increments}` });
    },
  };
  return {
    ports,
    time,
    calls,
    controlled,
    resets,
    increments: () => increments,
    /** Lets every promise the runner is waiting on settle (no real time passes). */
    settle: () => new Promise<void>((resolve) => setImmediate(resolve)),
    /** What each model call asked: the structured call, with a turn's speaker, phase and options. */
    asked: () => calls.map((call) => readable(call.request)),
  };
}

/** A call as a test reads it: who it asks (`model`); a turn also who speaks, in which phase, for which option. */
const readable = (call: DebateCall) => {
  if (call.kind === "analysis") return { ...call, model: call.models.A };
  if (call.kind === "judge") return { ...call, model: call.judge_model };
  const role = turnRole(call);
  return { ...call, ...role, model: call.models[role.speaker] };
};
