import type { LibrarySite } from "@oystar/api-client";
import { Button } from "@oystar/ui-kit/react";
import { useId, useState, type FormEvent } from "react";
import { libraryMessages } from "../library-messages";

// Issue 48 §4: 'Aggiungi sito' takes an address; each site says when it was last read and what
// changed ('3 pagine nuove, 1 modificata, 2 rimosse'), and 'Aggiorna ora' reads it again.

const when = (iso: string) =>
  new Date(iso).toLocaleString("it-IT", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** What a site's line says of its last reading. */
export function siteStatus(site: LibrarySite): string {
  if (site.state === "reading") return libraryMessages.siteReading;
  if (site.state === "waiting") return libraryMessages.siteWaiting;
  const read = site.last_read_at
    ? `${libraryMessages.siteRead(when(site.last_read_at), site.changes)} · ${libraryMessages.sitePages(site.pages)}`
    : "";
  if (site.state === "failed") return [site.error ?? "", read].filter(Boolean).join(" · ");
  return read;
}

export type LibrarySitesProps = {
  sites: readonly LibrarySite[];
  onAdd: (url: string) => Promise<boolean>;
  onSync: (id: string) => void;
};

export function LibrarySites({ sites, onAdd, onSync }: LibrarySitesProps) {
  const addressId = useId();
  const [address, setAddress] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onAdd(address.trim())) setAddress("");
  };
  return (
    <section className="rag-library__sites" aria-labelledby={`${addressId}-title`}>
      <h3 id={`${addressId}-title`}>{libraryMessages.sites}</h3>
      <form className="rag-library__site-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={addressId}>{libraryMessages.siteAddress}</label>
        <input
          id={addressId}
          className="oy-input"
          type="url"
          inputMode="url"
          placeholder="https://www.studiorossi.it"
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          required
        />
        <Button type="submit" variant="secondary">
          {libraryMessages.addSite}
        </Button>
      </form>
      {sites.length > 0 ? (
        <ul className="rag-library__site-list">
          {sites.map((site) => (
            <li key={site.id} className="rag-library__site">
              <span className="rag-library__site-url">{site.url}</span>
              <span className="rag-library__site-status">{siteStatus(site)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={libraryMessages.syncNamed(site.url)}
                disabled={site.state === "reading"}
                onClick={() => onSync(site.id)}
              >
                {libraryMessages.syncNow}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
