import {
  OFFLINE_MODEL,
  OFFLINE_MODEL_LABEL,
  SELECTABLE_CHAT_MODELS,
  supportsReasoning,
  type ChatModel,
  type ChatModelChoices,
} from "@oystar/api-client";
import { Button, Toggle } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { CompletionOptions } from "../completion";
import { chatMessages } from "../messages";

export type AdvancedPanelProps = {
  options: CompletionOptions;
  onModelChange: (model: ChatModel) => void;
  onDeepThinkChange: (on: boolean) => void;
  onOpenTypingDemo: () => void;
  /** What the server serves (GET /groq/models, see chatModelChoices); the spec's list until it answers. */
  choices?: ChatModelChoices;
};

const specChoices: ChatModelChoices = { models: [...SELECTABLE_CHAT_MODELS], offline: false };

/** spec 001 §2: the chat's advanced settings — the model, and 'Deep Think' for gpt-oss models. */
export function AdvancedPanel({ options, onModelChange, onDeepThinkChange, onOpenTypingDemo, choices = specChoices }: AdvancedPanelProps) {
  const modelId = useId();
  const isChoice = (value: string): value is ChatModel => (choices.models as readonly string[]).includes(value);
  return (
    <section className="chat-advanced" aria-label={chatMessages.advanced.title}>
      <h2 className="chat-advanced__title">{chatMessages.advanced.title}</h2>
      <div className="oy-field">
        <label htmlFor={modelId} className="oy-field__label">
          {chatMessages.advanced.model}
        </label>
        {choices.offline ? (
          // The server answers with its offline model: the product says so, and offers nothing else.
          <select id={modelId} className="oy-input" value={OFFLINE_MODEL} disabled>
            {/* issue 36 §1: named as users know it, not by its id. */}
            <option value={OFFLINE_MODEL}>{OFFLINE_MODEL_LABEL}</option>
          </select>
        ) : (
          <select
            id={modelId}
            className="oy-input"
            value={options.model}
            onChange={(event) => {
              if (isChoice(event.target.value)) onModelChange(event.target.value);
            }}
          >
            {choices.models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        )}
      </div>
      {!choices.offline && supportsReasoning(options.model) ? (
        <Toggle
          label={chatMessages.advanced.deepThink}
          description={chatMessages.advanced.deepThinkDescription}
          checked={options.deepThink}
          onChange={onDeepThinkChange}
        />
      ) : null}
      <Button variant="secondary" size="sm" onClick={onOpenTypingDemo}>
        {chatMessages.advanced.typingDemo}
      </Button>
    </section>
  );
}
