import { Button, Textarea } from "@oystar/ui-kit/react";
import { conversationMessages } from "../messages";
import { useEscapeStops } from "./use-escape-stops";

export type ComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Whether the send rules of spec 001 §5 allow sending now. */
  sendable: boolean;
  loading: boolean;
  blocked: boolean;
  offline: boolean;
  /** Stops the answer being streamed: the STOP button, and Esc (issue 36 §7). */
  onStop?: () => void;
  /**
   * Issue 52 §7: the box takes the focus when the page loads — where a pointer is precise (a
   * phone's keyboard would cover half the screen unasked). Unless told.
   */
  focusOnLoad?: boolean;
};

/** A mouse or a trackpad: the box may take the focus at once. */
const precisePointer = () => typeof window !== "undefined" && window.matchMedia?.("(pointer: fine)").matches === true;

/** spec 001 §2: the placeholder says why the input cannot be used. */
export function composerPlaceholder({ blocked, offline }: { blocked: boolean; offline: boolean }): string {
  if (blocked) return conversationMessages.composer.placeholderBlocked;
  if (offline) return conversationMessages.composer.placeholderOffline;
  return conversationMessages.composer.placeholder;
}

/**
 * The question box: Enter sends, Shift+Enter adds a line, it grows up to 120 px (spec 001 §2);
 * while an answer comes, STOP or Esc ends it.
 */
export function Composer({
  value,
  onChange,
  onSend,
  sendable,
  loading,
  blocked,
  offline,
  onStop,
  focusOnLoad = precisePointer(),
}: ComposerProps) {
  useEscapeStops(loading, onStop);
  return (
    <div className="chat-composer">
      <Textarea
        label={conversationMessages.composer.label}
        hideLabel
        value={value}
        onChange={onChange}
        onSubmit={() => sendable && onSend()}
        placeholder={composerPlaceholder({ blocked, offline })}
        disabled={blocked}
        maxHeight={120}
        focusOnMount={focusOnLoad}
      />
      {loading && onStop ? (
        <Button variant="secondary" onClick={onStop} aria-keyshortcuts="Escape">
          {conversationMessages.composer.stop}
        </Button>
      ) : (
        <Button onClick={onSend} disabled={!sendable} loading={loading}>
          {conversationMessages.composer.send}
        </Button>
      )}
    </div>
  );
}
