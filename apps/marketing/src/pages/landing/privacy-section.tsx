import { ASSISTANT_PATHS } from "@oystar/api-client";
import { StartButton } from "./start-button";

const rows = [
  ["Dove girano i modelli", "Server in Europa", "Spesso fuori dall'Europa"],
  ["Modelli", "Open source", "Proprietari"],
  ["Addestramento sui tuoi dati", "Mai", "Dipende dalle impostazioni"],
  ["Registro dei messaggi", "Nessuno", "Dipende dal servizio"],
] as const;

/** spec 000 §2: the comparison with the big US assistants, and a start-free button. */
export function PrivacySection() {
  return (
    <section className="landing-section" aria-labelledby="privacy-title">
      <h2 id="privacy-title">La tua privacy, messa a confronto</h2>
      <table className="comparison">
        <caption className="oy-visually-hidden">OYSTAR e i grandi assistenti statunitensi</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="oy-visually-hidden">Aspetto</span>
            </th>
            <th scope="col">OYSTAR</th>
            <th scope="col">Grandi assistenti USA</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([aspect, oystar, others]) => (
            <tr key={aspect}>
              <th scope="row">{aspect}</th>
              <td className="comparison__ours">{oystar}</td>
              <td>{others}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <StartButton start={{ demo: ASSISTANT_PATHS.chat }}>Inizia gratis</StartButton>
    </section>
  );
}
