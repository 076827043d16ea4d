import { indexLabel, OFFLINE_MODEL_LABEL } from "@oystar/api-client";
import { Dialog } from "@oystar/ui-kit/react";
import type { ReactNode } from "react";
import { ragMessages } from "../messages";
import type { RagRunning, RunningPart, StageSetting } from "../rag-running";
import type { RagConfigurationView } from "../rag-settings";

export type ConfigurationPanelProps = {
  open: boolean;
  onClose: () => void;
  configuration: RagConfigurationView;
  /** When the admin last saved (ISO 8601); null while the defaults apply. */
  updatedAt: string | null;
  /** The settings' version: how many times the admin saved them (0: the defaults); null when the server does not say. */
  version: number | null;
  /** The date as Italians read it (the browser's time zone unless told). */
  formatDate?: (date: Date) => string;
  /** What runs (GET /api/health, see ragRunning); null while unknown: then the settings alone. */
  running?: RagRunning | null;
  /**
   * Issue 52 §4: the stages the settings ask for that this server cannot run, each with why — the
   * admin's panel reads the same (stagesThatCannotRun): one truth for both.
   */
  cannotRun?: Partial<Record<StageSetting, string>>;
  /** The name of the model the questions go to, as the screen's selector shows it. */
  modelLabel?: string | null;
};

const text = ragMessages.configuration;

const italianDate = (date: Date) => new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short" }).format(date);
const number = (value: number) => value.toLocaleString("it-IT", { maximumFractionDigits: 2 });
const onOff = (on: boolean) => (on ? text.on : text.off);

/**
 * spec 001 §2, §6, §9: the wide right-side panel titled current configuration — every RAG setting
 * the admin chose, read-only, with Private Cloud as the provider; its footer says where the
 * configuration comes from, when it last changed (in Italian) and the settings' version.
 * Issue 52 §4: first in plain words what a customer asks of it (where it searches, how many
 * sources, which model answers — the one that really does — and whether citations are checked),
 * the technical names folded under 'Dettagli tecnici'; a stage this server cannot run reads off,
 * with why, as the admin's panel says.
 */
export function ConfigurationPanel({
  open,
  onClose,
  configuration: view,
  updatedAt,
  version,
  formatDate = italianDate,
  running = null,
  cannotRun = {},
  modelLabel = null,
}: ConfigurationPanelProps) {
  const stage = (setting: StageSetting, on: boolean, detail?: string) => {
    const reason = on ? cannotRun[setting] : undefined;
    return reason ? text.cannotRun(reason) : on ? (detail ? `${text.on} · ${detail}` : text.on) : text.off;
  };
  const offline = running?.model.running === OFFLINE_MODEL_LABEL;
  const footer = (
    <div className="rag-config__footer">
      <p>{text.source}</p>
      <p>{updatedAt ? text.updatedAt(formatDate(new Date(updatedAt))) : text.neverUpdated}</p>
      {version !== null ? <p>{text.version(version)}</p> : null}
    </div>
  );
  return (
    <Dialog open={open} onClose={onClose} placement="side" title={text.title} footer={footer}>
      <p className="rag-config__intro">{text.intro}</p>
      <Group>
        <Row term={text.where}>
          {/* spec 001 §9: no index named means every index. */}
          {view.indexNames.length === 0
            ? text.everywhere
            : text.inIndexes(view.indexNames.map((name) => ragMessages.indexOption(indexLabel(name), name)).join(", "))}
        </Row>
        <Row term={text.howMany}>{text.sourcesCount(view.topKReranker, view.topKRetrieval)}</Row>
        <Row term={text.whoAnswers}>{offline ? text.offlineAnswers : (modelLabel ?? running?.model.running ?? "")}</Row>
        <Row term={text.citations}>{view.enableCitationValidation ? text.citationsChecked : text.citationsUnchecked}</Row>
      </Group>
      <details className="rag-config__technical">
        <summary>{text.technical}</summary>
        <Group>
          <Row term={text.provider}>{text.providerLabel}</Row>
          {/* Issue 23 §6: what runs, beside what the settings ask for when they differ. */}
          <Row term={text.embedModel}>{running ? <Running part={running.embedder} /> : view.embedModel}</Row>
          {running ? (
            <Row term={text.llmModel}>
              <Running part={running.model} />
            </Row>
          ) : null}
        </Group>
        <Group title={text.retrieval}>
          <Row term={text.topKRetrieval}>{number(view.topKRetrieval)}</Row>
          <Row term={text.topKReranker}>{number(view.topKReranker)}</Row>
          <Row term={text.useReranker}>
            {cannotRun.rag_use_reranker && view.useReranker ? (
              stage("rag_use_reranker", true)
            ) : running ? (
              <Running part={running.reranker} />
            ) : (
              onOff(view.useReranker)
            )}
          </Row>
          <Row term={text.useFusedRetrieval}>{stage("rag_use_fused_retrieval", view.useFusedRetrieval)}</Row>
          <Row term={text.enableSpellCheck}>{onOff(view.enableSpellCheck)}</Row>
          <Row term={text.useFieldExtraction}>{onOff(view.useFieldExtraction)}</Row>
          <Row term={text.useMultiQuery}>
            {stage("rag_use_multi_query", view.useMultiQuery, text.maxQueryVariations(view.maxQueryVariations))}
          </Row>
          <Row term={text.useHyde}>{stage("rag_use_hyde", view.useHyde)}</Row>
          <Row term={text.useDeduplication}>{stage("rag_use_deduplication", view.useDeduplication)}</Row>
          <Row term={text.useCache}>{view.useCache ? `${text.on} · ${text.cacheTtl(view.cacheTtlSeconds)}` : text.off}</Row>
        </Group>
        <Group title={text.validation}>
          <Row term={text.enableCitationValidation}>{onOff(view.enableCitationValidation)}</Row>
          {view.enableCitationValidation ? (
            <>
              <Row term={text.semanticThreshold}>{number(view.semanticThreshold)}</Row>
              <Row term={text.confidenceThreshold}>{number(view.confidenceThreshold)}</Row>
              <Row term={text.adaptiveValidation}>{onOff(view.adaptiveValidation)}</Row>
            </>
          ) : null}
        </Group>
        <Group title={text.conversation}>
          <Row term={text.indexNames}>
            {view.indexNames.length === 0
              ? ragMessages.allIndexes
              : view.indexNames.map((name) => ragMessages.indexOption(indexLabel(name), name)).join(", ")}
          </Row>
          <Row term={text.chatHistoryMaxTokens}>{text.tokens(view.chatHistoryMaxTokens)}</Row>
          <Row term={text.systemPrompt} wide>
            <span className="rag-config__prompt">{view.systemPrompt}</span>
          </Row>
        </Group>
      </details>
    </Dialog>
  );
}

function Running({ part }: { part: RunningPart }) {
  return (
    <>
      {part.running}
      {part.asked !== null ? <span className="rag-config__asked">{` (${ragMessages.running.asked(part.asked)})`}</span> : null}
    </>
  );
}

function Group({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rag-config__group">
      {title ? <h3 className="rag-config__group-title">{title}</h3> : null}
      <dl className="rag-config__list">{children}</dl>
    </section>
  );
}

function Row({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "rag-config__row rag-config__row--wide" : "rag-config__row"}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
