import { SELECTABLE_CHAT_MODELS, supportsReasoning, type ChatModel } from "@oystar/api-client";
import { Button, Toggle } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { CompletionOptions } from "../completion";
import { chatMessages } from "../messages";

export type AdvancedPanelProps = {
  options: CompletionOptions;
  onModelChange: (model: ChatModel) => void;
  onDeepThinkChange: (on: boolean) => void;
  onOpenTypingDemo: () => void;
};

const isChatModel = (value: string): value is ChatModel => (SELECTABLE_CHAT_MODELS as readonly string[]).includes(value);

/** spec 001 §2: the chat's advanced settings — the model, and 'Deep Think' for gpt-oss models. */
export function AdvancedPanel({ options, onModelChange, onDeepThinkChange, onOpenTypingDemo }: AdvancedPanelProps) {
  const modelId = useId();
  return (
    <section className="chat-advanced" aria-label={chatMessages.advanced.title}>
      <h2 className="chat-advanced__title">{chatMessages.advanced.title}</h2>
      <div className="oy-field">
        <label htmlFor={modelId} className="oy-field__label">
          {chatMessages.advanced.model}
        </label>
        <select
          id={modelId}
          className="oy-input"
          value={options.model}
          onChange={(event) => {
            if (isChatModel(event.target.value)) onModelChange(event.target.value);
          }}
        >
          {SELECTABLE_CHAT_MODELS.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </div>
      {supportsReasoning(options.model) ? (
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
