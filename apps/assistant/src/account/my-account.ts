import { ACCOUNT_DELETION_CONFIRMATION, API_PATHS, HttpError, type ApiClient } from "@oystar/api-client";

// Issue 36 §8: the two calls of 'Il mio account'. No React: the page binds them.

/** The name the server gives the file (Content-Disposition), or one of the same shape. */
export function fileNameOf(response: Response, today = new Date()): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  return given ?? `oystar-i-miei-dati-${today.toISOString().slice(0, 10)}.json`;
}

/** GET /api/me/data: everything the server holds about the account, as the file to save. */
export async function fetchMyData(api: ApiClient): Promise<{ file: Blob; name: string }> {
  const response = await api.raw(API_PATHS.myData, { method: "GET" });
  return { file: await response.blob(), name: fileNameOf(response) };
}

/** DELETE /api/me, confirmed. */
export async function deleteMyAccount(api: ApiClient): Promise<void> {
  await api.call("deleteAccount", { body: { confirmation: ACCOUNT_DELETION_CONFIRMATION } });
}

/** The server's Italian reason when it gave one, else `fallback`. */
export const reasonOf = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
