import type { DebateDocuments } from "@oystar/api-client";
import type { ModelProvider } from "@oystar/api-client";
import type { DebateMode, Speaker } from "./rules";

/** What every call of a debate says of it, the turns', the analysis' and the judge's alike (issue 38 §4). */
export type CallHeader = {
  debateId: string;
  mode: DebateMode;
  topic: string;
  options: Record<Speaker, string>;
  models: Record<Speaker, string>;
  length: number;
  provider: ModelProvider;
  /** issue 26 §2: the index a debate argued from documents reads (null: none). */
  documents?: string | null;
};

/** The header's fields as a call carries them (@oystar/api-client's debateCallSchema). */
export const callHeaderFields = (facts: CallHeader) => ({
  debate_id: facts.debateId,
  mode: facts.mode,
  topic: facts.topic,
  options: facts.options,
  models: facts.models,
  length: facts.length,
  provider: facts.provider,
  ...(facts.documents ? { documents: { index: facts.documents } satisfies DebateDocuments } : {}),
});
