import { DEBATE_JUDGE_RUNS } from "@oystar/api-client";
import { Badge, Notice, Spinner } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { DebateJudgement } from "../debate-state";
import { CRITERION_LABELS, JUDGE_CRITERIA } from "../judge-format";
import { debateMessages } from "../messages";
import type { Speaker } from "../rules";
import { scorecardReckoning, scoreText, verdictExplanation, verdictText, type JudgedQuote, type Scorecard } from "../scorecard";

const words = debateMessages.judge;
const SIDES = ["A", "B"] as const;

export type JudgementCardProps = {
  judgement: DebateJudgement;
  /** The debate's two models, named beside their side. */
  models: Record<Speaker, string>;
};

/**
 * issue 26 §1: the judge's card under the transcript, before the feedback form — while the two
 * runs go, the scorecard (four criteria per side, the quoted arguments, the verdict and how much
 * the two runs agreed), or an error card that leaves the debate as it is.
 */
export function JudgementCard({ judgement, models }: JudgementCardProps) {
  const titleId = useId();
  if (judgement.status === "failed") {
    return (
      <div className="debate-card">
        <Notice tone="error" title={words.failedTitle}>
          <p className="debate-card__text">{judgement.message}</p>
          <p className="debate-card__text">{words.failedText}</p>
        </Notice>
      </div>
    );
  }
  return (
    <section className="oy-card debate-scorecard" aria-labelledby={titleId}>
      <h3 id={titleId} className="oy-card__title">
        {words.title}
      </h3>
      {judgement.status === "pending" ? (
        <Spinner label={words.pending(judgement.reports.length + 1, DEBATE_JUDGE_RUNS.length)} />
      ) : (
        <ScorecardBody scorecard={judgement.scorecard} models={models} />
      )}
    </section>
  );
}

function ScorecardBody({ scorecard, models }: { scorecard: Scorecard; models: Record<Speaker, string> }) {
  return (
    <>
      <div className="debate-scorecard__judge">
        {scorecard.offline ? <Badge tone="warning">{words.offlineBadge}</Badge> : null}
        <p>{scorecard.offline ? words.offlineLabel : words.judgedBy(scorecard.judge)}</p>
      </div>
      {scorecard.note ? <p className="debate-scorecard__note">{scorecard.note}</p> : null}
      {scorecard.judgeArgued.map((side) => (
        <Notice key={side} tone="warning">
          {words.judgeArgued(side)}
        </Notice>
      ))}
      <VerdictBlock scorecard={scorecard} />
      <div className="debate-scorecard__sides">
        {SIDES.map((side) => (
          <SideScores key={side} side={side} model={models[side]} scorecard={scorecard} />
        ))}
      </div>
    </>
  );
}

/**
 * Issue 52 §1: the verdict as the scores give it, the rule and the totals said under it; then how
 * far the two readings agreed. No criterion scored for both sides (the offline judge scores none):
 * no winner, and why.
 */
function VerdictBlock({ scorecard }: { scorecard: Scorecard }) {
  const { verdict } = scorecardReckoning(scorecard);
  return (
    <div className="debate-scorecard__verdict">
      <p>
        <strong>{words.verdict}:</strong> {verdictText(verdict)}
      </p>
      {verdictExplanation(scorecard).map((line) => (
        <p key={line} className="debate-scorecard__rule">
          {line}
        </p>
      ))}
      {verdict === null && scorecard.offline ? <p className="debate-scorecard__no-winner">{words.noWinnerReason}</p> : null}
      {verdict !== null && scorecard.agreement !== null ? (
        <>
          <p className={`debate-scorecard__agreement debate-scorecard__agreement--${scorecard.agreement}`}>
            {words.agreement[scorecard.agreement]}
          </p>
          <p className="debate-scorecard__runs">{words.runs(verdictText(scorecard.runs[0]), verdictText(scorecard.runs[1]))}</p>
        </>
      ) : null}
    </div>
  );
}

function SideScores({ side, model, scorecard }: { side: Speaker; model: string; scorecard: Scorecard }) {
  const headingId = useId();
  const scored = scorecard.sides[side];
  return (
    <section className={`debate-scorecard__side debate-scorecard__side--${side}`} aria-labelledby={headingId}>
      <h4 id={headingId}>{scorecard.offline ? words.side(side) : words.sideCaption(side, model)}</h4>
      <table className="debate-scorecard__table">
        <thead>
          <tr>
            <th scope="col">{words.criterion}</th>
            <th scope="col">{words.score}</th>
            <th scope="col">{words.motivation}</th>
          </tr>
        </thead>
        <tbody>
          {JUDGE_CRITERIA.map((criterion) => {
            const { score, motivation } = scored.criteria[criterion];
            return (
              <tr key={criterion}>
                <th scope="row">{CRITERION_LABELS[criterion]}</th>
                <td className="debate-scorecard__score">
                  {score === null ? <abbr title={words.notScoredLabel}>{words.notScored}</abbr> : words.outOfTen(scoreText(score))}
                </td>
                <td>{motivation}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="debate-scorecard__quotes">
        <QuoteItem label={words.strongest} quote={scored.strongest} />
        <QuoteItem label={words.weakest} quote={scored.weakest} />
      </dl>
    </section>
  );
}

function QuoteItem({ label, quote }: { label: string; quote: JudgedQuote | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {quote ? (
          <>
            <q>{quote.text}</q>
            {quote.found ? null : <span className="debate-scorecard__unfound"> {words.quoteNotFound}</span>}
          </>
        ) : (
          <abbr title={words.notScoredLabel}>{words.notScored}</abbr>
        )}
      </dd>
    </>
  );
}
