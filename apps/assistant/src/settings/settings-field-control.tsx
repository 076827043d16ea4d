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
};

const italianNumber = (value: number) => value.toLocaleString("it-IT", { maximumFractionDigits: 2 });

/** One field of the global settings form, drawn for its kind. */
export function SettingsFieldControl({ field, settings, onChange, indexOptions, indexesNote, running = null }: Props) {
  const id = useId();
  const runningId = useId();
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
      return (
        <Toggle
          label={field.label}
          checked={settings[field.key]}
          onChange={(checked) => onChange({ [field.key]: checked })}
          description={running ? ragMessages.running.inUse(running) : undefined}
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
            onChange={(event) => onChange({ [field.key]: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
          />
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
            aria-describedby={running ? runningId : undefined}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
          >
            {field.options(settings).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
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
            aria-describedby={running ? runningId : undefined}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
          />
          {inUse}
        </div>
      );
    case "prompt":
      return (
        <div className="oy-field">
          {label}
          <textarea id={id} className="oy-input" rows={5} value={settings[field.key]} onChange={(event) => onChange({ [field.key]: event.target.value })} />
        </div>
      );
    case "indexes":
      return (
        <IndexesField label={field.label} options={indexOptions} note={indexesNote} chosen={settings[field.key]} onChange={(names) => onChange({ [field.key]: names })} />
      );
  }
}

/** spec 001 §2, §4: the indexes from the list, as checkboxes; none chosen means every index. */
function IndexesField(props: { label: string; options: readonly IndexOption[]; note: string | null; chosen: string[]; onChange: (names: string[]) => void }) {
  const { label, options, note, chosen, onChange } = props;
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
        {note ? `${note} ` : ""}
        {messages.settings.indexesHint}
      </p>
    </fieldset>
  );
}
