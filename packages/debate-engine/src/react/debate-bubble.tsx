import type { ChatMessage } from "@oystar/conversation";
import { AnswerBlocks, MessageActions, useOpenSource } from "@oystar/conversation/react";
import type { ReadAloud } from "@oystar/conversation";
import { memo, useMemo, type ReactNode, type Ref } from "react";
import type { DebateSpeech } from "../debate-state";
import { debateMessages } from "../messages";
import type { DebatePhase, Speaker } from "../rules";
import { useParticipant } from "./participants";
import { PhaseBadge } from "./phase-icon";
import { evidenceCitations, openCitedPassage, TurnEvidenceView } from "./turn-evidence";

/** The chat's answer actions work on a chat message: a speech is one, said by the assistant. */
const asAnswer = (speech: DebateSpeech): ChatMessage => ({ id: speech.id, role: "assistant", content: speech.content, timestamp: 0 });

type TurnFrameProps = {
  speaker: Speaker;
  model: string;
  phase: DebatePhase;
  turn: number;
  /** "sta scrivendo..." while the reply streams. */
  note?: string;
  live?: boolean;
  anchor?: Ref<HTMLLIElement>;
  children: ReactNode;
};

/**
 * A bubble of the debate: Model A on the left, Model B on the right (spec 001 §2). The words are
 * shown as the chat shows an answer (the floor's safe Markdown, block by block).
 */
function TurnFrame({ speaker, model, phase, turn, note, live = false, anchor, children }: TurnFrameProps) {
  const participant = useParticipant()(speaker, model);
  return (
    <li ref={anchor} className={`debate-turn debate-turn--${speaker}${live ? " debate-turn--live" : ""}`}>
      <div className="debate-turn__header">
        <span className="debate-avatar" aria-hidden="true">
          {speaker}
        </span>
        <span className="debate-turn__speaker">{participant.label}</span>
        {participant.model === null ? null : <span className="debate-turn__model">{participant.model}</span>}
        <span className="debate-turn__meta">
          <PhaseBadge phase={phase} />
          <span>{debateMessages.turnNumber(turn + 1)}</span>
        </span>
      </div>
      {children}
      {note ? <p className="debate-turn__note">{note}</p> : null}
    </li>
  );
}

export type DebateBubbleProps = {
  speech: DebateSpeech;
  readAloud: ReadAloud;
  /** Tells the user what an action did (copied, shared by copying, speech unsupported …). */
  onNotice: (text: string) => void;
  anchor?: Ref<HTMLLIElement>;
};

/**
 * A finished intervention, with copy, read aloud and share (the floor's actions). Argued from
 * documents, its [n] lead to the passages — opened in the source viewer the screen sits under, if
 * any (issue 26 §2) — and its quotes are listed with the server's verdicts.
 */
export const DebateBubble = memo(function DebateBubble({ speech, readAloud, onNotice, anchor }: DebateBubbleProps) {
  const { id, evidence } = speech;
  const openSource = useOpenSource();
  // Stable per bubble: the Markdown blocks are memoised on it.
  const citations = useMemo(() => evidenceCitations(id, evidence), [id, evidence]);
  return (
    <TurnFrame speaker={speech.speaker} model={speech.model} phase={speech.phase} turn={speech.turn} anchor={anchor}>
      {/* The citations are links (reached with Tab, Enter clicks them): this only listens to their clicks. */}
      <div className="debate-turn__text" onClickCapture={evidence ? (event) => openCitedPassage(event, evidence, openSource) : undefined}>
        <AnswerBlocks text={speech.content} citations={citations} />
      </div>
      {evidence ? <TurnEvidenceView speechId={id} evidence={evidence} /> : null}
      <MessageActions message={asAnswer(speech)} readAloud={readAloud} onNotice={onNotice} />
    </TurnFrame>
  );
});

export type StreamingBubbleProps = {
  speaker: Speaker;
  model: string;
  phase: DebatePhase;
  turn: number;
  text: string;
  anchor?: Ref<HTMLLIElement>;
};

/** The intervention being written, with the blinking cursor. */
export function StreamingBubble({ speaker, model, phase, turn, text, anchor }: StreamingBubbleProps) {
  return (
    <TurnFrame speaker={speaker} model={model} phase={phase} turn={turn} note={debateMessages.speaking} live anchor={anchor}>
      <div className="debate-turn__text">
        <AnswerBlocks text={text} streaming />
      </div>
    </TurnFrame>
  );
}
