import { useState } from "react";
import type { ComposerProps } from "./composer";

/**
 * The question being typed, for a Composer: `send` takes it (and the box empties) only when
 * `canSend` allows it now — the chat's send rules or the RAG's (spec 001 §5).
 */
export function useComposerDraft(
  send: (text: string) => unknown,
  canSend: (text: string) => boolean,
): Pick<ComposerProps, "value" | "onChange" | "onSend" | "sendable"> {
  const [value, setValue] = useState("");
  const sendable = canSend(value);
  return {
    value,
    onChange: setValue,
    sendable,
    onSend: () => {
      if (!sendable) return;
      setValue("");
      void send(value);
    },
  };
}
