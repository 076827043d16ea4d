import { parse } from "csv-parse/sync";
import { rowsUnderHeader } from "./table-rows";

// A CSV file (issue 34) as rows under their header: «Cliente: Rossi · Importo: 800», each row its
// own block, so a passage found by a value says what the value is. Italian spreadsheets export
// with «;» (the comma is the decimal mark): the header line tells which.

const delimiterOf = (firstLine: string) => {
  const fields = (delimiter: string) => firstLine.split(delimiter).length;
  // The one that splits the line most; on a tie the first, «;».
  return [",", "\t"].reduce((best, delimiter) => (fields(delimiter) > fields(best) ? delimiter : best), ";");
};

export function csvText(raw: string): string {
  const delimiter = delimiterOf(raw.slice(0, raw.indexOf("\n") === -1 ? raw.length : raw.indexOf("\n")));
  const rows = parse(raw, {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  return rowsUnderHeader(rows).join("\n\n");
}
