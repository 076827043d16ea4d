import { SELECTABLE_CHAT_MODELS } from "@oystar/api-client";
import { Button, Slider, Toggle } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { DebateSettings } from "../debate-state";
import { debateMessages } from "../messages";
import { DEBATE_LENGTH, type Speaker } from "../rules";
import { useOfflineParticipants } from "./participants";

/** One of the user's indexes, as 'Basati sui documenti' offers it (issue 26 §2). */
export type DocumentsIndex = { name: string; label: string };

export type DebateControlsProps = {
  settings: Pick<DebateSettings, "length" | "auto" | "models"> & Partial<Pick<DebateSettings, "documents">>;
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
  /**
   * issue 26 §2: the user's indexes, given only to the plans with RAG (Business, Enterprise): then
   * 'Basati sui documenti' is offered, with one of them. The server enforces the plan and the index.
   */
  indexes?: readonly DocumentsIndex[];
  onDocumentsChange?: (index: string | null) => void;
};

const { controls } = debateMessages;

/**
 * spec 001 §2: the optional controls panel — the debate length slider (6–200), Auto/Manual, and
 * the models of A and B (openai/gpt-oss-120b and -20b, those the gateway serves). Closed, it still
 * says what is set.
 */
export function DebateControls({
  settings,
  locked,
  open,
  onOpenChange,
  onLengthChange,
  onAutoChange,
  onModelChange,
  models = SELECTABLE_CHAT_MODELS,
  indexes,
  onDocumentsChange,
}: DebateControlsProps) {
  const bodyId = useId();
  const titleId = useId();
  // The model set (the admin's default, or one named in a topic) stays shown even if not served.
  const choices = (speaker: Speaker) => [...new Set([...models, settings.models[speaker]])];
  // issue 36 §1: offline, the demonstration model plays both sides whatever is chosen: no models to pick.
  const offline = useOfflineParticipants();
  return (
    <section className="debate-controls" aria-labelledby={titleId}>
      <div className="debate-controls__header">
        <h2 id={titleId} className="debate-controls__title">
          {controls.title}
        </h2>
        <p className="debate-controls__summary">
          {controls.summary(settings.length, settings.auto)}
          {offline ? null : ` · A: ${settings.models.A} · B: ${settings.models.B}`}
          {settings.documents ? ` · ${controls.documentsSummary(settings.documents)}` : null}
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
          <Toggle
            label={controls.auto}
            description={settings.auto ? controls.autoOn : controls.autoOff}
            checked={settings.auto}
            onChange={onAutoChange}
          />
          {offline ? null : (
            <div className="debate-controls__models">
              {(["A", "B"] as const).map((speaker) => (
                <ModelSelect
                  key={speaker}
                  speaker={speaker}
                  value={settings.models[speaker]}
                  choices={choices(speaker)}
                  disabled={locked}
                  onChange={onModelChange}
                />
              ))}
            </div>
          )}
          {indexes && indexes.length > 0 && onDocumentsChange ? (
            <DocumentsChoice indexes={indexes} value={settings.documents ?? null} disabled={locked} onChange={onDocumentsChange} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ModelSelect({
  speaker,
  value,
  choices,
  disabled,
  onChange,
}: {
  speaker: Speaker;
  value: string;
  choices: string[];
  disabled: boolean;
  onChange: (speaker: Speaker, model: string) => void;
}) {
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

/** 'Basati sui documenti': on, the debate argues from the chosen index (the first until one is picked). */
function DocumentsChoice({
  indexes,
  value,
  disabled,
  onChange,
}: {
  indexes: readonly DocumentsIndex[];
  value: string | null;
  disabled: boolean;
  onChange: (index: string | null) => void;
}) {
  const id = useId();
  // The index set stays shown even if the list no longer has it.
  const choices = value && !indexes.some((index) => index.name === value) ? [...indexes, { name: value, label: value }] : indexes;
  return (
    <div className="debate-controls__documents">
      <Toggle
        label={controls.documents}
        description={value ? controls.documentsOn : controls.documentsOff}
        checked={value !== null}
        disabled={disabled}
        onChange={(on) => onChange(on ? (indexes[0]?.name ?? null) : null)}
      />
      {value ? (
        <div className="oy-field">
          <label htmlFor={id} className="oy-field__label">
            {controls.documentsIndex}
          </label>
          <select id={id} className="oy-input" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
            {choices.map((index) => (
              <option key={index.name} value={index.name}>
                {index.label}
              </option>
            ))}
          </select>
          {disabled ? <p className="oy-field__hint">{controls.documentsLocked}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
