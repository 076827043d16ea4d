import type { ModelStanding } from "@oystar/api-client";
import { useApiClient } from "@oystar/auth/react";
import { messages } from "../messages";
import { SectionReadOnOpen } from "./section-read-on-open";

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
  return (
    <SectionReadOnOpen id={id} words={text} read={() => api.call("modelLeaderboard")} isEmpty={(board) => board.models.length === 0}>
      {(board) => {
        const real = board.models.filter((standing) => !standing.offline);
        const offline = board.models.filter((standing) => standing.offline);
        return (
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
        );
      }}
    </SectionReadOnOpen>
  );
}
