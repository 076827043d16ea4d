import { createChatSession, type ChatDependencies } from "./chat-session";

/**
 * For tests: a chat session signed in, online, with a clock that stands still and no timers;
 * the test says how the model answers, and whatever else it is about.
 */
export function testChatSession(dependencies: Pick<ChatDependencies, "complete"> & Partial<ChatDependencies>) {
  return createChatSession({
    getAccessToken: async () => "t",
    resetConnection: async () => "",
    now: () => 1,
    later: () => () => {},
    refreshQuota: () => {},
    isAdmin: () => false,
    backendStatus: () => "online",
    ...dependencies,
  });
}
