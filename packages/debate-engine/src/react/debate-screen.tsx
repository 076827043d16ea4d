import { preloadAnswerRenderer, useAdvancedControls, useReadAloud } from "@oystar/conversation/react";
import { pdfMessages } from "@oystar/pdf-tools";
import { downloadFile, Notice } from "@oystar/ui-kit/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { debatePdf, debatePdfFileName, synthesisPdf, synthesisPdfFileName } from "../debate-pdf";
import type { DebateSession } from "../debate-session";
import type { DebateCardMessage, DebateNotice } from "../debate-state";
import { debateFeedback, type FeedbackAnswers, type SendFeedback } from "../feedback";
import { debateMessages } from "../messages";
import type { DebateMode, Speaker } from "../rules";
import { selectIsLengthLocked, selectSynthesisProgress } from "../selectors";
import { DebateBar } from "./debate-bar";
import { DebateErrorCard, DebatesExceededCard, DebateStoppedCard, NoResponseCard } from "./debate-cards";
import { DebateControls, type DocumentsIndex } from "./debate-controls";
import { DebateStart, startInput } from "./debate-start";
import { DebateTranscript } from "./debate-transcript";
import { FeedbackForm } from "./feedback-form";
import { JudgementCard } from "./judgement-card";
import { ParticipantsProvider } from "./participants";
import { SidesBanner } from "./sides-banner";
import { SynthesisProgressCard, SynthesisResult } from "./synthesis-views";
import { useDebate } from "./use-debate";

export type DebateScreenProps = {
  session: DebateSession;
  /** POST /api/debates/vote, then /api/forms/debate-feedback (httpDebateFeedback over the signed-in client). */
  sendFeedback: SendFeedback;
  /** Where the quota card's upgrade button leads (spec 001 §8). */
  upgradeHref?: string;
  /** Hands a generated PDF to the user (a browser download unless told). */
  saveFile?: (file: Blob, name: string) => void;
  now?: () => Date;
  /** The models the controls offer (see DebateControls); the spec's two unless told. */
  models?: readonly string[];
  /**
   * issue 26 §2: the user's indexes 'Basati sui documenti' may argue from — given only to the
   * plans with RAG (Business, Enterprise; the server refuses the others); without them no option.
   */
  indexes?: readonly DocumentsIndex[];
  /** issue 36 §1: the server's offline model plays both sides: no model names, 'Lato A' and 'Lato B'. */
  offline?: boolean;
};

const systemNow = () => new Date();

const pdfFailure = (error: unknown) =>
  error instanceof Error && error.message === pdfMessages.generationFailed ? error.message : pdfMessages.generationFailed;

/**
 * spec 001 §2 "Debate screen": the controls panel, the start screen with its three tabs, the
 * debate (bubbles, cards, status, STOP, 'Prossimo'), the synthesis's progress and result, the
 * feedback form, and the PDFs. All debate state is the session's; this holds only what is typed.
 */
