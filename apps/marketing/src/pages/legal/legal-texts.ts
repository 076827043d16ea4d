import { SUPPORT_EMAIL } from "../../messages";

// Issue 36 §8, "the privacy promise, visible": the three pages the footer's legal labels open.
// Every sentence is a fact of the code as it is (what apps/api/src/db/migrations keeps, what the
// browser stores, what is logged) — not a legal promise the code does not keep. A change to what
// the server keeps or the browser stores changes these words in the same commit.

export type LegalTable = { caption: string; columns: readonly string[]; rows: ReadonlyArray<readonly string[]> };
export type LegalSection = {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  table?: LegalTable;
  /** Issue 51 §6: the section names the configured seller or data controller (GET /api/seller). */
  seller?: "seller" | "controller";
};
export type LegalDocument = { path: string; title: string; intro: string; sections: readonly LegalSection[] };

const deletion = "finché non elimini l'account";

export const privacyPolicy: LegalDocument = {
  path: "/privacy",
  title: "Informativa sulla privacy",
  intro:
    "Che cosa conserva il server di OYSTAR, per quanto tempo, e che cosa non conserva mai. La pagina descrive il servizio così come funziona.",
  sections: [
    {
      // Issue 51 §6, GDPR art. 13: who controls the data and how to reach them (GET /api/seller).
      heading: "Titolare del trattamento",
      seller: "controller",
      paragraphs: [
        "Per esercitare i tuoi diritti o per qualsiasi domanda sui tuoi dati scrivi al contatto per la privacy indicato qui sopra.",
      ],
    },
    {
      heading: "Le conversazioni restano sul tuo dispositivo",
      items: [
        "Le chat, i dibattiti e le domande sui documenti non vengono salvati sul server di OYSTAR e non vengono scritti nei suoi log.",
        "Il tuo browser conserva le conversazioni (IndexedDB), cifrate con una chiave del tuo account. Puoi scegliere di non ricordarle su questo dispositivo.",
        "Per rispondere, il server inoltra la domanda e la conversazione che la precede al modello linguistico che scrive la risposta, senza conservarle.",
        "Una risposta in corso resta nella memoria del server, per riprenderla se la connessione cade: al massimo 2 minuti dopo che la pagina si è disconnessa e 60 secondi dopo la fine. Mai in una tabella, in un file o in un log.",
        "Le risposte di OYSTAR RAG possono restare nella memoria del server per il tempo di cache scelto dall'amministratore (da 60 secondi a 24 ore), legate al tuo account e mai date ad altri; un riavvio del server le cancella.",
        "I PDF che apri nella chat vengono letti nel browser. Quelli scansionati che invii al riconoscimento del testo (OCR) vengono letti nella memoria del server e non vengono salvati.",
      ],
    },
    {
      heading: "Che cosa conserva il server, e per quanto",
      table: {
        caption: "I dati che il server conserva",
        columns: ["Dato", "Che cosa contiene", "Per quanto"],
        rows: [
          [
            "Account",
            "L'identificativo assegnato dal servizio di accesso, email, nome, immagine del profilo, data di registrazione.",
            deletion,
          ],
          [
            "Piano e pagamenti",
            "Il piano, quando è stato pagato, le sessioni di pagamento (identificativo, piano, stato), l'abbonamento (rinnovo, disdetta, cambio di piano programmato), le ultime quattro cifre della carta e le fatture (data, importo, IVA, stato). Il numero completo della carta resta al fornitore dei pagamenti: OYSTAR non lo riceve.",
            deletion,
          ],
          ["Conteggi", "Le domande e i dibattiti usati in ogni mese.", deletion],
          [
            "Dibattiti",
            "Per ogni dibattito avviato: modalità, lunghezza, turni usati, i nomi dei due modelli, il verdetto del giudice e il tuo voto. Mai il testo.",
            // Issue 47 §5: apps/api debates/debate-retention.ts deletes them after DEBATE_ROWS_KEPT_MONTHS.
            "12 mesi dall'avvio del dibattito, poi cancellati; prima, se elimini l'account",
          ],
          [
            "Moduli",
            "I contatti, le richieste di preventivo e di indicizzazione, le valutazioni dei dibattiti: quello che scrivi, con l'email dell'account se hai effettuato l'accesso.",
            deletion,
          ],
          [
            "Documenti indicizzati",
            "Per i piani Business ed Enterprise: il testo dei documenti che fai indicizzare, la posizione dei passaggi e gli originali che il visualizzatore delle fonti mostra.",
            "finché non elimini l'indice o l'account",
          ],
          [
            "Chiave del dispositivo",
            "La chiave con cui il browser cifra le tue conversazioni: senza di essa, ciò che il browser conserva non si può leggere.",
            deletion,
          ],
          [
            "Limiti per account",
            "Quante volte hai compiuto un'azione (per esempio inviare un modulo) nella finestra di tempo in corso.",
            deletion,
          ],
        ],
      },
    },
    {
      heading: "Dati che non nominano nessuno",
      items: [
        "Limiti per indirizzo: un'impronta cifrata dell'indirizzo di rete, mai l'indirizzo, cancellata pochi minuti dopo la fine della sua finestra di un minuto.",
        "Log del server: per ogni richiesta il percorso, l'esito, la durata e un'impronta cifrata dell'account. Mai il contenuto delle richieste, un'email o un indirizzo di rete.",
        "Prestazioni delle pagine: solo conteggi per pagina, senza utente e senza indirizzo.",
        "La classifica dei modelli: solo conteggi di vittorie, pareggi e sconfitte.",
        "Gli eventi del fornitore dei pagamenti: il loro identificativo e il loro tipo, per non applicarli due volte.",
      ],
    },
    {
      heading: "Finalità e basi giuridiche",
      items: [
        "Fornirti il servizio che hai scelto (account, piano, conteggi, dibattiti, moduli, documenti): esecuzione del contratto (art. 6.1.b GDPR).",
        "Abbonamento, pagamenti e fatture: esecuzione del contratto e obblighi fiscali (art. 6.1.b e 6.1.c GDPR). Le fatture restano anche presso il fornitore dei pagamenti, per il tempo che la legge richiede.",
        "Sicurezza del servizio (limiti per indirizzo e per account, log senza contenuti): legittimo interesse (art. 6.1.f GDPR).",
      ],
    },
    {
      heading: "I tuoi diritti",
      items: [
        "Puoi accedere ai tuoi dati e riceverli in un formato leggibile (portabilità), farli correggere o cancellare, limitarne il trattamento e opporti (artt. 15–21 GDPR).",
        "Accesso e portabilità: 'I miei dati' in 'Il mio account'. Cancellazione: 'Elimina account' in 'Il mio account'. Per tutto il resto: il contatto per la privacy del titolare del trattamento, indicato all'inizio di questa pagina.",
        "Puoi proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).",
      ],
    },
    {
      heading: "Scaricare i tuoi dati ed eliminare l'account",
      items: [
        "Quando hai effettuato l'accesso, dal menu del tuo account apri 'Il mio account': 'I miei dati' scarica in un file JSON tutto quello che il server conserva su di te. La chiave del dispositivo non è nel file: il file dice solo se esiste.",
        "'Elimina account', dopo una conferma, annulla l'abbonamento presso il fornitore dei pagamenti e cancella l'account, i conteggi, i dibattiti con i voti, i moduli, i tuoi indici con i loro documenti e la chiave del dispositivo. Se l'annullamento dell'abbonamento non riesce, non viene cancellato nulla.",
        "Vengono cancellati anche i moduli inviati senza accesso dall'email del tuo account, quando il servizio di accesso l'ha verificata.",
        "Dopo l'eliminazione, per 30 giorni il server conserva soltanto un'impronta cifrata dell'identificativo dell'account e il momento dell'eliminazione, per rifiutare gli accessi aperti prima. Un nuovo accesso crea un account nuovo e vuoto.",
        "L'accesso è gestito da un servizio di accesso esterno (Auth0), che conserva l'identità con cui accedi: eliminare l'account OYSTAR cancella i dati che conserva OYSTAR.",
      ],
    },
    {
      heading: "Domande",
      paragraphs: [`Per domande su questa pagina scrivi a ${SUPPORT_EMAIL}.`],
    },
  ],
};

