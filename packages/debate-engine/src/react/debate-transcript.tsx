import type { ReadAloud } from "@oystar/conversation";
import { bringIntoView } from "@oystar/ui-kit";
import { useEffect, useRef, type ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import type { DebateSession } from "../debate-session";
import type { DebateCardMessage } from "../debate-state";
import { debateMessages } from "../messages";
import { selectShownMessages } from "../selectors";
import { DebateBubble, StreamingBubble } from "./debate-bubble";
import { useDebate, useDebateEachFrame } from "./use-debate";

export type DebateTranscriptProps = {
  session: DebateSession;
  readAloud: ReadAloud;
  onNotice: (text: string) => void;
  /** How the screen shows a card (feedback form, quota, no response, error). */
  renderCard: (message: DebateCardMessage) => ReactNode;
};

/**
 * The debate as it goes: finished interventions and cards (memoised: a streaming turn re-renders
 * only itself), then the turn being written. Each new turn and each new card is scrolled into view.
 */
export function DebateTranscript({ session, readAloud, onNotice, renderCard }: DebateTranscriptProps) {
  const messages = useDebate(session, useShallow(selectShownMessages));
  const writing = useDebate(session, (state) => state.streaming !== null);
  const last = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) bringIntoView(last.current);
  }, [count]);
  return (
    <section className="debate-transcript" aria-label={debateMessages.transcriptLabel}>
      {/* As in the chat: a finished turn is announced once; aria-busy holds it while it streams. */}
      <ol className="debate-transcript__list" aria-live="polite" aria-busy={writing}>
        {messages.map((message, index) => {
          const anchor = index === count - 1 ? last : undefined;
          if (message.card) {
            return (
              <li key={message.id} ref={anchor} className="debate-transcript__card">
                {renderCard(message)}
              </li>
            );
          }
          return <DebateBubble key={message.id} speech={message} readAloud={readAloud} onNotice={onNotice} anchor={anchor} />;
        })}
        <LiveTurn session={session} />
      </ol>
    </section>
  );
}

/** The turn being written (the synthesis's hidden debate is never shown). */
function LiveTurn({ session }: { session: DebateSession }) {
  const reply = useDebateEachFrame(session, (state) =>
    state.debate?.subject.mode !== "synthesis" && state.streaming?.purpose === "turn" ? state.streaming : null,
  );
  const item = useRef<HTMLLIElement>(null);
  const call = reply?.call;
  useEffect(() => {
    if (call !== undefined) bringIntoView(item.current);
  }, [call]);
  if (!reply) return null;
  return (
    <StreamingBubble speaker={reply.speaker} model={reply.model} phase={reply.phase} turn={reply.turn} text={reply.text} anchor={item} />
  );
}
