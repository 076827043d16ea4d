/** What separates a table's cells on its row's line. */
export const CELL_SEPARATOR = " · ";

/**
 * A table's rows as reading blocks: the header (its first row) as it is, then each row's cells
 * under their column's name — «Cliente: Rossi · Importo: 800» — so that a passage found by a
 * value says what the value is (spreadsheets and CSV files, issue 34).
 */
export function rowsUnderHeader(rows: readonly (readonly string[])[]): string[] {
  const [header, ...body] = rows;
  if (!header) return [];
  return [
    header.filter(Boolean).join(CELL_SEPARATOR),
    ...body.map((cells) =>
      cells
        .map((cell, column) => (cell && header[column] ? `${header[column]}: ${cell}` : cell))
        .filter(Boolean)
        .join(CELL_SEPARATOR),
    ),
  ].filter(Boolean);
}
