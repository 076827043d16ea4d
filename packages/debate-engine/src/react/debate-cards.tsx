import { planMessages } from "@oystar/plans-and-gates";
import { buttonClassName } from "@oystar/ui-kit";
import { Card, Notice } from "@oystar/ui-kit/react";
import { debateMessages } from "../messages";
import type { DebatePhase, Speaker } from "../rules";

/** spec 001 §2, §8: 'Il modello non ha risposto' — the debate can go on. */
export function NoResponseCard({ speaker, phase, turn }: { speaker?: Speaker; phase?: DebatePhase; turn?: number }) {
  return (
    <div className={`debate-card debate-card--silent${speaker ? ` debate-card--${speaker}` : ""}`}>
      <Notice tone="warning" title={debateMessages.noResponseTitle}>
        <p className="debate-card__text">{debateMessages.noResponseText}</p>
        {speaker && phase && turn !== undefined ? (
          <p className="debate-card__meta">
            {debateMessages.modelLabel[speaker]} · {debateMessages.phaseLabel[phase]} · {debateMessages.turnNumber(turn + 1)}
          </p>
        ) : null}
      </Notice>
    </div>
  );
}

/** spec 001 §8: "429 or failed increment in debate" — 'Quota Esaurita!' with an upgrade button. */
export function DebatesExceededCard({ upgradeHref = "/subscription" }: { upgradeHref?: string }) {
  return (
    <Card title={planMessages.quotaExhaustedTitle} headingLevel={3} className="debate-card debate-card--quota">
      <p className="debate-card__text">{planMessages.debatesExhausted}</p>
      <a className={buttonClassName()} href={upgradeHref}>
        {debateMessages.upgrade}
      </a>
    </Card>
  );
}

/** spec 001 §8: '❌ Errore: {message}' (the text comes formatted from the machine). */
export function DebateErrorCard({ message }: { message: string }) {
  return (
    <div className="debate-card">
      <Notice tone="error">{message}</Notice>
    </div>
  );
}

/** Issue 50 §7: STOP ended the debate at this turn; the turns above it stay. */
export function DebateStoppedCard({ turn }: { turn: number }) {
  return (
    <div className="debate-card">
      <Notice tone="info" title={debateMessages.stopped(turn)}>
        <p className="debate-card__text">{debateMessages.stoppedText}</p>
      </Notice>
    </div>
  );
}
