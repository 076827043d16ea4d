import { Button } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { IndexOption } from "../index-choice";
import { ragMessages } from "../messages";
import type { RagModelChoice } from "../rag-models";

export type RagControlsProps = {
  indexes: readonly IndexOption[] | null;
  models: readonly RagModelChoice[];
  model: string;
  onModelChange: (model: string) => void;
  /** 0–100: how much of the context window the conversation uses. */
  contextUsage: number;
  /** The advanced panel (spec 001 §2), also toggled by the window event toggleAdvancedControls. */
  advancedOpen: boolean;
  onAdvancedOpenChange: (open: boolean) => void;
  onOpenConfiguration: () => void;
  /** An answer is streaming: the model stays as it is. */
  disabled?: boolean;
};

const text = ragMessages;

/**
 * The RAG screen's bar: what a question searches and with which model, the context used, the
 * advanced panel with the model selector (spec 001 §2) and the read-only configuration.
 */
export function RagControls(props: RagControlsProps) {
  const {
    indexes,
    models,
    model,
    onModelChange,
    contextUsage,
    advancedOpen,
    onAdvancedOpenChange,
    onOpenConfiguration,
    disabled = false,
  } = props;
  const modelId = useId();
  const hintId = useId();
  const bodyId = useId();
  const modelLabel = models.find((choice) => choice.id === model)?.label ?? model;
  const indexSummary =
    indexes === null ? text.indexLoading : indexes.length === 0 ? text.noIndexes : indexes.map((index) => index.label).join(", ");
  return (
    <section className="rag-controls" aria-label={text.toolbar.label}>
      <div className="rag-controls__header">
        <p className="rag-controls__summary">
          <span>{indexSummary}</span>
          <span aria-hidden="true"> · </span>
          <span>{modelLabel}</span>
          <span aria-hidden="true"> · </span>
          <span title={text.context.usageHint}>{text.context.usage(contextUsage)}</span>
        </p>
        <div className="rag-controls__actions">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={advancedOpen}
            aria-controls={advancedOpen ? bodyId : undefined}
            onClick={() => onAdvancedOpenChange(!advancedOpen)}
          >
            {text.toolbar.advanced}
          </Button>
          <Button variant="secondary" size="sm" onClick={onOpenConfiguration}>
            {text.toolbar.configuration}
          </Button>
        </div>
      </div>
      {advancedOpen ? (
        <div id={bodyId} className="rag-controls__body">
          <h2 className="rag-controls__title">{text.advanced.title}</h2>
          <div className="oy-field">
            <label htmlFor={modelId} className="oy-field__label">
              {text.advanced.model}
            </label>
            <select
              id={modelId}
              className="oy-input"
              value={model}
              disabled={disabled}
              aria-describedby={hintId}
              onChange={(event) => onModelChange(event.target.value)}
            >
              {models.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
            <p id={hintId} className="oy-field__hint">
              {text.advanced.modelHint}
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}
