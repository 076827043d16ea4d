/**
 * spec 001 §3: the special messages the screens render as cards. A message carries its card in
 * its own field (`card`), never in its text.
 */
export const MARKERS = {
  quotaExceeded: "QUOTA_EXCEEDED_UPGRADE",
  debatesExceeded: "QUOTA_EXCEEDED_DEBATES",
  noResponse: "LLM_NO_RESPONSE",
  feedbackForm: "FEEDBACK_FORM",
} as const;

export type ChatCard = (typeof MARKERS)[keyof typeof MARKERS];
