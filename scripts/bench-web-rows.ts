/** Which rows of `npm run bench:web` run: BENCH_PAGES's filter, shared by its tables. */

/** A row's name as a filter may give it: lower case, words joined by hyphens ('My Photos' -> 'my-photos'). */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The rows BENCH_PAGES names (each entry a row's name, its slug or its path, any case, or the name of
 * the row's whole group: `lighthouse`, `interactions` or `axe`); all of them when it is unset.
 */
export function selectedRows<Row extends { name: string; path?: string }>(
  rows: Row[],
  group: string,
  filter = process.env.BENCH_PAGES,
): Row[] {
  const wanted = new Set(
    (filter ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
  if (wanted.size === 0 || wanted.has(group)) return rows;
  return rows.filter(
    (row) =>
      wanted.has(row.name.toLowerCase()) ||
      wanted.has(slug(row.name)) ||
      (row.path !== undefined && wanted.has(row.path.toLowerCase())),
  );
}
