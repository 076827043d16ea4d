import type { ChatCompletionRequest } from "@oystar/api-client";

/**
 * The chat-completions request one of a debate's calls becomes (the server builds it:
 * debate-request.ts, judge-request.ts). Custom models (Model-A="…") may be any name.
 */
export type DebateModelRequest = Omit<ChatCompletionRequest, "model"> & { model: string };
