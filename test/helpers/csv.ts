/** A CSV as the export writes it (CRLF lines, quoted cells), as rows of cells, unquoted. */
export const rowsOf = (text: string): string[][] =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map(([, value]) =>
          value.startsWith('"') ? value.slice(1, -1).replace(/""/g, '"') : value,
        ),
    )
