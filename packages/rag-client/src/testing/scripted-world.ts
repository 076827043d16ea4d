import type { RagAskRequest, StreamChunk } from "@oystar/api-client";
import type { AskStream, ResumeAsk } from "../ask-stream";
import type { RagDependencies } from "../rag-session";

// A world for tests and stories: the server's answers are scripted (whole, or step by step from
// the test), the clock moves one millisecond per reading, later tasks wait until run.

type Step = { event: StreamChunk } | { error: unknown } | { end: true };

/** An answer the test writes as it goes: each `send` is one event of the stream. */
export class LiveAnswer {
  private readonly steps: Step[] = [];
  private wake: (() => void) | null = null;

  send(event: StreamChunk) {
    this.push({ event });
  }
  fail(error: unknown) {
    this.push({ error });
  }
  end() {
    this.push({ end: true });
  }

  async *events(signal: AbortSignal): AsyncGenerator<StreamChunk> {
    for (;;) {
      const step = this.steps.shift() ?? (await this.next());
      if (signal.aborted || "end" in step) return;
      if ("error" in step) throw step.error;
      yield step.event;
    }
  }

  private push(step: Step) {
    this.steps.push(step);
    this.wake?.();
  }
  private next(): Promise<Step> {
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve(this.steps.shift()!);
      };
    });
  }
}

export type ScriptedAnswer = readonly StreamChunk[] | { events: readonly StreamChunk[]; error: unknown } | LiveAnswer;

export function scriptedWorld(answers: ScriptedAnswer[] = []) {
  const requests: RagAskRequest[] = [];
  const later: Array<{ task: () => void; delayMs: number }> = [];
  let time = Date.UTC(2026, 10, 23, 9, 30);
  const resumes: string[] = [];
  async function* play(signal: AbortSignal) {
    const answer = answers.shift() ?? [{ chunk: "…" }];
    if (answer instanceof LiveAnswer) {
      yield* answer.events(signal);
      return;
    }
    const events = "events" in answer ? answer.events : answer;
    for (const event of events) yield event;
    if ("error" in answer) throw answer.error;
  }
  // Like the server, each answer is held where a reloaded page can take it up (issue 35 §2).
  const ask: AskStream = async function* (request, signal, onStream) {
    requests.push(request);
    onStream?.(`/api/streams/risposta-${requests.length}`);
    yield* play(signal);
  };
  const resume: ResumeAsk = async function* (streamUrl, signal) {
    resumes.push(streamUrl);
    yield* play(signal);
  };
  const dependencies: RagDependencies = {
    ask,
    resume,
    now: () => (time += 1),
    later: (task, delayMs) => {
      const entry = { task, delayMs };
      later.push(entry);
      return () => void later.splice(later.indexOf(entry), 1);
    },
    refreshQuota: () => {},
  };
  return { dependencies, requests, resumes, later, answers };
}

/** Lets pending promises settle (a streamed event reaching the store). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
