import { Button, IconButton } from "@oystar/ui-kit/react";
import { useId, useState } from "react";
import { versionOf } from "../branches";
import type { ChatMessage } from "../message";
import { conversationMessages } from "../messages";

const words = conversationMessages.versions;

export type VersionSwitchProps = {
  message: ChatMessage;
  onShow: (message: ChatMessage, step: -1 | 1) => void;
  disabled?: boolean;
};

/** Issue 50 §4: '‹ 2 di 3 ›' — the versions of the conversation from this message on. */
export function VersionSwitch({ message, onShow, disabled = false }: VersionSwitchProps) {
  const version = versionOf(message);
  if (!version) return null;
  return (
    <div className="chat-versions" role="group" aria-label={words.label}>
      <IconButton
        size="sm"
        label={words.previous}
        icon="‹"
        disabled={disabled || version.number === 1}
        onClick={() => onShow(message, -1)}
      />
      <span className="chat-versions__position">{words.position(version.number, version.count)}</span>
      <IconButton
        size="sm"
        label={words.next}
        icon="›"
        disabled={disabled || version.number === version.count}
        onClick={() => onShow(message, 1)}
      />
    </div>
  );
}

export type QuestionEditorProps = {
  message: ChatMessage;
  /** Sends the edited question; the form closes. */
  onSend: (message: ChatMessage, text: string) => void;
  disabled?: boolean;
};

/** Issue 50 §4: 'Modifica' on the user's last question — the words in a box, sent again as a new version. */
export function QuestionEditor({ message, onSend, disabled = false }: QuestionEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const boxId = useId();
  if (draft === null)
    return (
      <div className="chat-question-actions">
        {/* An icon named 'Modifica': the bubble's words stay the question's own. */}
        <IconButton
          size="sm"
          label={words.edit}
          icon={<PencilIcon />}
          disabled={disabled}
          onClick={() => setDraft(message.label ?? message.content)}
        />
      </div>
    );
  return (
    <form
      className="chat-question-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.trim()) return;
        onSend(message, draft);
        setDraft(null);
      }}
    >
      <label htmlFor={boxId} className="oy-visually-hidden">
        {words.editLabel}
      </label>
      <textarea
        id={boxId}
        className="oy-textarea oy-textarea--scrolls"
        value={draft}
        rows={3}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            setDraft(null);
          }
        }}
      />
      <div className="chat-question-editor__actions">
        <Button type="button" size="sm" variant="secondary" onClick={() => setDraft(null)}>
          {words.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={disabled || !draft.trim()}>
          {words.send}
        </Button>
      </div>
    </form>
  );
}

/** A pencil. */
function PencilIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}
