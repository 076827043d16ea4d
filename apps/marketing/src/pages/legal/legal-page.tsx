import { useId } from "react";
import { SellerDetails } from "../../seller/seller-details";
import type { LegalDocument, LegalTable } from "./legal-texts";

function Table({ table }: { table: LegalTable }) {
  return (
    <table>
      <caption>{table.caption}</caption>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row[0]}>
            {row.map((cell, column) =>
              column === 0 ? (
                <th key={column} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={column}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /privacy, /termini, /cookie (issue 36 §8): one of the footer's legal pages, from legal-texts.ts. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const id = useId();
  return (
    <article className="page-intro legal-page" aria-labelledby={id}>
      <h1 id={id}>{document.title}</h1>
      <p>{document.intro}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.seller ? <SellerDetails role={section.seller} /> : null}
          {section.table ? <Table table={section.table} /> : null}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
