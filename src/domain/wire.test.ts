import { describe, expect, it } from 'vitest';
import { decodeDocument, encodeDocument, withDates } from './wire';

describe('the wire format', () => {
  it('keeps dates as dates through text, nested and in lists', () => {
    const at = new Date('2026-11-22T10:00:00.123Z');
    const text = encodeDocument({ at, nested: { list: [at, 1, 'x'] }, none: null });
    expect(text).toContain('"$date":"2026-11-22T10:00:00.123Z"');
    expect(decodeDocument(text)).toEqual({ at, nested: { list: [at, 1, 'x'] }, none: null });
  });

  it('turns anything with toDate (Firestore Timestamps) into dates, recursively', () => {
    const at = new Date(5000);
    const timestamp = { seconds: 5, nanoseconds: 0, toDate: () => at };
    expect(withDates({ a: timestamp, b: [timestamp, { c: timestamp }], d: 'text', e: 3 })).toEqual({
      a: at,
      b: [at, { c: at }],
      d: 'text',
      e: 3,
    });
  });
});
