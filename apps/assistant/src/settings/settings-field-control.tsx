import { defaultSettings, type Settings } from "@oystar/api-client";
import { ragMessages, type IndexOption } from "@oystar/rag-client";
import { Slider, Toggle } from "@oystar/ui-kit/react";
import { useId } from "react";
import { messages } from "../messages";
import { sliderStops, type SettingsField } from "./settings-fields";

type Props = {
  field: SettingsField;
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
  /** The indexes the admin may choose (GET /api/indices/list, or the current ones). */
  indexOptions: readonly IndexOption[];
  /** Why the choice is only the current indexes (the list failed or was empty); null otherwise. */
  indexesNote: string | null;
  /** What the server runs for this field (GET /api/health), when it says: shown beside the choice. */
  running?: string | null;
  /** Why this stage cannot run on this server (issue 36 §2): the switch is shown off and disabled, with the reason. */
  cannotRun?: string | null;
  /** The models the model server serves (GET /groq/models); null while unknown: then none is marked. */
  servedModels?: ReadonlySet<string> | null;
};

const italianNumber = (value: number) => value.toLocaleString("it-IT", { maximumFractionDigits: 2 });

/** One field of the global settings form, drawn for its kind. */
export function SettingsFieldControl({
  field,
  settings,
  onChange,
  indexOptions,
  indexesNote,
  running = null,
  cannotRun = null,
  servedModels = null,
}: Props) {
  const id = useId();
  const runningId = useId();
  const effectId = useId();
  // Issue 36 §2: one sentence of what the field does, under it, read out with it.
  const effect = (
    <p id={effectId} className="oy-field__hint">
      {field.effect}
    </p>
  );
  const describedBy = [effectId, running ? runningId : null].filter(Boolean).join(" ");
  // Issue 23 §6: what actually runs, as the server says, beside what the settings ask for.
  const inUse = running ? (
    <p id={runningId} className="oy-field__hint">
      {ragMessages.running.inUse(running)}
    </p>
  ) : null;
  const label = (
    <label htmlFor={id} className="oy-field__label">
      {field.label}
    </label>
  );
  switch (field.kind) {
    case "flag":
      // A stage the server cannot run is shown as it runs — off — and cannot be switched on; the
      // saved choice is left as it is, for the day the server can run it.
      return (
        <Toggle
          label={field.label}
          checked={cannotRun ? false : settings[field.key]}
          disabled={cannotRun !== null}
          onChange={(checked) => onChange({ [field.key]: checked })}
          description={
            <>
              <span className="settings-panel__effect">{field.effect}</span>
              {cannotRun ? <span className="settings-panel__cannot-run">{cannotRun}</span> : null}
              {running && !cannotRun ? <span>{ragMessages.running.inUse(running)}</span> : null}
            </>
          }
        />
      );
    case "range":
      return (
        <Slider
          label={field.label}
          min={field.min}
          max={field.max}
          step={field.step}
          value={settings[field.key]}
          formatValue={(value) => (field.unit ? `${italianNumber(value)} ${field.unit}` : italianNumber(value))}
          onChange={(value) => onChange({ [field.key]: value })}
          stops={sliderStops(field, defaultSettings[field.key], settings[field.key]) ?? undefined}
          description={field.effect}
        />
      );
    case "number": {
      const value = settings[field.key];
      const outside = !Number.isFinite(value) || value < field.min || value > field.max;
      return (
        <div className="oy-field">
          {label}
          <input
            id={id}
            className="oy-input"
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            step={field.step}
            // An emptied box is NaN in the draft: the form refuses to save it, with the bound.
            value={Number.isFinite(value) ? value : ""}
            aria-invalid={outside}
            aria-describedby={effectId}
            onChange={(event) => onChange({ [field.key]: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
          />
          {effect}
          <p className="oy-field__hint">
            {`Da ${italianNumber(field.min)} a ${italianNumber(field.max)}${field.unit ? ` ${field.unit}` : ""}`}
          </p>
        </div>
      );
    }
    case "choice":
      return (
        <div className="oy-field">
          {label}
          <select
            id={id}
            className="oy-input"
            value={settings[field.key]}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
          >
            {field.options(settings).map((option) => (
              <option key={option.value} value={option.value}>
                {/* The spec's lists stay whole; a model the server does not serve says so. */}
                {field.models && servedModels && !servedModels.has(option.value)
                  ? messages.settings.modelUnavailable(option.label)
                  : option.label}
              </option>
            ))}
          </select>
          {effect}
          {inUse}
        </div>
      );
    case "text":
      return (
        <div className="oy-field">
          {label}
          <input
            id={id}
            className="oy-input"
            value={settings[field.key]}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
          />
          {effect}
          {inUse}
        </div>
      );
    case "prompt":
      return (
        <div className="oy-field">
          {label}
          <textarea
            id={id}
            className="oy-input"
            rows={5}
            value={settings[field.key]}
            aria-describedby={effectId}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
          />
          {effect}
        </div>
      );
    case "indexes":
      return (
        <IndexesField
          label={field.label}
          effect={field.effect}
          options={indexOptions}
          note={indexesNote}
          chosen={settings[field.key]}
          onChange={(names) => onChange({ [field.key]: names })}
        />
      );
  }
}

/** spec 001 §2, §4: the indexes from the list, as checkboxes; none chosen means every index. */
function IndexesField(props: {
  label: string;
  effect: string;
  options: readonly IndexOption[];
  note: string | null;
  chosen: string[];
  onChange: (names: string[]) => void;
}) {
  const { label, effect, options, note, chosen, onChange } = props;
  const hintId = useId();
  const toggle = (name: string, on: boolean) => onChange(on ? [...chosen, name] : chosen.filter((current) => current !== name));
  return (
    <fieldset className="settings-panel__indexes" aria-describedby={hintId}>
      <legend className="oy-field__label">{label}</legend>
      {options.map((option) => (
        <label key={option.name} className="settings-panel__index">
          <input type="checkbox" checked={chosen.includes(option.name)} onChange={(event) => toggle(option.name, event.target.checked)} />
          <span>{ragMessages.indexOption(option.label, option.name)}</span>
        </label>
      ))}
      <p id={hintId} className="oy-field__hint">
        {`${effect} `}
        {note ? `${note} ` : ""}
        {messages.settings.indexesHint}
      </p>
    </fieldset>
  );
}
