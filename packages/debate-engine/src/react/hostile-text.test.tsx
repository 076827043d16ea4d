import { createApiClient, type DebateCall, type Intervention } from "@oystar/api-client";
import { createReadAloud } from "@oystar/conversation";
import { cutsOf, modelStreamResponse, unsafeMarkup, xssPayloads } from "@oystar/vitest-config/hostile-text";
import { drawingSurface } from "@oystar/vitest-config/drawing-surface";
import { expect, test } from "vitest";
import { httpDebatePorts } from "../http-ports";
import { parseJudgeRun } from "../judge-format";
import { scorecardOf } from "../scorecard";
import { DebateBubble, StreamingBubble } from "./debate-bubble";
import { JudgementCard } from "./judgement-card";

// Issue 28 §5: each payload of the security team's list as a debater's reply — whole and cut in
// two at every position, read by the debate's own port (POST /api/debates/calls through the chat's
// streamCompletion) and drawn in the streaming bubble, then the finished one — and as the judge's
// motivations and quotes, read by the judge's parser and drawn in the scorecard.

const MODELS = { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" };
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ");

const surface = drawingSurface();
const { container } = surface;
const draw = (element: React.ReactNode) => surface.draw(<ol>{element}</ol>);
/** What the payload made in the words of the bubbles (their frame has its own buttons). */
const unsafeWords = () => [...container.querySelectorAll(".debate-turn__text")].flatMap((words) => unsafeMarkup(words));
/** No handler and no dangerous address anywhere, the frame included. */
const unsafeAnywhere = () => unsafeMarkup(container, { allowed: ["button", "svg"] });

/** A reply as the debate's port streams it from the server. */
async function replyThrough(pieces: [string, string], cutShare: number, onPiece: (text: string) => void): Promise<string> {
  const api = createApiClient({ fetch: async () => modelStreamResponse(pieces, cutShare) });
  const { model } = httpDebatePorts({ api });
  let text = "";
  for await (const piece of model({ request: {} as DebateCall, signal: new AbortController().signal })) {
    text += piece;
    onPiece(text);
  }
  return text;
}

test("the Markdown renderer has loaded (the first reply is shown as text until then)", async () => {
  draw(<StreamingBubble speaker="A" model={MODELS.A} phase="opposizione" turn={0} text="**pronto**" />);
  await expect.poll(() => container.querySelector("strong")?.textContent, { timeout: 30_000 }).toBe("pronto");
});

test.each(xssPayloads.map((payload, index) => [index + 1, payload] as const))(
  "payload %i as a debater's streamed reply, cut at every position, draws nothing that runs or loads",
  async (_, payload) => {
    const cuts = cutsOf(payload);
    const readAloud = createReadAloud(undefined, undefined);
    for (const [index, cut] of cuts.entries()) {
      const problems: string[] = [];
      const text = await replyThrough(cut, index / cuts.length, (partial) => {
        draw(<StreamingBubble speaker="B" model={MODELS.B} phase="riflessione" turn={1} text={partial} />);
        problems.push(...unsafeWords(), ...unsafeAnywhere());
      });
      expect(text, `cut at ${cut[0].length}`).toBe(payload);
      draw(
        <DebateBubble
          speech={{ id: "t1", speaker: "B", model: MODELS.B, phase: "riflessione", turn: 1, content: text }}
          readAloud={readAloud}
          onNotice={() => {}}
        />,
      );
      problems.push(...unsafeWords(), ...unsafeAnywhere());
      expect(problems, `cut at ${cut[0].length}`).toEqual([]);
    }
  },
);

/** A judge's run in its format: the payload as every motivation and both quotes of each side. */
function judgeRun(payload: string): string {
  const side = (lato: number) =>
    [
      `## Lato ${lato}`,
      ...["Logica", "Prove", "Persuasività", "Replica"].map((criterion) => `${criterion}: 7 — ${payload}`),
      `Argomento più forte: «${payload}»`,
      `Argomento più debole: «${payload}»`,
    ].join("\n");
  return [side(1), side(2), "## Verdetto\nVincitore: Lato 1"].join("\n\n");
}

test.each(xssPayloads.map((payload, index) => [index + 1, oneLine(payload)] as const))(
  "payload %i in the judge's motivations and quotes is shown as text in the scorecard",
  async (_, payload) => {
    // The judge's answer as its port streams it, cut at the payload's middle.
    const answer = judgeRun(payload);
    const cut = answer.indexOf(payload) + Math.floor(payload.length / 2);
    const text = await replyThrough([answer.slice(0, cut), answer.slice(cut)], 0.5, () => {});
    const history: Intervention[] = [
      { speaker: "A", content: payload, turn: 0 },
      { speaker: "B", content: payload, turn: 1 },
    ] as Intervention[];
    const scorecard = scorecardOf([parseJudgeRun(text), parseJudgeRun(text)], { judge: "openai/gpt-oss-120b", models: MODELS, history });
    draw(
      <li>
        <JudgementCard judgement={{ status: "done", scorecard }} models={MODELS} />
      </li>,
    );
    expect(unsafeMarkup(container)).toEqual([]);
    const card = container.querySelector(".debate-scorecard");
    // Every motivation and quote of both sides is there, as its text.
    expect(card?.textContent?.split(payload).length).toBe(2 * 6 + 1);
  },
);
