import { SELECTABLE_CHAT_MODELS } from "@oystar/api-client";
import { Button, Slider, Toggle } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { DebateSettings } from "../debate-state";
import { debateMessages } from "../messages";
import { DEBATE_LENGTH, type Speaker } from "../rules";

export type DebateControlsProps = {
  settings: Pick<DebateSettings, "length" | "auto" | "models">;
  /** spec 001 §4: the length (and the models) stay put while generating or once messages exist. */
  locked: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLengthChange: (length: number) => void;
  onAutoChange: (auto: boolean) => void;
  onModelChange: (speaker: Speaker, model: string) => void;
  /**
   * The models to offer: what the gateway serves of the selectable ones (GET /groq/models, as the
   * chat's selector reads it); the spec's two (spec 001 §5) until it answers.
   */
  models?: readonly string[];
};

const { controls } = debateMessages;

/**
 * spec 001 §2: the optional controls panel — the debate length slider (6–200), Auto/Manual, and
 * the models of A and B (openai/gpt-oss-120b and -20b, those the gateway serves). Closed, it still
 * says what is set.
 */
export function DebateControls({ settings, locked, open, onOpenChange, onLengthChange, onAutoChange, onModelChange, models = SELECTABLE_CHAT_MODELS }: DebateControlsProps) {
  const bodyId = useId();
  const titleId = useId();
  // The model set (the admin's default, or one named in a topic) stays shown even if not served.
  const choices = (speaker: Speaker) => [...new Set([...models, settings.models[speaker]])];
  return (
    <section className="debate-controls" aria-labelledby={titleId}>
      <div className="debate-controls__header">
        <h2 id={titleId} className="debate-controls__title">
          {controls.title}
        </h2>
        <p className="debate-controls__summary">
          {controls.summary(settings.length, settings.auto)} · A: {settings.models.A} · B: {settings.models.B}
        </p>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={bodyId} onClick={() => onOpenChange(!open)}>
          {controls.show}
        </Button>
      </div>
      {open ? (
        <div id={bodyId} className="debate-controls__body">
          <div className="debate-controls__length">
            <Slider
              label={controls.length}
              min={DEBATE_LENGTH.min}
              max={DEBATE_LENGTH.max}
              value={settings.length}
              onChange={onLengthChange}
              disabled={locked}
              formatValue={controls.turns}
            />
            {locked ? <p className="oy-field__hint">{controls.lengthLocked}</p> : null}
          </div>
          <Toggle label={controls.auto} description={settings.auto ? controls.autoOn : controls.autoOff} checked={settings.auto} onChange={onAutoChange} />
          <div className="debate-controls__models">
            {(["A", "B"] as const).map((speaker) => (
              <ModelSelect key={speaker} speaker={speaker} value={settings.models[speaker]} choices={choices(speaker)} disabled={locked} onChange={onModelChange} />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function ModelSelect({ speaker, value, choices, disabled, onChange }: { speaker: Speaker; value: string; choices: string[]; disabled: boolean; onChange: (speaker: Speaker, model: string) => void }) {
  const id = useId();
  return (
    <div className="oy-field">
      <label htmlFor={id} className="oy-field__label">
        {debateMessages.modelLabel[speaker]}
      </label>
      <select id={id} className="oy-input" value={value} disabled={disabled} onChange={(event) => onChange(speaker, event.target.value)}>
        {choices.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
    </div>
  );
}
