import { OFFLINE_MODEL_LABEL } from "@oystar/api-client";
import { Dialog } from "@oystar/ui-kit/react";
import { useEffect, useId, useState } from "react";
import { chatMessages } from "../messages";
import { DEFAULT_TYPING_SPEED, estimatedTypingSeconds, TYPING_SPEEDS, typingSample, type TypingSpeed } from "../typing-demo";

export type TypingDemoProps = {
  open: boolean;
  onClose: () => void;
  model: string;
  /** Issue 52 §5: the server answers with its offline model, whatever is chosen: the demo says so. */
  offline?: boolean;
};

/**
 * spec 001 §2: the model's sample text typed one character at a time, at a chosen speed. Issue 52
 * §5: it says which model writes — offline, the demonstration model, never a model's own words.
 */
export function TypingDemo({ open, onClose, model, offline = false }: TypingDemoProps) {
  const [speed, setSpeed] = useState<TypingSpeed>(DEFAULT_TYPING_SPEED);
  const sample = typingSample(model, { offline });
  const typed = useTypedLength(open, sample, speed);
  const speedId = useId();
  const words = chatMessages.typingDemo;
  return (
    // The dialog's own close button is the spec's 'Chiudi'.
    <Dialog open={open} onClose={onClose} title={words.title}>
      <p>{offline ? words.offlineDescription : words.description}</p>
      <p className="chat-typing__writer">{words.writer(offline ? OFFLINE_MODEL_LABEL : model)}</p>
      <p className="chat-typing">
        <span className="oy-visually-hidden">{sample}</span>
        <span aria-hidden="true">{sample.slice(0, typed)}</span>
        <span className="chat-cursor" aria-hidden="true" />
      </p>
      <dl className="chat-typing__facts">
        <dt className="oy-visually-hidden">Caratteri</dt>
        <dd>{words.characters(sample.length)}</dd>
        <dt className="oy-visually-hidden">Tempo stimato</dt>
        <dd>{words.seconds(estimatedTypingSeconds(sample.length, speed))}</dd>
      </dl>
      <div className="oy-field">
        <label htmlFor={speedId} className="oy-field__label">
          {words.speed}
        </label>
        <select id={speedId} className="oy-input" value={speed} onChange={(event) => setSpeed(Number(event.target.value) as TypingSpeed)}>
          {TYPING_SPEEDS.map((option) => (
            <option key={option} value={option}>
              {words.speedValue(option)}
            </option>
          ))}
        </select>
      </div>
    </Dialog>
  );
}

/** How many characters are shown: one more every 1/speed seconds, restarting on a new speed. */
function useTypedLength(running: boolean, text: string, speed: number): number {
  const [typed, setTyped] = useState(0);
  useEffect(() => {
    setTyped(0);
    if (!running) return;
    const timer = setInterval(() => {
      setTyped((count) => {
        if (count + 1 >= text.length) clearInterval(timer);
        return Math.min(count + 1, text.length);
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [running, text, speed]);
  return typed;
}