export const termsOfService: LegalDocument = {
  path: "/termini",
  title: "Termini di servizio",
  intro: "Come funzionano i piani, i limiti e le risposte di OYSTAR.",
  sections: [
    {
      // Issue 51 §6: the seller's name, address and VAT number (Italian consumer code, art. 49).
      heading: "Venditore",
      seller: "seller",
    },
    {
      heading: "Account",
      items: [
        "Per usare la chat, il dibattito e OYSTAR RAG serve un accesso: al primo accesso l'account viene creato sul piano Free.",
        "Puoi scaricare i tuoi dati ed eliminare l'account quando vuoi, da 'Il mio account'.",
      ],
    },
    {
      heading: "Piani e limiti",
      items: [
        "I limiti di domande e di dibattiti di ogni piano sono quelli della pagina dei piani e valgono per mese di calendario: si azzerano il primo giorno del mese (ora UTC).",
        "Una domanda nella chat o in OYSTAR RAG conta una domanda; un dibattito conta un dibattito, con tutti i suoi turni e la sintesi.",
        "Raggiunto il limite, le richieste vengono rifiutate fino al mese successivo o a un piano superiore.",
        "OYSTAR RAG è compreso nei piani Business ed Enterprise.",
      ],
    },
    {
      heading: "Pagamenti",
      items: [
        "I piani a pagamento si pagano con il fornitore dei pagamenti, con un addebito mensile. Il piano cambia solo quando il fornitore conferma il pagamento.",
        // Issue 51 §7: each promise here is proved by e2e/tests/subscription-manage.spec.ts.
        "Disdici quando vuoi da Il mio account: il piano resta attivo fino alla fine del periodo già pagato, poi l'account torna al piano Free. Fino a quella data puoi riattivarlo.",
        "Da 'Il mio account' puoi passare a un piano superiore: oggi paghi solo la differenza per i giorni che restano del periodo già pagato. Un piano inferiore parte alla fine del periodo pagato; dal piano Business non si passa a un piano inferiore.",
        "Le fatture, con l'IVA, sono in 'Il mio account' e si scaricano in PDF.",
        "Il piano Enterprise è su richiesta.",
        "Eliminare l'account annulla l'abbonamento presso il fornitore dei pagamenti.",
      ],
    },
    {
      heading: "Recesso",
      items: [
        "Se sei un consumatore puoi recedere entro 14 giorni dall'acquisto scrivendo al venditore (i contatti sono all'inizio di questa pagina). Se hai chiesto di iniziare a usare il piano prima, paghi solo la parte del servizio già fornita.",
        "Disdire l'abbonamento, invece, non ha scadenze: lo fai quando vuoi da 'Il mio account'.",
      ],
    },
    {
      heading: "Le risposte",
      items: [
        "Le risposte sono scritte da modelli linguistici e possono contenere errori: verifica le informazioni importanti, a partire dalle fonti citate.",
        "Quando nessun modello è disponibile risponde un modello dimostrativo offline, indicato come tale.",
      ],
    },
    {
      heading: "Contatti",
      paragraphs: [`Per domande scrivi a ${SUPPORT_EMAIL}.`],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  path: "/cookie",
  title: "Cookie e memoria del browser",
  intro:
    "OYSTAR non usa cookie pubblicitari, di profilazione o di statistica. Questi sono tutti i cookie e i dati che i suoi siti salvano nel tuo browser.",
  sections: [
    {
      heading: "Cookie",
      table: {
        caption: "I cookie",
        columns: ["Nome", "A che cosa serve", "Durata"],
        rows: [
          [
            "auth0.<id client>.is.authenticated",
            "Impostato dalla libreria di accesso: ricorda che hai effettuato l'accesso, per ritrovare la sessione quando torni.",
            "1 giorno",
          ],
          ["_legacy_auth0.<id client>.is.authenticated", "Lo stesso, per i browser che non accettano il primo.", "1 giorno"],
          [
            "oystar_dev_idp_session",
            "Solo nelle installazioni di sviluppo e di prova, dal servizio di accesso integrato (percorso /idp): la sessione di accesso.",
            "24 ore",
          ],
        ],
      },
      paragraphs: ["Durante l'accesso, il servizio di accesso esterno (Auth0) imposta i propri cookie sul proprio dominio."],
    },
    {
      heading: "Memoria del browser",
      table: {
        caption: "I dati salvati nel browser",
        columns: ["Nome", "Dove e a che cosa serve", "Durata"],
        rows: [
          [
            "oystar-conversations",
            "IndexedDB: le tue conversazioni, cifrate con la chiave del tuo account. Se scegli di non ricordarle, le nuove non vengono salvate.",
            "finché non le elimini",
          ],
          [
            "oystar-ricorda-conversazioni",
            "localStorage: se vuoi che le conversazioni siano ricordate su questo dispositivo.",
            "finché non cambi scelta",
          ],
          [
            "oystar-tema",
            "localStorage: il tema che hai scelto (chiaro o scuro); senza una scelta segue quello del sistema.",
            "finché non cambi scelta",
          ],
          [
            "oystar-risposta-in-corso",
            "sessionStorage: la risposta che il server stava scrivendo, per riprenderla dopo un ricaricamento; solo dove si trova, mai il testo.",
            "fino alla chiusura della scheda",
          ],
          [
            "oystar-offline-notice",
            "sessionStorage: se hai chiuso l'avviso del modello dimostrativo offline.",
            "fino alla chiusura del browser",
          ],
          [
            "a0.spajs.txs.<id client>",
            "sessionStorage: durante l'accesso, lo stato della richiesta di accesso.",
            "fino al rientro sul sito",
          ],
        ],
      },
      paragraphs: ["I token di accesso restano nella memoria della pagina e non vengono salvati nel browser."],
    },
  ],
};

export const LEGAL_DOCUMENTS = [privacyPolicy, termsOfService, cookiePolicy] as const;
