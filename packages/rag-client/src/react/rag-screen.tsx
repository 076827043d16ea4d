import { OFFLINE_MODEL_LABEL, type Health } from "@oystar/api-client";
import type { ChatCard, ReadAloud } from "@oystar/conversation";
import {
  Composer,
  preloadAnswerRenderer,
  SessionNotices,
  SourceViewerProvider,
  useAdvancedControls,
  useComposerDraft,
  useEscapeStops,
  useReadAloud,
  type SourceViewerProviderProps,
} from "@oystar/conversation/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import type { IndexOption } from "../index-choice";
import { ragMessages } from "../messages";
import { ragModelChoices } from "../rag-models";
import { canAsk, selectModel, type RagSession } from "../rag-session";
import { ragRunning, stagesThatCannotRun } from "../rag-running";
import { configurationView } from "../rag-settings";
import { ConfigurationPanel } from "./configuration-panel";
import { ContextWarning } from "./context-warning";
import { RagControls } from "./rag-controls";
import { RagConversationView } from "./rag-conversation-view";
import { RagEmptyState } from "./rag-empty-state";
import { useRag } from "./use-rag";

export type RagScreenProps = {
  session: RagSession;
  /** The indexes questions search (indexesInUse); null while the list loads. */
  indexes: readonly IndexOption[] | null;
  /** How the screen shows a card (spec 001 §8: QUOTA_EXCEEDED_UPGRADE). */
  renderCard: (card: ChatCard) => ReactNode;
  /** For the configuration panel's footer: when the admin last saved (ISO 8601), and the settings' version. */
  updatedAt: string | null;
  version: number | null;
  /** The page's voice, so leaving or clearing the conversation can stop it; one of its own otherwise. */
  readAloud?: ReadAloud;
  /** The configuration panel's date format (the browser's time zone unless told). */
  formatDate?: (date: Date) => string;
  /** GET /api/health: the configuration panel shows what runs beside what the settings ask for. */
  health?: Health | null;
  /** Issue 25: where citations and sources open (createSourceViewer, and pdf.js for PDFs); without it they lead to the list. */
  sourceViewer?: Omit<SourceViewerProviderProps, "children">;
};

/**
 * spec 001 §2 "RAG chat screen": the empty state, the bar with the advanced panel (model) and the
 * read-only configuration, the conversation with its sources, the 90 % banner and the question box
 * (Enter sends, Shift+Enter adds a line, a spinner while the answer comes).
 */
export function RagScreen({
  session,
  indexes,
  renderCard,
  updatedAt,
  version,
  readAloud,
  formatDate,
  health = null,
  sourceViewer,
}: RagScreenProps) {
  const ownVoice = useReadAloud();
  const voice = readAloud ?? ownVoice;
  const [advancedOpen, setAdvancedOpen] = useAdvancedControls();
  const [configurationOpen, setConfigurationOpen] = useState(false);
  const { empty, loading, settings, model, contextUsage, contextWarning, alert, notice } = useRag(
    session,
    useShallow((state) => ({
      empty: state.conversation.messages.length === 0 && !state.loading,
      loading: state.loading,
      settings: state.settings,
      model: selectModel(state),
      contextUsage: state.conversation.contextUsage,
      contextWarning: state.contextWarning,
      alert: state.alert,
      notice: state.notice,
    })),
  );
  // issue 36 §1: the offline model answers whichever model is named — the bar names no model it is
  // not, only the demonstration model (how to connect one is the admin's panel and the README).
  const offline = health?.model?.offline === true;
  const models = useMemo(
    () => (offline ? [{ id: model, label: OFFLINE_MODEL_LABEL }] : ragModelChoices(settings.rag_llm_model)),
    [offline, model, settings],
  );
  const configuration = useMemo(() => configurationView(settings), [settings]);
  // Issue 52 §4: the model the questions go to, and the stages this server cannot run (as the admin's panel reads them).
  const running = useMemo(() => ragRunning(health, settings, model), [health, settings, model]);
  const cannotRun = useMemo(() => stagesThatCannotRun(health), [health]);
  const draft = useComposerDraft(session.send, (input) => canAsk(input, loading));

  // issue 36 §7: Esc stops the answer as it comes (spec 001 §2 gives RAG's box a spinner, not a STOP).
  useEscapeStops(loading, session.stop);

  // The Markdown renderer loads while the first question is typed.
  useEffect(preloadAnswerRenderer, []);

  return (
    <div className="rag">
      <RagControls
        indexes={indexes}
        models={models}
        model={model}
        onModelChange={session.setModel}
        contextUsage={contextUsage}
        advancedOpen={advancedOpen}
        onAdvancedOpenChange={setAdvancedOpen}
        onOpenConfiguration={() => setConfigurationOpen(true)}
        disabled={loading}
      />
      {empty ? (
        <RagEmptyState indexes={indexes} onAsk={(question) => void session.send(question)} />
      ) : (
        <h1 className="oy-visually-hidden">{ragMessages.title}</h1>
      )}
      {contextWarning !== null ? <ContextWarning usage={contextWarning} onDismiss={session.dismissContextWarning} /> : null}
      {sourceViewer ? (
        <SourceViewerProvider {...sourceViewer}>
          <RagConversationView session={session} readAloud={voice} renderCard={renderCard} />
        </SourceViewerProvider>
      ) : (
        <RagConversationView session={session} readAloud={voice} renderCard={renderCard} />
      )}
      <SessionNotices alert={alert} notice={notice} onDismissAlert={session.dismissAlert} onDismissNotice={session.dismissNotice} />
      <Composer {...draft} loading={loading} blocked={false} offline={false} />
      <ConfigurationPanel
        open={configurationOpen}
        onClose={() => setConfigurationOpen(false)}
        configuration={configuration}
        updatedAt={updatedAt}
        version={version}
        formatDate={formatDate}
        running={running}
        cannotRun={cannotRun}
        modelLabel={models.find((choice) => choice.id === model)?.label ?? model}
      />
    </div>
  );
}
