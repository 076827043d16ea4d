import { createApiClient } from "@oystar/api-client";

/** The product API lives on the same origin as the app (DESIGN.md §2). */
export const api = createApiClient();
