import {
  DEBATE_FEEDBACK_COMMENT_MAX,
  debateFeedbackSchema,
  debateVoteSchema,
  type ApiClient,
  type DebateFeedback,
  type DebateVote,
} from "@oystar/api-client";

// spec 001 §2, §3, §7: the feedback form that closes a debate. No debate text travels with it;
// issue 26 §3: the user's answer to 'Chi ti ha convinto di più?' does, with the debate's id.

/** The most of a topic the feedback carries (the schema's bound for debate_topic). */
const TOPIC_MAX = 1000;

export type FeedbackAnswers = { rating: number; comment: string; pdfRequested: boolean; vote: DebateVote | null };

/**
 * What the form sends: the answers, the debate's topic and when (the comment within its 500);
 * a vote goes with the debate it is about, and none without one.
 */
export function debateFeedback(answers: FeedbackAnswers, debate: { topic: string; debateId: string | null }, at: Date): DebateFeedback {
  const feedback: DebateFeedback = {
    rating: answers.rating,
    comment: answers.comment.trim().slice(0, DEBATE_FEEDBACK_COMMENT_MAX),
    debate_topic: debate.topic.slice(0, TOPIC_MAX),
    timestamp: at.toISOString(),
    pdf_requested: answers.pdfRequested,
  };
  return answers.vote && debate.debateId ? { ...feedback, debate_id: debate.debateId, preferred_side: answers.vote } : feedback;
}

/** spec 001 §5: "Feedback needs a rating of at least 1". */
export const canSendFeedback = (answers: Pick<FeedbackAnswers, "rating">) => answers.rating >= 1 && answers.rating <= 5;

export type SendFeedback = (feedback: DebateFeedback) => Promise<unknown>;

/**
 * Issue 53 §2: the vote goes to the debates' own route (POST /api/debates/vote), then the feedback
 * to POST /api/forms/debate-feedback with the debate's id and without the vote (signed in, JSON);
 * any non-OK answer rejects. A vote counted once is not sent again when the feedback is retried:
 * the server would refuse it as a second vote.
 */
export function httpDebateFeedback(api: ApiClient): SendFeedback {
  const voted = new Set<string>();
  return async ({ preferred_side: vote, ...feedback }) => {
    const debateId = feedback.debate_id;
    if (vote && debateId && !voted.has(debateId)) {
      await api.call("debateVote", { body: debateVoteSchema.parse({ debate_id: debateId, preferred_side: vote }) });
      voted.add(debateId);
    }
    return api.call("debateFeedback", { body: debateFeedbackSchema.parse(feedback) });
  };
}
