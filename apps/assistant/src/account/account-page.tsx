import { ASSISTANT_PATHS } from "@oystar/api-client";
import { markAccountDeleted } from "@oystar/auth";
import { useApiClient, useAuth } from "@oystar/auth/react";
import { ragGate } from "@oystar/plans-and-gates";
import { Button, Dialog, downloadFile, Notice } from "@oystar/ui-kit/react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useAssistantContext } from "../layout/assistant-context";
import { messages } from "../messages";
import { deleteMyAccount, fetchMyData, reasonOf } from "./my-account";
import { SubscriptionSection } from "./subscription-section";

const text = messages.account;

type Outcome = { tone: "success" | "error"; text: string } | null;

/**
 * /account, 'Il mio account' (issue 36 §8): 'I miei dati' downloads what the server holds about
 * the account; 'Elimina account' deletes it after a confirmation that says what goes, then clears
 * this browser's conversations and signs out, back to the site's home.
 */
export function Component() {
  const api = useApiClient();
  const auth = useAuth();
  const { profile, subscription, history, refreshSubscription } = useAssistantContext();
  const [downloading, setDownloading] = useState(false);
  const [downloadOutcome, setDownloadOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const dataHeading = useId();
  const deleteHeading = useId();

  const download = async () => {
    setDownloading(true);
    setDownloadOutcome(null);
    try {
      const { file, name } = await fetchMyData(api);
      downloadFile(file, name);
      setDownloadOutcome({ tone: "success", text: text.downloaded });
    } catch (error) {
      setDownloadOutcome({ tone: "error", text: reasonOf(error, text.downloadFailed) });
    } finally {
      setDownloading(false);
    }
  };

  const deleteAccount = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteMyAccount(api);
    } catch (error) {
      setDeleteError(reasonOf(error, text.deleteFailed));
      setDeleting(false);
      return;
    }
    // The key is gone with the account: what this browser kept could no longer be read anyway.
    await history.forget().catch(() => {});
    // Issue 52 §7: the site says the account is gone, where the sign-out lands.
    markAccountDeleted();
    await auth.logout();
  };

  return (
    <section className="assistant-account">
      <h1>{text.title}</h1>
      {profile ? (
        <p>
          {text.signedInAs} <strong>{profile.email ?? profile.username}</strong>
          {subscription ? ` · ${text.plan} ${subscription.plan_name}` : null}
        </p>
      ) : null}
      {/* Issue 48: a RAG plan's own documents. */}
      {ragGate(subscription ?? null) === "rag" ? (
        <p>
          <Link to={ASSISTANT_PATHS.library}>{text.library}</Link>
        </p>
      ) : null}

      <SubscriptionSection onChanged={refreshSubscription} planId={subscription?.plan} planName={subscription?.plan_name} />

      <section aria-labelledby={dataHeading}>
        <h2 id={dataHeading}>{text.dataHeading}</h2>
        <p>{text.dataText}</p>
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {text.download}
        </Button>
        {downloadOutcome ? (
          <Notice tone={downloadOutcome.tone} onDismiss={() => setDownloadOutcome(null)}>
            {downloadOutcome.text}
          </Notice>
        ) : null}
        {/* The site's page: a full page load. */}
        <p>
          <a href="/privacy">{text.privacyLink}</a>
        </p>
      </section>

      <section aria-labelledby={deleteHeading}>
        <h2 id={deleteHeading}>{text.deleteHeading}</h2>
        <p>{text.deleteText}</p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {text.delete}
        </Button>
      </section>

      <Dialog
        open={confirming}
        onClose={() => (deleting ? undefined : setConfirming(false))}
        title={text.confirmTitle}
        footer={
          <>
            <Button variant="ghost" disabled={deleting} onClick={() => setConfirming(false)}>
              {text.cancel}
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => void deleteAccount()}>
              {text.confirm}
            </Button>
          </>
        }
      >
        <p>{text.confirmIntro}</p>
        <ul>
          {text.confirmItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{text.confirmOutro}</p>
        {deleteError ? <Notice tone="error">{deleteError}</Notice> : null}
      </Dialog>
    </section>
  );
}
