import type { ApiClient, ChatModel } from "@oystar/api-client";
import { chatMessages } from "./messages";

/**
 * spec 001 §4: the `*reset*` command resets the connection to the model (POST /api/ollama/reset
 * for the cloud provider and the model in use) and says what was done. When the server cannot,
 * only this browser's side is reset, and the user is told so.
 */
export function connectionReset(api: Pick<ApiClient, "call">) {
  return async (model: ChatModel): Promise<string> => {
    const answer = await api.call("connectionReset", { body: { provider: "cloud", models: [model] } }).catch(() => null);
    return answer ? `${answer.message} ${answer.details.actions.join(" · ")}` : chatMessages.resetLocalOnly;
  };
}
