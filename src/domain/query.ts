export type FieldValue = string | number | boolean;

/**
 * A filter: the field equals a value, or one of up to 10 values (Firestore's limit for `in`), or lies in
 * a range (at least, below: a prefix search is `atLeast: p, below: p + '\uf8ff'`). Range filters go on
 * the ordered field, as Firestore wants.
 */
export type Filter =
  | { field: string; equals: FieldValue }
  | { field: string; in: FieldValue[] }
  | { field: string; atLeast: FieldValue }
  | { field: string; below: FieldValue };

/**
 * A collection query both stores understand: filters, one ordering, a cursor after a value of the
 * ordered field, a limit.
 */
export interface Query {
  where?: Filter[];
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  /** Only documents whose ordered field comes after this value (a date for a date field); needs `orderBy`. */
  startAfter?: FieldValue | Date;
  /**
   * With `startAfter`: the full path of the document the last page ended on, so documents that share
   * its value and come after it (ties go by path, in the ordering's direction) are not skipped.
   */
  startAfterPath?: string;
  limit?: number;
}

export interface QueryDocument<T> {
  id: string;
  data: T;
}

/** A document found by a collection-group query, with its full path (the owner is in it). */
export interface GroupDocument<T> extends QueryDocument<T> {
  path: string;
}

export function assertCollectionPath(path: string): void {
  const parts = path.split('/');
  if (parts.length % 2 !== 1 || parts.some((part) => part.length === 0)) {
    throw new Error(`Not a collection path: ${path}`);
  }
}

const COLLECTION_ID = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function assertCollectionId(collectionId: string): void {
  if (!COLLECTION_ID.test(collectionId)) throw new Error(`Not a collection id: ${collectionId}`);
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function assertQuery(query: Query): void {
  for (const { field } of [...(query.where ?? []), ...(query.orderBy ? [query.orderBy] : [])]) {
    if (!FIELD.test(field)) throw new Error(`Not a field name: ${field}`);
  }
  for (const filter of query.where ?? []) {
    if ('in' in filter && (filter.in.length < 1 || filter.in.length > 10))
      throw new Error('An "in" filter takes 1 to 10 values.');
  }
  if (query.startAfter !== undefined && !query.orderBy) throw new Error('A cursor needs an ordering.');
  if (query.startAfterPath !== undefined && query.startAfter === undefined)
    throw new Error('A cursor path needs the value it ended on.');
  if (
    query.limit !== undefined &&
    (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 1000)
  ) {
    throw new Error('A query limit is a whole number from 1 to 1000.');
  }
}
