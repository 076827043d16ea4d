// Issue 35 §2, DESIGN.md §5: the contract of an answer that survives a dropped connection. The
// product's clients ask for it on the request; the server names the held answer on the response;
// a resume sends the standard Last-Event-ID of the last event received.

/** On a streamed request: hold this answer for a resume (a client that leaves does not stop it; STOP does). */
export const RESUMABLE_REQUEST_HEADER = "Oystar-Resumable";
/** On the response: the held answer's unguessable id, for `API_PATHS.answerStream`. */
export const STREAM_ID_HEADER = "Oystar-Stream-Id";
/** The standard header of a resume: the id of the last event received (none: from the first). */
export const LAST_EVENT_ID_HEADER = "Last-Event-ID";
