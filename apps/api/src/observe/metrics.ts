import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processLoad } from "./process-load";

// issue 37 §5: what an operator watches, in Prometheus' format (prom-client), served on a listener
// of its own (observe/metrics-listener.ts). One registry per process: a process is one server. The
// labels are bounded by design — a route's pattern, never its path; a plan's id; a failure's kind —
// and never carry what a user wrote, an account or an address.

export const registry = new Registry();
registry.setDefaultLabels({ service: "oystar" });
// The process's own: CPU, memory, event-loop delay, open handles.
collectDefaultMetrics({ register: registry, prefix: "oystar_" });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequests = new Counter({
  name: "oystar_http_requests_total",
  help: "Richieste per metodo, percorso (il modello della rotta) e stato",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpRequestSeconds = new Histogram({
  name: "oystar_http_request_duration_seconds",
  help: "Tempo fino alla risposta (per uno stream: fino alle intestazioni), per metodo e percorso",
  labelNames: ["method", "route"] as const,
  buckets: SECONDS_BUCKETS,
  registers: [registry],
});

export const streamsOpen = new Gauge({
  name: "oystar_streams_open",
  help: "Stream di eventi aperti verso i client (chat, dibattito, RAG)",
  registers: [registry],
});

export const modelFirstTokenSeconds = new Histogram({
  name: "oystar_model_first_token_seconds",
  help: "Tempo dalla domanda al primo byte della risposta del modello",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [registry],
});

export const modelErrors = new Counter({
  name: "oystar_model_errors_total",
  help: "Chiamate al modello fallite prima del primo byte, per tipo (connection, status, silent)",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const questions = new Counter({
  name: "oystar_questions_total",
  help: "Domande e dibattiti conteggiati e restituiti, per piano",
  labelNames: ["counter", "plan", "outcome"] as const,
  registers: [registry],
});

export const ragSearchSeconds = new Histogram({
  name: "oystar_rag_search_seconds",
  help: "Ricerca dei passaggi per una domanda RAG",
  buckets: SECONDS_BUCKETS,
  registers: [registry],
});

export const ragIngestionSeconds = new Histogram({
  name: "oystar_rag_ingestion_seconds",
  help: "Indicizzazione: lettura di un documento (read) e scrittura di un gruppo di documenti (store)",
  labelNames: ["stage"] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [registry],
});

export const workersUp = new Gauge({
  name: "oystar_workers_up",
  help: "Processi server attivi (sommati da Prometheus su tutti i processi)",
  registers: [registry],
});

// Issue 55 §4: what tells an operator the cliff is coming — the event loop running late, the
// events relayed a second nearing what the process carries — and the refusals once it is there.

export const admissionRefusals = new Counter({
  name: "oystar_admission_refusals_total",
  help: "Domande nuove rifiutate con 503 prima di essere conteggiate, per motivo (open_streams, starting, events, delay)",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const streamsShed = new Counter({
  name: "oystar_streams_shed_total",
  help: "Stream chiusi con un evento d'errore perché il processo era in ritardo di oltre un secondo (domanda restituita)",
  registers: [registry],
});

new Counter({
  name: "oystar_events_relayed_total",
  help: "Pezzi della risposta del modello inoltrati ai client (un evento o pochi ciascuno)",
  registers: [registry],
  collect() {
    this.reset();
    this.inc(processLoad().relayedTotal);
  },
});

new Gauge({
  name: "oystar_event_loop_delay_seconds",
  help: "Ritardo del ciclo degli eventi nell'ultimo mezzo secondo: 99° percentile (p99) e massimo (max)",
  labelNames: ["stat"] as const,
  registers: [registry],
  // Several processes' delays (WORKERS) are not added up: the latest of them is the one to watch.
  aggregator: "max",
  collect() {
    const reading = processLoad().reading();
    this.set({ stat: "p99" }, reading.delayP99Ms / 1000);
    this.set({ stat: "max" }, reading.delayMaxMs / 1000);
  },
});

/** What admission control allows this process (streams/admission.ts): set once its limits are known. */
export const admissionLimit = new Gauge({
  name: "oystar_admission_limit",
  help: "Limiti dell'ammissione di questo processo: stream aperti (open_streams) ed eventi al secondo (events_per_second)",
  labelNames: ["limit"] as const,
  registers: [registry],
});

/** How a database's connection pool is used: null where there is none (the embedded PGlite). */
export type PoolUse = { total: number; idle: number; waiting: number };

const pools = new Set<() => PoolUse | null>();

export function watchPool(read: () => PoolUse | null): () => void {
  pools.add(read);
  return () => pools.delete(read);
}

new Gauge({
  name: "oystar_db_pool_connections",
  help: "Connessioni al database del pool: totali, libere, richieste in attesa (PostgreSQL)",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of pools) {
      const use = read();
      if (!use) continue;
      this.inc({ state: "total" }, use.total);
      this.inc({ state: "idle" }, use.idle);
      this.inc({ state: "waiting" }, use.waiting);
    }
  },
});

/** Seconds since `startedAt` (a `performance.now()`). */
export const secondsSince = (startedAt: number) => (performance.now() - startedAt) / 1000;
