import { useEscapeStops } from "@oystar/conversation/react";
import { Badge, Button, Spinner } from "@oystar/ui-kit/react";
import { useShallow } from "zustand/react/shallow";
import type { DebateSession } from "../debate-session";
import { debateMessages } from "../messages";
import { selectCanPlayNext, selectPhase, selectStatusBadge } from "../selectors";
import { DebateStatusBadge } from "./status-badge";
import { useDebate } from "./use-debate";

export type DebateBarProps = {
  session: DebateSession;
  /** 'SCARICA PDF'. */
  onDownloadPdf: () => void;
  /** STOP and 'FAI UN ALTRO DIBATTITO' also end what is being read aloud. */
  onLeave: () => void;
};

const { buttons, status: words } = debateMessages;

/**
 * spec 001 §2: during a debate — the status badge and phase icon, STOP, 'Prossimo (A/B)' in manual
 * mode, 'SCARICA PDF'; once it is over, 'FAI UN ALTRO DIBATTITO'. It stays at the bottom of the
 * view, where the chat keeps its input.
 */
export function DebateBar({ session, onDownloadPdf, onLeave }: DebateBarProps) {
  const status = useDebate(session, (state) => state.status);
  const synthesis = useDebate(session, (state) => state.debate?.subject.mode === "synthesis");
  const badge = useDebate(session, useShallow(selectStatusBadge));
  const phase = useDebate(session, selectPhase);
  const canPlayNext = useDebate(session, selectCanPlayNext);
  // Issue 52 §7: once the feedback is sent, its thanks offer 'Nuovo Dibattito' (spec 001 §2): one way to start over, not two.
  const voted = useDebate(session, (state) =>
    state.messages.some((message) => message.card?.kind === "feedbackForm" && Boolean(message.card.sent)),
  );
  const over = status === "finished" || status === "halted";
  const starting = status === "connecting" || status === "charging";

  const stop = () => {
    onLeave();
    session.stop();
  };
  const another = () => {
    onLeave();
    session.newDebate();
  };

  // issue 36 §7: Esc is STOP while the debate (or the synthesis) runs.
  useEscapeStops(!over, stop);

  // The synthesis shows its own progress (and STOP) until it is over.
  if (synthesis && !over) return null;

  let state = null;
  if (starting) state = <Spinner label={words.starting} />;
  else if (over) {
    state = (
      <>
        <Badge tone={status === "finished" ? "success" : "warning"}>{status === "finished" ? words.finished : words.halted}</Badge>
        {badge && !synthesis ? <span className="debate-status__turn">{words.turn(badge.turn, badge.total)}</span> : null}
      </>
    );
  } else if (badge) {
    state = (
      <DebateStatusBadge
        auto={badge.auto}
        speaker={badge.nextSpeaker}
        speaking={status === "speaking"}
        // The turn being played, or the last one played (x of 'x/total').
        turn={status === "speaking" ? badge.turn + 1 : badge.turn}
        total={badge.total}
        phase={phase}
      />
    );
  }

  return (
    <div className="debate-bar">
      <div className="debate-bar__state">{state}</div>
      <div className="debate-bar__actions">
        {!over ? (
          <Button variant="danger" onClick={stop} aria-keyshortcuts="Escape">
            {buttons.stop}
          </Button>
        ) : null}
        {!synthesis && !over && badge && !badge.auto && canPlayNext ? (
          <Button onClick={session.next}>{buttons.next(badge.nextSpeaker)}</Button>
        ) : null}
        {!synthesis ? (
          <Button variant="secondary" onClick={onDownloadPdf}>
            {buttons.downloadPdf}
          </Button>
        ) : null}
        {over && !voted ? <Button onClick={another}>{buttons.anotherDebate}</Button> : null}
      </div>
    </div>
  );
}
