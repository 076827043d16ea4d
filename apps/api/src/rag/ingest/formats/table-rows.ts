/** What separates a table's cells on its row's line. */
export const CELL_SEPARATOR = " · ";

/**
 * A table's rows as reading blocks, one row at a time as they come (a sheet of a million rows is
 * never held whole): the header (its first row) as it is, then each row's cells under their
 * column's name — «Cliente: Rossi · Importo: 800» — so that a passage found by a value says what
 * the value is (spreadsheets and CSV files, issue 34).
 */
export class RowsUnderHeader {
  private header: readonly string[] | null = null;

  /** The row's block ("" for a row with nothing in it). */
  add(cells: readonly string[]): string {
    if (!this.header) {
      if (!cells.some(Boolean)) return "";
      this.header = cells;
      return cells.filter(Boolean).join(CELL_SEPARATOR);
    }
    const header = this.header;
    return cells
      .map((cell, column) => (cell && header[column] ? `${header[column]}: ${cell}` : cell))
      .filter(Boolean)
      .join(CELL_SEPARATOR);
  }
}

/** A whole table's rows as reading blocks (see RowsUnderHeader). */
export function rowsUnderHeader(rows: readonly (readonly string[])[]): string[] {
  const table = new RowsUnderHeader();
  return rows.map((cells) => table.add(cells)).filter(Boolean);
}
