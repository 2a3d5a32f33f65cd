/** A collection query both stores understand: equality filters, one ordering, a limit. */
export interface Query {
  where?: Array<{ field: string; equals: string | number | boolean }>;
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
}

export interface QueryDocument<T> {
  id: string;
  data: T;
}

export function assertCollectionPath(path: string): void {
  const parts = path.split('/');
  if (parts.length % 2 !== 1 || parts.some((part) => part.length === 0)) {
    throw new Error(`Not a collection path: ${path}`);
  }
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function assertQuery(query: Query): void {
  for (const { field } of [...(query.where ?? []), ...(query.orderBy ? [query.orderBy] : [])]) {
    if (!FIELD.test(field)) throw new Error(`Not a field name: ${field}`);
  }
  if (
    query.limit !== undefined &&
    (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 1000)
  ) {
    throw new Error('A query limit is a whole number from 1 to 1000.');
  }
}
