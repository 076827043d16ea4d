import { API_PATHS, apiPath, libraryUploadSchema, type ApiClient } from "@oystar/api-client";
import type { Clock } from "@oystar/conversation";
import type { LibraryPorts, UploadFile } from "./library";

/** Uploads wait for the whole batch to arrive and be kept: a slow line needs more than the default 30 s. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** Files as the server reads them: one multipart part each, named by its path. */
function filesForm(files: readonly UploadFile[]): FormData {
  const form = new FormData();
  for (const { file, path } of files) form.append("files", file, path);
  return form;
}

/** The library's calls over the signed-in API (issue 48 §5). */
export function httpLibrary(api: Pick<ApiClient, "call" | "postForm" | "raw">, clock: Pick<Clock, "later">): LibraryPorts {
  return {
    listIndexes: () => api.call("libraryIndexes"),
    createIndex: (label) => api.call("createLibraryIndex", { body: { label } }),
    deleteIndex: async (name) => void (await api.raw(apiPath(API_PATHS.libraryIndex, { name }), { method: "DELETE" })),
    listDocuments: (name) => api.call("libraryDocuments", { params: { name } }),
    upload: (name, files) =>
      api.postForm(apiPath(API_PATHS.libraryDocuments, { name }), filesForm(files), libraryUploadSchema, { timeoutMs: UPLOAD_TIMEOUT_MS }),
    replace: async (name, id, file) => {
      const response = await api.raw(apiPath(API_PATHS.libraryDocument, { name, id }), {
        method: "PUT",
        body: filesForm([file]),
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
      return libraryUploadSchema.parse(await response.json());
    },
    remove: async (name, id) => void (await api.raw(apiPath(API_PATHS.libraryDocument, { name, id }), { method: "DELETE" })),
    addSite: (name, url) => api.call("addLibrarySite", { params: { name }, body: { url } }),
    syncSite: (name, id) => api.call("syncLibrarySite", { params: { name, id } }),
    later: clock.later,
  };
}
