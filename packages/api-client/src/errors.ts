// Typed errors of the client: callers branch on the class, users read the message.

/** A non-OK answer. The message is the spec's 'HTTP error! status: {n}' (spec 001 §8). */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  /** The parsed JSON body, when the server sent one. */
  readonly body: unknown;
  /** The server's own explanation (`{error}` or `{detail}`), in Italian for users. */
  readonly serverMessage: string | undefined;
  /** How long the server asked to wait before trying again (its Retry-After, in seconds), if it said. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, { retryAfter = null }: { retryAfter?: string | null } = {}) {
    super(`HTTP error! status: ${status}`);
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessageOf(body);
    this.retryAfterSeconds = retryAfter !== null && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : null;
  }
}

export class TimeoutError extends Error {
  override name = "TimeoutError";
  constructor(readonly timeoutMs: number) {
    super("Timeout");
  }
}

/** The server answered 2xx with a body that does not match the contract. */
export class ResponseShapeError extends Error {
  override name = "ResponseShapeError";
  constructor(
    readonly path: string,
    readonly issues: unknown,
  ) {
    super(`Risposta inattesa dal server per ${path}`);
  }
}

function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["error", "detail", "message"]) {
    if (typeof record[key] === "string") return record[key];
  }
  return undefined;
}
