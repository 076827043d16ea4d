import { Button, downloadFile, Notice } from "@oystar/ui-kit/react";
import { useId, useState } from "react";
import { messages } from "../messages";
import type { DeviceHistory } from "./use-device-history";

const text = messages.history.transfer;
const MINIMUM_PASSPHRASE = 10;

type Outcome = { tone: "success" | "error"; text: string } | null;

/**
 * Issue 50 §8: 'Esporta conversazioni' writes this account's conversations in one file sealed with
 * a passphrase the user chooses; 'Importa conversazioni' reads such a file on another device and
 * merges it by id. All in the browser: the file never reaches the server.
 */
export function HistoryTransfer({ history }: { history: DeviceHistory }) {
  const ids = { heading: useId(), passphrase: useId(), repeat: useId(), file: useId(), filePassphrase: useId() };
  const [passphrase, setPassphrase] = useState("");
  const [repeat, setRepeat] = useState("");
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<Outcome>(null);
  const [file, setFile] = useState<File | null>(null);
  const [filePassphrase, setFilePassphrase] = useState("");
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<Outcome>(null);
  const ready = history.status === "ready";

  const exportNow = async () => {
    if (passphrase.length < MINIMUM_PASSPHRASE) return setExported({ tone: "error", text: text.tooShort });
    if (passphrase !== repeat) return setExported({ tone: "error", text: text.mismatch });
    setExporting(true);
    setExported(null);
    try {
      const sealed = await history.exportFile(passphrase);
      if (sealed === null) return;
      downloadFile(new Blob([sealed], { type: "application/json" }), text.fileName(new Date().toISOString().slice(0, 10)));
      setExported({ tone: "success", text: text.exported(history.conversations.length) });
      setPassphrase("");
      setRepeat("");
    } finally {
      setExporting(false);
    }
  };

  const importNow = async () => {
    if (!file) return setImported({ tone: "error", text: text.noFile });
    setImporting(true);
    setImported(null);
    try {
      const counts = await history.importFile(await file.text(), filePassphrase);
      setImported({ tone: "success", text: text.imported(counts) });
      setFilePassphrase("");
    } catch (error) {
      setImported({ tone: "error", text: error instanceof Error && error.name === "HistoryFileError" ? error.message : text.failed });
    } finally {
      setImporting(false);
    }
  };

  return (
    <section className="history-transfer" aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="history-transfer__title">
        {text.title}
      </h3>
      <p className="conversations__scope">{text.scope}</p>
      <form
        className="history-transfer__form"
        onSubmit={(event) => {
          event.preventDefault();
          void exportNow();
        }}
      >
        <label htmlFor={ids.passphrase} className="oy-field__label">
          {text.passphrase}
        </label>
        <input
          id={ids.passphrase}
          className="oy-input"
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
        />
        <label htmlFor={ids.repeat} className="oy-field__label">
          {text.repeat}
        </label>
        <input
          id={ids.repeat}
          className="oy-input"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={exporting} disabled={!ready || history.conversations.length === 0}>
          {exporting ? text.exporting : text.export}
        </Button>
        {exported ? (
          <Notice tone={exported.tone} onDismiss={() => setExported(null)}>
            {exported.text}
          </Notice>
        ) : null}
      </form>
      <form
        className="history-transfer__form"
        onSubmit={(event) => {
          event.preventDefault();
          void importNow();
        }}
      >
        <label htmlFor={ids.file} className="oy-field__label">
          {text.file}
        </label>
        <input
          id={ids.file}
          className="oy-input"
          type="file"
          accept="application/json,.json"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <label htmlFor={ids.filePassphrase} className="oy-field__label">
          {text.filePassphrase}
        </label>
        <input
          id={ids.filePassphrase}
          className="oy-input"
          type="password"
          autoComplete="current-password"
          value={filePassphrase}
          onChange={(event) => setFilePassphrase(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={importing} disabled={!ready}>
          {importing ? text.importing : text.import}
        </Button>
        {imported ? (
          <Notice tone={imported.tone} onDismiss={() => setImported(null)}>
            {imported.text}
          </Notice>
        ) : null}
      </form>
    </section>
  );
}
