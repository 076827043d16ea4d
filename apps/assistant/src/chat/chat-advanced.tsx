import type { ChatModelChoices } from "@oystar/api-client";
import type { ChatSession } from "@oystar/chat-core";
import { AdvancedPanel, TypingDemo, useChatState } from "@oystar/chat-core/react";
import { useAdvancedControls } from "@oystar/conversation/react";
import { useState } from "react";

/** spec 001 §2: the advanced settings (opened from the screen's labelled button, or the version in the header) and the typing demo. */
export function ChatAdvanced({ session, choices }: { session: ChatSession; choices: ChatModelChoices }) {
  const options = useChatState(session, (state) => state.options);
  const [advancedOpen] = useAdvancedControls();
  const [typingDemoOpen, setTypingDemoOpen] = useState(false);
  return (
    <>
      {advancedOpen ? (
        <AdvancedPanel
          options={options}
          onModelChange={session.setModel}
          onDeepThinkChange={session.setDeepThink}
          onOpenTypingDemo={() => setTypingDemoOpen(true)}
          choices={choices}
        />
      ) : null}
      <TypingDemo open={typingDemoOpen} onClose={() => setTypingDemoOpen(false)} model={options.model} offline={choices.offline} />
    </>
  );
}
