import { MODEL_LEADERBOARD_PATH, modelLeaderboardSchema, type ModelStanding } from "@oystar/api-client";
import { useLoad } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import { Notice, Spinner } from "@oystar/ui-kit/react";
import { useState } from "react";
import { messages } from "../messages";

const text = messages.leaderboard;

function StandingsTable({ caption, standings }: { caption: string; standings: readonly ModelStanding[] }) {
  return (
    <table className="vitals-table leaderboard-table">
      <caption className="oy-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{text.position}</th>
          <th scope="col">{text.model}</th>
          <th scope="col">{text.rating}</th>
          <th scope="col">{text.judge}</th>
          <th scope="col">{text.votes}</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((standing, index) => (
          <tr key={standing.model}>
            <td>{index + 1}</td>
            <th scope="row">{standing.model}</th>
            <td>{standing.rating}</td>
            <td>{text.outcomes(standing.judge)}</td>
            <td>{text.outcomes(standing.votes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * issue 26 §3: the models ranked by an Elo rating from the judge's verdicts and the users' votes —
 * names and counts only. Debates the offline model argued are shown apart. Read only when opened.
 */
export function ModelLeaderboardSection({ id }: { id?: string } = {}) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const board = useLoad(() => (open ? api.get(MODEL_LEADERBOARD_PATH, modelLeaderboardSchema) : null), [api, open]);
  const models = board.data?.models ?? [];
  const real = models.filter((standing) => !standing.offline);
  const offline = models.filter((standing) => standing.offline);
  return (
    <details id={id} className="settings-panel__vitals" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{text.title}</summary>
      <p className="settings-panel__scope">{text.scope}</p>
      {board.status === "failed" ? (
        <Notice tone="error">{text.loadFailed}</Notice>
      ) : board.data ? (
        models.length === 0 ? (
          <p>{text.empty}</p>
        ) : (
          <>
            {real.length > 0 ? <StandingsTable caption={text.title} standings={real} /> : null}
            {offline.length > 0 ? (
              <>
                <h3 className="settings-panel__subtitle">{text.offlineTitle}</h3>
                <p className="settings-panel__scope">{text.offlineScope}</p>
                <StandingsTable caption={text.offlineTitle} standings={offline} />
              </>
            ) : null}
          </>
        )
      ) : open ? (
        <Spinner />
      ) : null}
    </details>
  );
}
