import { accounts } from "./0001-accounts";
import { usage } from "./0002-usage";
import { billing } from "./0003-billing";
import { forms } from "./0004-forms";
import { settings } from "./0005-settings";
import { rag } from "./0006-rag";
import { checkoutOutcomes } from "./0007-checkout-outcomes";
import { debateTurns } from "./0008-debate-turns";
import { webVitals } from "./0009-web-vitals";
import { debateLength } from "./0010-debate-length";
import { settingsVersionIndexRequestRuns } from "./0011-settings-version-index-request-runs";
import { accountLimitsRequestAccounts } from "./0012-account-limits-request-accounts";
import { debateTurnOrder } from "./0013-debate-turn-order";
import { sharedSecrets } from "./0014-shared-secrets";
import { ragPrefixStems } from "./0015-rag-prefix-stems";
import { debateJudgeLeaderboard } from "./0016-debate-judge-leaderboard";
import { ragSourceViewer } from "./0017-rag-source-viewer";
import { debateAnsweredThrough } from "./0018-debate-answered-through";
import { addressWindows } from "./0019-address-windows";
import { ragOcrWords } from "./0020-rag-ocr-words";
import { ragIndexBuilds } from "./0021-rag-index-builds";
import { accountDeviceKeys } from "./0022-account-device-keys";

/** Every schema change, in order. Never edit one that has shipped: add the next. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: "0001-accounts", sql: accounts },
  { id: "0002-usage", sql: usage },
  { id: "0003-billing", sql: billing },
  { id: "0004-forms", sql: forms },
  { id: "0005-settings", sql: settings },
  { id: "0006-rag", sql: rag },
  { id: "0007-checkout-outcomes", sql: checkoutOutcomes },
  { id: "0008-debate-turns", sql: debateTurns },
  { id: "0009-web-vitals", sql: webVitals },
  { id: "0010-debate-length", sql: debateLength },
  { id: "0011-settings-version-index-request-runs", sql: settingsVersionIndexRequestRuns },
  { id: "0012-account-limits-request-accounts", sql: accountLimitsRequestAccounts },
  { id: "0013-debate-turn-order", sql: debateTurnOrder },
  { id: "0014-shared-secrets", sql: sharedSecrets },
  { id: "0015-rag-prefix-stems", sql: ragPrefixStems },
  { id: "0016-debate-judge-leaderboard", sql: debateJudgeLeaderboard },
  { id: "0017-rag-source-viewer", sql: ragSourceViewer },
  { id: "0018-debate-answered-through", sql: debateAnsweredThrough },
  { id: "0019-address-windows", sql: addressWindows },
  { id: "0020-rag-ocr-words", sql: ragOcrWords },
  { id: "0021-rag-index-builds", sql: ragIndexBuilds },
  { id: "0022-account-device-keys", sql: accountDeviceKeys },
];
