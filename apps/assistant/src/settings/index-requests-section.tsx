import { HttpError, type IndexBuild, type IndexRequestList, type IndexRequestReport, type IndexRequestSummary } from "@oystar/api-client";
import { type Loaded } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import { planById } from "@oystar/plans-and-gates";
import { Badge, Button, Notice } from "@oystar/ui-kit/react";
import { useEffect, useRef, useState } from "react";
import { messages } from "../messages";
import { SectionReadOnOpen } from "./section-read-on-open";

const text = messages.indexRequests;

const italianDate = (iso: string) => new Intl.DateTimeFormat("it-IT", { dateStyle: "long" }).format(new Date(iso));

type Outcome = { tone: "success" | "error"; text: string; details: string[]; indexed: boolean };

function outcomeOf(report: IndexRequestReport): Outcome {
  const failed = report.documents.filter((document) => document.status === "failed");
  const indexed = report.documents.length - failed.length;
  return {
    tone: indexed > 0 ? "success" : "error",
    text: text.outcome(report.index, report.owner_email, indexed, failed.length),
    details: report.documents.flatMap((document) => {
      if (document.status === "failed") return [text.documentFailed(document.url, document.error ?? "")];
      const { ocr } = document;
      return ocr ? [text.documentRecognized(document.url, ocr.pages, ocr.confidence, ocr.unreadable_pages)] : [];
    }),
    indexed: indexed > 0,
  };
}

/** How often the panel asks how a build is going: a page of OCR takes 2–3 s. */
export const FOLLOW_MS = 1000;
/** A build is given up on after this many of its follow-ups failed in a row (the server gone, the network down). */
const FOLLOW_FAILURES = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failureOf = (error: unknown): Outcome => ({
  tone: "error",
  text: error instanceof HttpError && error.serverMessage ? text.failed(error.serverMessage) : text.failedUnknown,
  details: [],
  indexed: false,
});

/**
 * spec 000 §5: the customers' indexing requests not yet turned into an index, each with an
 * 'Indicizza' button and, once pressed, its outcome. Read only when the admin opens it.
 */
export function IndexRequestsSection({ id }: { id?: string } = {}) {
  const api = useApiClient();
  return (
    <SectionReadOnOpen id={id} words={text} read={() => api.call("indexRequests")} isEmpty={(list) => list.requests.length === 0}>
      {(shownList, list) => <RequestList shownList={shownList} list={list} />}
    </SectionReadOnOpen>
  );
}

/** The requests read, each with its 'Indicizza' button; closing the section unmounts it. */
function RequestList({ shownList, list }: { shownList: IndexRequestList; list: Loaded<IndexRequestList> }) {
  const api = useApiClient();
  // The list comes a page at a time (issue 22): the next page is added below the ones shown.
  const [more, setMore] = useState<"idle" | "loading" | "failed">("idle");
  const [working, setWorking] = useState<string | null>(null);
  const [progress, setProgress] = useState<IndexBuild | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  // A build goes on on the server when the panel closes; the panel stops following it.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  /** Issue 34 §2: 'Indicizza' starts the build on the server; the panel follows it until its report. */
  async function index(request: IndexRequestSummary) {
    const params = { id: request.id };
    setWorking(request.id);
    let outcome: Outcome;
    try {
      let build = await api.call("indexRequestIndexing", { params });
      let failures = 0;
      while (build.state === "running" && shown.current) {
        setProgress(build);
        await pause(FOLLOW_MS);
        try {
          build = await api.call("indexRequestBuild", { params });
          failures = 0;
        } catch (error) {
          failures += 1;
          if (error instanceof HttpError || failures >= FOLLOW_FAILURES) throw error;
        }
      }
      outcome = build.report
        ? outcomeOf(build.report)
        : { tone: "error", text: build.error ? text.failed(build.error) : text.failedUnknown, details: [], indexed: false };
    } catch (error) {
      outcome = failureOf(error);
    }
    if (!shown.current) return;
    setOutcomes((previous) => new Map(previous).set(request.id, outcome));
    setProgress(null);
    setWorking(null);
  }

  async function showMore(cursor: string) {
    setMore("loading");
    try {
      const next = await api.call("indexRequests", { query: { cursor } });
      list.replace({ requests: [...shownList.requests, ...next.requests], next_cursor: next.next_cursor });
      setMore("idle");
    } catch {
      setMore("failed");
    }
  }

  return (
    <>
      <ul className="index-requests">
        {shownList.requests.map((request) => (
          <RequestItem
            key={request.id}
            request={request}
            outcome={outcomes.get(request.id)}
            working={working}
            progress={working === request.id ? progress : null}
            onIndex={() => void index(request)}
          />
        ))}
      </ul>
      {more === "failed" ? <Notice tone="error">{text.moreFailed}</Notice> : null}
      {shownList.next_cursor ? (
        <Button variant="secondary" disabled={more === "loading"} onClick={() => void showMore(shownList.next_cursor ?? "")}>
          {more === "loading" ? text.loadingMore : text.more}
        </Button>
      ) : null}
    </>
  );
}

/** One request: its index name and state, who sent it (the account: the index's owner), what it asks to index. */
function RequestItem({
  request,
  outcome,
  working,
  progress,
  onIndex,
}: {
  request: IndexRequestSummary;
  outcome: Outcome | undefined;
  working: string | null;
  progress: IndexBuild | null;
  onIndex: () => void;
}) {
  const status = outcome ? (outcome.indexed ? "indexed" : "failed") : request.status;
  return (
    <li className="index-requests__item" aria-label={request.index_name}>
      <div className="index-requests__head">
        <strong>{request.index_name}</strong>
        <Badge tone={status === "indexed" ? "success" : status === "failed" ? "warning" : "neutral"}>{text.status[status]}</Badge>
      </div>
      {request.account ? (
        <p className="index-requests__account">
          {text.account(request.account.email, planById(request.account.plan).name)}
          {request.account.email_verified ? null : <Badge tone="warning">{text.unverified}</Badge>}
        </p>
      ) : (
        <Notice tone="warning">{text.noAccount}</Notice>
      )}
      <p className="index-requests__who">
        {text.contact(request.email)} · {text.company(request.company)} · {text.sentOn(italianDate(request.created_at))}
      </p>
      <ul className="index-requests__sites">
        {request.sites.map((site) => (
          <li key={site}>{site}</li>
        ))}
      </ul>
      <Button variant="secondary" disabled={working !== null || outcome?.indexed === true} onClick={onIndex}>
        {working === request.id ? text.indexing : text.index}
      </Button>
      {progress ? <BuildProgress build={progress} /> : null}
      {outcome ? (
        <Notice tone={outcome.tone}>
          {outcome.text}
          {outcome.details.length > 0 ? (
            <ul>
              {outcome.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
    </li>
  );
}

/** Issue 34 §2: a running build, document by document, and OCR's page of the scan being read. */
function BuildProgress({ build }: { build: IndexBuild }) {
  const read = build.documents.filter((document) => document.state === "done" || document.state === "failed").length;
  return (
    <div className="index-requests__progress">
      <p aria-live="polite">{text.progress(read, build.documents.length)}</p>
      <ul>
        {build.documents.map((document) => (
          <li key={document.url}>
            {text.documentProgress(document.url, text.documentStates[document.state])}
            {document.state === "reading" && document.ocr ? ` · ${text.ocrProgress(document.ocr.page, document.ocr.pages)}` : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
