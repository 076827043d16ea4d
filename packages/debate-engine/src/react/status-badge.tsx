import { Badge } from "@oystar/ui-kit/react";
import { debateMessages } from "../messages";
import type { DebatePhase, Speaker } from "../rules";
import { useParticipant } from "./participants";
import { PhaseBadge } from "./phase-icon";

export type DebateStatusBadgeProps = {
  auto: boolean;
  /** The model speaking now, or the next one (`speaking` says which); none once it is over. */
  speaker: Speaker | null;
  speaking: boolean;
  /** The turn being played, or the last one played. */
  turn: number;
  total: number;
  phase: DebatePhase | null;
};

const { status } = debateMessages;

/** spec 001 §2: the status badge — Auto/Manuale, the next model, the turn x/total — and the phase icon. */
export function DebateStatusBadge({ auto, speaker, speaking, turn, total, phase }: DebateStatusBadgeProps) {
  // issue 36 §1: offline the sides are 'Lato A' and 'Lato B', here as in the bubbles.
  const participant = useParticipant();
  const side = speaker ? participant(speaker, "").label : "";
  return (
    <div className="debate-status" role="group" aria-label={status.label}>
      <span className="debate-status__badges">
        <Badge tone={auto ? "brand" : "neutral"}>{auto ? status.auto : status.manual}</Badge>
        {phase ? <PhaseBadge phase={phase} /> : null}
      </span>
      <span className="debate-status__text">
        <span className="debate-status__turn">{status.turn(turn, total)}</span>
        {speaker ? (
          <>
            {" · "}
            <span className={`debate-status__speaker debate-status__speaker--${speaker}`}>
              {speaking ? status.speaking(side) : status.next(side)}
            </span>
          </>
        ) : null}
      </span>
    </div>
  );
}
