import { createApiClient, healthCheck } from "@oystar/api-client";

/** The product API lives on the same origin as the app (DESIGN.md §2). */
export const api = createApiClient();

export const checkBackend = healthCheck(() => fetch("/api/health", { cache: "no-store" }));
