/** spec 001 §3: special message contents the screens render as cards. */
export const MARKERS = {
  quotaExceeded: "QUOTA_EXCEEDED_UPGRADE",
  debatesExceeded: "QUOTA_EXCEEDED_DEBATES",
  noResponse: "LLM_NO_RESPONSE",
  feedbackForm: "FEEDBACK_FORM",
} as const;

export type Marker = (typeof MARKERS)[keyof typeof MARKERS];

export const isMarker = (content: string): content is Marker => (Object.values(MARKERS) as string[]).includes(content);
