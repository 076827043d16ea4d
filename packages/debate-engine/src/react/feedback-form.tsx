import { DEBATE_FEEDBACK_COMMENT_MAX, DEBATE_VOTES, type DebateVote } from "@oystar/api-client";
import { Button, Notice, StarRating, Textarea } from "@oystar/ui-kit/react";
import { useId, useState, type FormEvent } from "react";
import { canSendFeedback, type FeedbackAnswers } from "../feedback";
import { debateMessages } from "../messages";

export type FeedbackFormProps = {
  /** Sends the answers; a rejection shows the spec's error and keeps the form. */
  onSubmit: (answers: FeedbackAnswers) => Promise<void>;
  /** 'Nuovo Dibattito', after the thanks. */
  onNewDebate: () => void;
  /** Issue 35 §1: the feedback was sent (a kept debate opened again): the thanks and the vote. */
  sent?: { vote: DebateVote | null };
};

const { feedback } = debateMessages;

/**
 * spec 001 §2, §5: the form that closes a debate — 1–5 stars (Pessimo … Ottimo), an optional
 * comment of up to 500 characters with its counter, a PDF copy on request; then the thanks and
 * 'Nuovo Dibattito'. A rating of at least 1 is needed. issue 26 §3: beside the stars, 'Chi ti ha
 * convinto di più?' (optional).
 */
export function FeedbackForm({ onSubmit, onNewDebate, sent }: FeedbackFormProps) {
  const titleId = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [pdfRequested, setPdfRequested] = useState(false);
  const [vote, setVote] = useState<DebateVote | null>(null);
  const voteName = useId();
  const [phase, setPhase] = useState<"editing" | "sending" | "failed" | "sent">(sent ? "sent" : "editing");
  const [ratingMissing, setRatingMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase === "sending") return;
    if (!canSendFeedback({ rating })) {
      setRatingMissing(true);
      return;
    }
    setPhase("sending");
    try {
      await onSubmit({ rating, comment, pdfRequested, vote });
      setPhase("sent");
    } catch {
      setPhase("failed");
    }
  }

  if (phase === "sent") {
    return (
      <section className="oy-card debate-feedback debate-feedback--sent" aria-labelledby={titleId}>
        <h3 id={titleId} className="oy-card__title">
          {feedback.thanks}
        </h3>
        <p className="debate-feedback__thanks">{feedback.thanksText}</p>
        {sent ? (
          <p className="debate-feedback__vote">{sent.vote ? feedback.voted(feedback.voteOptions[sent.vote]) : feedback.noVote}</p>
        ) : null}
        <Button onClick={onNewDebate}>{debateMessages.buttons.newDebate}</Button>
      </section>
    );
  }
  return (
    <section className="oy-card debate-feedback" aria-labelledby={titleId}>
      <h3 id={titleId} className="oy-card__title">
        {feedback.title}
      </h3>
      <form className="debate-feedback__form" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <StarRating
            label={feedback.rating}
            value={rating}
            onChange={(stars) => {
              setRating(stars);
              setRatingMissing(false);
            }}
          />
          {ratingMissing ? (
            <p className="oy-field__error" role="alert">
              {feedback.ratingRequired}
            </p>
          ) : null}
        </div>
        <fieldset className="debate-vote">
          <legend className="debate-vote__legend">{feedback.vote}</legend>
          <div className="debate-vote__options">
            {DEBATE_VOTES.map((option) => (
              <label key={option} className="debate-vote__option">
                <input type="radio" name={voteName} value={option} checked={vote === option} onChange={() => setVote(option)} />
                <span>{feedback.voteOptions[option]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Textarea
          label={feedback.comment}
          hideLabel={false}
          rows={3}
          value={comment}
          onChange={setComment}
          maxLength={DEBATE_FEEDBACK_COMMENT_MAX}
          description={feedback.counter(comment.length, DEBATE_FEEDBACK_COMMENT_MAX)}
        />
        <label className="debate-check">
          <input type="checkbox" checked={pdfRequested} onChange={(event) => setPdfRequested(event.target.checked)} />
          <span>{feedback.pdf}</span>
        </label>
        {phase === "failed" ? <Notice tone="error">{feedback.failed}</Notice> : null}
        <div className="debate-feedback__actions">
          <Button type="submit" loading={phase === "sending"}>
            {feedback.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
