import { describe, expect, it } from 'vitest';
import { handlers } from '.';
import { testContext } from '../testing';
import { addressKey, RateLimiter } from './rate-limit';

describe('addressKey', () => {
  it('keeps IPv4, and takes an IPv4 address mapped into IPv6 as itself', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address as its /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::ffff%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    for (const text of ['unknown', '1::2::3', '1:2:3', 'zz::1', '1:2:3:4:5:6:7:8:9'])
      expect(addressKey(text)).toBe(text);
  });
});

describe('a visitor limited by network address', () => {
  it('counts every address of one IPv6 /64 as one sender: rotating them does not flood Contact us', async () => {
    const context = testContext();
    const limits = new RateLimiter();
    const send = (n: number) =>
      handlers.sendContactMessage.run(
        { email: 'visitor@example.com', message: 'Hello there, a question for you.' },
        { ...context.as(null), limits, senderAddress: `2001:db8:1:2::${n}` },
      );
    for (let n = 1; n <= 3; n++) await send(n);
    await expect(send(4)).rejects.toMatchObject({ code: 'resource-exhausted' });
    await expect(
      handlers.sendContactMessage.run(
        { email: 'visitor@example.com', message: 'Hello there, a question for you.' },
        { ...context.as(null), limits, senderAddress: '2001:db8:1:3::1' },
      ),
    ).resolves.toEqual({ sent: true });
    expect(await context.store.query('contact')).toHaveLength(4);
  });

  it('limits a visitor whose address the host could not tell, rather than letting them through', async () => {
    const context = testContext();
    const limits = new RateLimiter();
    const send = () =>
      handlers.sendContactMessage.run(
        { email: 'visitor@example.com', message: 'Hello there, a question for you.' },
        { ...context.as(null), limits },
      );
    for (let n = 1; n <= 3; n++) await send();
    await expect(send()).rejects.toMatchObject({ code: 'resource-exhausted' });
  });
});
