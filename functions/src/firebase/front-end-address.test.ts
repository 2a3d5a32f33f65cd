import { describe, expect, it } from 'vitest';
import { frontEndAddress } from './front-end-address';

const socket = { remoteAddress: '169.254.8.1' };

describe('frontEndAddress', () => {
  it("takes the entry Google's front end appended, never one the client wrote", () => {
    expect(frontEndAddress({ headers: { 'x-forwarded-for': '203.0.113.7' }, socket })).toBe('203.0.113.7');
    expect(
      frontEndAddress({ headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.9 ,203.0.113.7' }, socket }),
    ).toBe('203.0.113.7');
    expect(frontEndAddress({ headers: { 'x-forwarded-for': 'nonsense,, 2001:db8::5 ' }, socket })).toBe(
      '2001:db8::5',
    );
  });

  it('falls back to the connection when there is no header (the emulator)', () => {
    expect(frontEndAddress({ headers: {}, socket })).toBe('169.254.8.1');
    expect(frontEndAddress({ headers: { 'x-forwarded-for': ' , ' }, socket })).toBe('169.254.8.1');
    expect(frontEndAddress({ headers: {} })).toBeUndefined();
  });
});
