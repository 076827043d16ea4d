import { Notice } from "@oystar/ui-kit/react";
import { ragMessages } from "../messages";

export type ContextWarningProps = {
  /** The context usage (%) that reached the warning threshold. */
  usage: number;
  onDismiss?: () => void;
};

/** spec 001 §2, §4: from 90 % of the context, a banner says the conversation was summarised. */
export function ContextWarning({ usage, onDismiss }: ContextWarningProps) {
  return (
    <Notice tone="warning" title={ragMessages.context.warningTitle} onDismiss={onDismiss}>
      {ragMessages.context.warning(usage)}
    </Notice>
  );
}
