import { ASSISTANT_PATHS } from "@oystar/api-client";
import { useApiClient } from "@oystar/auth/react";
import { createSourceViewer, httpSourceViewer, systemClock } from "@oystar/conversation";
import { SourceViewerProvider } from "@oystar/conversation/react";
import { ragGate } from "@oystar/plans-and-gates";
import { createLibrary, httpLibrary, libraryMessages } from "@oystar/rag-client";
import { LibraryScreen } from "@oystar/rag-client/react";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useAssistantContext } from "../layout/assistant-context";
import { PricedRagUpsell } from "../layout/priced-upsells";
import { messages } from "../messages";
import { loadPdfjs } from "../pdfjs";

/** The spec's indexing request (spec 000 §5), a page of the site. */
const INDEX_REQUEST_PAGE = "/business-index-request";

/** /rag/documenti, 'I miei documenti' (issue 48): the RAG plans' gate, as /rag's; others get the upsell. */
export function Component() {
  const { subscription, subscriptionFailed } = useAssistantContext();
  if (!subscription && !subscriptionFailed) return <LoadingScreen />;
  if (ragGate(subscription) === "promo") return <PricedRagUpsell currentPlan={subscription?.plan ?? "free"} />;
  return <LibraryPage />;
}

/** Wiring only: the library over the signed-in API, its documents opened in the source viewer. */
function LibraryPage() {
  const api = useApiClient();
  const [library] = useState(() => createLibrary(httpLibrary(api, systemClock)));
  const [viewer] = useState(() => createSourceViewer(httpSourceViewer(api)));
  const back = useMemo(() => <Link to={ASSISTANT_PATHS.rag}>{messages.rag.backToQuestions}</Link>, []);
  return (
    <div className="rag-page">
      <title>{`${libraryMessages.title} — OYSTAR`}</title>
      <SourceViewerProvider viewer={viewer} loadPdfRenderer={loadPdfjs}>
        <LibraryScreen library={library} indexRequestHref={INDEX_REQUEST_PAGE} backLink={back} />
      </SourceViewerProvider>
    </div>
  );
}