export function DebateScreen({
  session,
  sendFeedback,
  upgradeHref = "/subscription",
  saveFile = downloadFile,
  now = systemNow,
  models,
  indexes,
  offline = false,
}: DebateScreenProps) {
  const readAloud = useReadAloud();
  const [controlsOpen, setControlsOpen] = useAdvancedControls();
  const [tab, setTab] = useState<DebateMode>("debate");
  const [theses, setTheses] = useState<[string, string]>(["", ""]);
  const [thesis, setThesis] = useState("");
  const [notice, setNotice] = useState<DebateNotice | null>(null);
  const settings = useDebate(session, (state) => state.settings);
  const locked = useDebate(session, selectIsLengthLocked);
  const onStage = useDebate(session, (state) => state.debate !== null);
  const machineNotice = useDebate(session, (state) => state.notice);
  const synthesis = useDebate(session, (state) => state.synthesis.result);

  // The Markdown renderer loads while the theses are typed, not when the first turn arrives.
  useEffect(preloadAnswerRenderer, []);

  // Issue 27 §5: 'Inserisci un tema per la discussione!' goes as soon as what is typed can start.
  useEffect(() => session.inputChanged(startInput(tab, theses, thesis), tab), [session, tab, theses, thesis]);

  const tell = useCallback((text: string) => setNotice({ tone: "info", text }), []);

  const downloadDebate = useCallback(async () => {
    const { debate, messages } = session.store.getState();
    // spec 001 §5: "Saving a PDF with no messages alerts 'Nessun dibattito da salvare!'".
    if (!debate || !messages.some((message) => !message.card)) {
      setNotice({ tone: "error", text: debateMessages.nothingToSave });
      return;
    }
    const date = now();
    try {
      saveFile(await debatePdf(debate, messages, date, { offline }), debatePdfFileName(debate.subject, date));
    } catch (error) {
      setNotice({ tone: "error", text: pdfFailure(error) });
    }
  }, [session, now, saveFile, offline]);

  const downloadSynthesis = useCallback(async () => {
    const result = session.store.getState().synthesis.result;
    if (!result) return;
    const date = now();
    try {
      saveFile(await synthesisPdf(result, date), synthesisPdfFileName(date));
    } catch (error) {
      setNotice({ tone: "error", text: pdfFailure(error) });
    }
  }, [session, now, saveFile]);

  const submitFeedback = useCallback(
    async (answers: FeedbackAnswers) => {
      const debate = session.store.getState().debate;
      if (!debate) return;
      await sendFeedback(debateFeedback(answers, { topic: debate.subject.topic, debateId: debate.debateId }, now()));
      // Issue 35 §1: the vote is part of the debate kept on the device.
      session.feedbackSent(answers.vote);
      if (answers.pdfRequested) await downloadDebate();
    },
    [session, sendFeedback, now, downloadDebate],
  );

  const leave = useCallback(() => {
    readAloud.stop();
    setNotice(null);
  }, [readAloud]);

  const renderCard = useCallback(
    (message: DebateCardMessage) => {
      switch (message.card.kind) {
        case "judgement":
          return (
            <JudgementCard
              judgement={message.card.judgement}
              models={session.store.getState().debate?.models ?? session.store.getState().settings.models}
            />
          );
        case "feedbackForm":
          return (
            <FeedbackForm
              sent={message.card.sent}
              onSubmit={submitFeedback}
              onNewDebate={() => {
                leave();
                session.newDebate();
              }}
            />
          );
        case "noResponse":
          return <NoResponseCard speaker={message.speaker} phase={message.phase} turn={message.turn} />;
        case "debatesExceeded":
          return <DebatesExceededCard upgradeHref={upgradeHref} />;
        case "error":
          return <DebateErrorCard message={message.card.message} />;
        case "stopped":
          return <DebateStoppedCard turn={message.card.turn} />;
      }
    },
    [submitFeedback, leave, session, upgradeHref],
  );

  const begin = (mode: DebateMode) => {
    setNotice(null);
    const input = startInput(mode, theses, thesis);
    if (mode === "synthesis" && "theses" in input) session.startSynthesis(input);
    else if (mode === "challenge" && "thesis" in input) session.startChallenge(input.thesis);
    else session.start(input);
  };

  return (
    <ParticipantsProvider offline={offline}>
      <div className="debate">
        <DebateControls
          settings={settings}
          locked={locked}
          open={controlsOpen}
          onOpenChange={setControlsOpen}
          onLengthChange={session.setLength}
          onAutoChange={session.setAuto}
          onModelChange={(speaker: Speaker, model: string) => session.setModels({ [speaker]: model })}
          models={models}
          indexes={indexes}
          onDocumentsChange={session.setDocuments}
        />
        {machineNotice ? (
          <Notice tone={machineNotice.tone} onDismiss={session.dismissNotice}>
            {machineNotice.text}
          </Notice>
        ) : null}
        {notice ? (
          <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Notice>
        ) : null}
        {onStage ? (
          <DebateStage
            session={session}
            readAloud={readAloud}
            onNotice={tell}
            renderCard={renderCard}
            onDownloadPdf={() => void downloadDebate()}
            onLeave={leave}
          />
        ) : (
          <>
            {synthesis ? <SynthesisResult synthesis={synthesis} onDownload={() => void downloadSynthesis()} /> : null}
            <DebateStart
              tab={tab}
              onTabChange={setTab}
              theses={theses}
              onThesesChange={setTheses}
              thesis={thesis}
              onThesisChange={setThesis}
              settings={settings}
              onStart={() => begin("debate")}
              onSynthesis={() => begin("synthesis")}
              onChallenge={() => begin("challenge")}
            />
          </>
        )}
      </div>
    </ParticipantsProvider>
  );
}

type DebateStageProps = Pick<Parameters<typeof DebateTranscript>[0], "session" | "readAloud" | "onNotice" | "renderCard"> & {
  onDownloadPdf: () => void;
  onLeave: () => void;
};

/** A debate on screen: who defends what, the synthesis's progress, the transcript, the bar. */
function DebateStage({ session, readAloud, onNotice, renderCard, onDownloadPdf, onLeave }: DebateStageProps) {
  const debate = useDebate(session, (state) => state.debate);
  const progress = useDebate(session, useShallow(selectSynthesisProgress));
  const stage = useRef<HTMLElement>(null);
  // The start screen is gone: the debate takes the focus, so keyboard users are not lost.
  useEffect(() => stage.current?.focus({ preventScroll: true }), []);
  if (!debate) return null;
  return (
    <section ref={stage} tabIndex={-1} className="debate-stage" aria-label={debateMessages.stageLabel}>
      <SidesBanner label={debateMessages.subjectLabel} options={debate.subject.options} models={debate.models} />
      {progress ? (
        <SynthesisProgressCard
          {...progress}
          onStop={() => {
            onLeave();
            session.stop();
          }}
        />
      ) : null}
      <DebateTranscript session={session} readAloud={readAloud} onNotice={onNotice} renderCard={renderCard} />
      <DebateBar session={session} onDownloadPdf={onDownloadPdf} onLeave={onLeave} />
    </section>
  );
}
