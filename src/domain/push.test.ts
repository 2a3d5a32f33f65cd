import { describe, expect, it } from 'vitest';
import {
  devicePushState,
  pushDevicesOf,
  withPushDevice,
  notificationPush,
  PAYMENTS_NOTICE_LINK,
  photoLink,
  pushTokenState,
  readPushMessage,
  votesPush,
  votesPushDue,
  VOTES_PUSH_GROUP_MS,
  VOTES_PUSH_TAG,
} from './push';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-22T10:00:00Z');
const storedDaysAgo = (days: number) => ({
  messagingToken: 'token',
  messagingTokenUpdated: new Date(now.getTime() - days * DAY),
});

describe('a push token', () => {
  it('is used for 7 days, refreshed after that and expired after 30', () => {
    expect(pushTokenState({}, now)).toBe('missing');
    expect(pushTokenState(storedDaysAgo(7), now)).toBe('fresh');
    expect(pushTokenState(storedDaysAgo(7.01), now)).toBe('stale');
    expect(pushTokenState(storedDaysAgo(30), now)).toBe('stale');
    expect(pushTokenState(storedDaysAgo(30.01), now)).toBe('expired');
  });
});

describe('what is pushed', () => {
  it('opens the photo a note is about, or the profile for a note about payments', () => {
    const note = { title: 'Photorater', body: 'A voter replied to you on your photo', at: now };
    expect(notificationPush({ ...note, photoId: 'p1', photoOwnerId: 'owner' }, 'owner').url).toBe(
      '/photos?photo=p1',
    );
    expect(notificationPush(note, 'member').url).toBe(PAYMENTS_NOTICE_LINK);
    expect(PAYMENTS_NOTICE_LINK).toBe('/profile');
  });

  it("opens the member's own photo in My Photos and anyone else's at its public preview", () => {
    expect(photoLink('p 1', 'owner', 'owner')).toBe('/photos?photo=p%201');
    expect(photoLink('p1', 'owner', 'voter')).toBe('/photo/p1?referrer=owner');
  });

  it('groups votes: a burst within 10 minutes of the last votes notification adds none', () => {
    const sent = new Date('2026-11-22T10:00:00Z');
    expect(votesPushDue(undefined, sent)).toBe(true);
    expect(votesPushDue(sent, new Date(sent.getTime() + VOTES_PUSH_GROUP_MS - 1))).toBe(false);
    expect(votesPushDue(sent, new Date(sent.getTime() + VOTES_PUSH_GROUP_MS))).toBe(true);
    expect(votesPush(3, 'p1', 'owner')).toEqual({
      title: 'Photorater',
      body: 'You have 3 new votes',
      url: '/photos?photo=p1',
      tag: VOTES_PUSH_TAG,
    });
  });

  it('says one new vote in the singular', () => {
    expect(votesPush(1, 'p1', 'owner').body).toBe('You have 1 new vote');
    expect(votesPush(2, 'p1', 'owner').body).toBe('You have 2 new votes');
  });

  it("keeps each device's token, newest first, and tells whether this device is registered", () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const phone = { messagingToken: 'phone', messagingTokenUpdated: now };
    // A record from before devices were kept counts its one token.
    expect(pushDevicesOf(phone)).toEqual([{ token: 'phone', updatedAt: now }]);
    const devices = withPushDevice(phone, 'laptop', now);
    expect(devices.map((device) => device.token)).toEqual(['laptop', 'phone']);
    expect(devicePushState({ pushDevices: devices }, 'laptop', now)).toBe('fresh');
    expect(devicePushState({ pushDevices: devices }, 'tablet', now)).toBe('missing');
    expect(devicePushState({ pushDevices: devices }, null, now)).toBe('missing');
    expect(devicePushState({ pushDevices: devices }, 'phone', new Date(now.getTime() + 8 * 86_400_000))).toBe(
      'stale',
    );
  });

  it('reads a pushed message from the live channel or as Firebase Cloud Messaging wraps it, and nothing else', () => {
    const message = { title: 'Photorater', body: 'You have 1 new vote', url: '/photos?photo=p1' };
    expect(readPushMessage(message)).toEqual(message);
    expect(readPushMessage({ data: { ...message, tag: 'new-votes' }, from: '123' })).toEqual({
      ...message,
      tag: 'new-votes',
    });
    for (const url of ['https://elsewhere.example/', '//elsewhere.example/', 'javascript:alert(1)', 42]) {
      expect(readPushMessage({ ...message, url })).toBeNull();
    }
    expect(readPushMessage({ title: 1, body: 'x', url: '/' })).toBeNull();
    expect(readPushMessage(null)).toBeNull();
    expect(readPushMessage('text')).toBeNull();
  });
});
