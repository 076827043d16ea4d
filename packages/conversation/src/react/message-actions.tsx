import { Button } from "@oystar/ui-kit/react";
import { useStore } from "zustand";
import type { ChatMessage } from "../message";
import { conversationMessages } from "../messages";
import { copyAnswer, shareAnswer } from "../share";
import type { ReadAloud } from "../speech";

export type MessageActionsProps = {
  message: ChatMessage;
  readAloud: ReadAloud;
  /** Tells the user what happened (copied, shared by copying, speech unsupported …). */
  onNotice: (text: string) => void;
  /** spec 001 §2: only when a PDF is or was in context. */
  onDownloadPdf?: (message: ChatMessage) => void;
  /** Issue 50 §4: 'Rigenera' — the answer asked again, this one kept as a version. */
  onRegenerate?: (message: ChatMessage) => void;
};

/** spec 001 §2: copy, read aloud (pressing again stops), share, and download as PDF. */
export function MessageActions({ message, readAloud, onNotice, onDownloadPdf, onRegenerate }: MessageActionsProps) {
  const speaking = useStore(readAloud.store, (state) => state.speakingId === message.id);
  const notify = (text: string | null) => {
    if (text) onNotice(text);
  };
  return (
    <div className="chat-actions" role="group" aria-label={conversationMessages.actions.label}>
      <Button size="sm" variant="ghost" onClick={() => void copyAnswer(message.content, navigator).then(notify)}>
        {conversationMessages.actions.copy}
      </Button>
      <Button size="sm" variant="ghost" aria-pressed={speaking} onClick={() => notify(readAloud.toggle(message.id, message.content))}>
        {speaking ? conversationMessages.actions.stopReading : conversationMessages.actions.readAloud}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => void shareAnswer(message.content, navigator).then(notify)}>
        {conversationMessages.actions.share}
      </Button>
      {onDownloadPdf ? (
        <Button size="sm" variant="ghost" onClick={() => onDownloadPdf(message)}>
          {conversationMessages.actions.downloadPdf}
        </Button>
      ) : null}
      {onRegenerate ? (
        <Button size="sm" variant="ghost" onClick={() => onRegenerate(message)}>
          {conversationMessages.actions.regenerate}
        </Button>
      ) : null}
    </div>
  );
}
