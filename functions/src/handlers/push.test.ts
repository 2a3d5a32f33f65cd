import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../src/domain/notifications';
import type { PushMessage } from '../../../src/domain/push';
import type { User } from '../../../src/domain/user';
import { seedMember, testContext } from '../testing';
import { notificationIdsOf, pushNotification, pushVote, voteIdsOf, type PushSender } from './push';

const DAY = 24 * 60 * 60 * 1000;

function recordingSender(answer: 'sent' | 'gone' = 'sent') {
  const sent: Array<{ uid: string; token: string; message: PushMessage }> = [];
  const sender: PushSender = {
    send: async (uid, token, message) => {
      sent.push({ uid, token, message });
      return answer;
    },
  };
  return { sent, sender };
}

async function pushSetup(answer: 'sent' | 'gone' = 'sent', tokenAgeDays = 1) {
  const context = testContext();
  const { sent, sender } = recordingSender(answer);
  await seedMember(context.store, 'owner', {
    newVotes: 1,
    messagingToken: 'owner-device',
    messagingTokenUpdated: new Date(context.clock.now().getTime() - tokenAgeDays * DAY),
  });
  await seedMember(context.store, 'voter');
  return { context, sent, push: { store: context.store, clock: context.clock, sender } };
}

const reply = (overrides: Partial<AppNotification> = {}): AppNotification => ({
  title: 'Photorater',
  body: 'A voter replied to you on “Sunday hike”',
  photoId: 'photo-1',
  photoOwnerId: 'owner',
  at: new Date('2026-11-22T10:00:00Z'),
  // A voter's message names no sender.
  fromUserId: null,
  ...overrides,
});

describe('push for a new notification', () => {
  it('sends the notification as the bell shows it, opening the photo', async () => {
    const { sent, push } = await pushSetup();
    await pushNotification(push, 'owner', reply());
    expect(sent).toEqual([
      {
        uid: 'owner',
        token: 'owner-device',
        message: {
          title: 'Photorater',
          body: 'A voter replied to you on “Sunday hike”',
          url: '/photos?photo=photo-1',
        },
      },
    ]);
  });

  it("opens someone else's photo at its public preview", async () => {
    const { context, sent, push } = await pushSetup();
    await seedMember(context.store, 'rater', {
      messagingToken: 'rater-device',
      messagingTokenUpdated: context.clock.now(),
    });
    await pushNotification(push, 'rater', reply({ fromUserId: 'owner' }));
    expect(sent[0]?.message.url).toBe('/photo/photo-1?referrer=owner');
  });

  it('sends nothing for one’s own act, without a token, or with a token older than 30 days', async () => {
    const own = await pushSetup();
    await pushNotification(own.push, 'owner', reply({ fromUserId: 'owner' }));
    expect(own.sent).toEqual([]);

    const none = await pushSetup();
    await pushNotification(none.push, 'voter', reply({ fromUserId: 'owner' }));
    expect(none.sent).toEqual([]);

    const expired = await pushSetup('sent', 31);
    await pushNotification(expired.push, 'owner', reply());
    expect(expired.sent).toEqual([]);

    // Older than 7 days is due a refresh by the app, but still works.
    const stale = await pushSetup('sent', 8);
    await pushNotification(stale.push, 'owner', reply());
    expect(stale.sent).toHaveLength(1);
  });

  it('drops a token the push service reports dead, unless a new one was stored meanwhile', async () => {
    const { context, push } = await pushSetup('gone');
    await pushNotification(push, 'owner', reply());
    const owner = await context.store.get<User>('users/owner');
    expect(owner?.messagingToken).toBeNull();
    expect(owner?.messagingTokenUpdated).toBeNull();

    const renewed = await pushSetup();
    const racing: PushSender = {
      send: async () => {
        // The member enables notifications again while the dead token's answer is on its way.
        await renewed.context.store.runTransaction(async (tx) => {
          tx.update('users/owner', { messagingToken: 'new-device' });
        });
        return 'gone';
      },
    };
    await pushNotification({ ...renewed.push, sender: racing }, 'owner', reply());
    expect((await renewed.context.store.get<User>('users/owner'))?.messagingToken).toBe('new-device');
  });
});

describe('push for new votes', () => {
  const vote = (voteId: string) => ({ ownerId: 'owner', photoId: 'photo-1', voteId });

  it('tells the owner of new votes in the bell’s words, opening the photo, with one tag', async () => {
    const { sent, push } = await pushSetup();
    await pushVote(push, vote('voter'));
    expect(sent.map((each) => each.message)).toEqual([
      { title: 'Photorater', body: 'You have 1 new vote', url: '/photos?photo=photo-1', tag: 'new-votes' },
    ]);
  });

  it('makes a burst of votes one notification, and the next burst another', async () => {
    const { context, sent, push } = await pushSetup();
    await Promise.all(['v1', 'v2', 'v3', 'v4', 'v5'].map((voter) => pushVote(push, vote(voter))));
    context.clock.advanceMinutes(9);
    await pushVote(push, vote('v6'));
    expect(sent).toHaveLength(1);

    context.clock.advanceMinutes(1);
    await context.store.runTransaction(async (tx) => tx.update('users/owner', { newVotes: 7 }));
    await pushVote(push, vote('v7'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.message.body).toBe('You have 7 new votes');
  });

  it('sends nothing to a member without a usable token', async () => {
    const { sent, push } = await pushSetup();
    await pushVote(push, { ownerId: 'voter', photoId: 'photo-2' });
    expect(sent).toEqual([]);
  });
});

describe('the trigger paths', () => {
  it('name a notification and a vote, and nothing else', () => {
    expect(notificationIdsOf('users/u1/notifications/n1')).toEqual({ uid: 'u1', id: 'n1' });
    expect(voteIdsOf('users/u1/photos/p1/votes/v1')).toEqual({ ownerId: 'u1', photoId: 'p1', voteId: 'v1' });
    for (const path of ['users/u1', 'users/u1/photos/p1', 'users/u1/notifications', 'votes/v1']) {
      expect(notificationIdsOf(path)).toBeNull();
      expect(voteIdsOf(path)).toBeNull();
    }
  });
});

describe('push to every device the member enabled notifications on', () => {
  async function twoDevices(answers: Record<string, 'sent' | 'gone'>) {
    const context = testContext();
    const now = context.clock.now();
    const sent: string[] = [];
    const sender: PushSender = {
      send: async (_uid, token) => {
        sent.push(token);
        return answers[token] ?? 'sent';
      },
    };
    await seedMember(context.store, 'owner', {
      newVotes: 1,
      messagingToken: 'phone',
      messagingTokenUpdated: now,
      pushDevices: [
        { token: 'phone', updatedAt: now },
        { token: 'laptop', updatedAt: new Date(now.getTime() - DAY) },
        { token: 'old-tablet', updatedAt: new Date(now.getTime() - 40 * DAY) },
      ],
    });
    return { context, sent, push: { store: context.store, clock: context.clock, sender } };
  }

  it('sends a notification and a burst of votes to each usable device, not to an expired one', async () => {
    const { sent, push } = await twoDevices({});
    await pushNotification(push, 'owner', reply());
    expect(sent).toEqual(['phone', 'laptop']);
    sent.length = 0;
    await pushVote(push, { ownerId: 'owner', photoId: 'photo-1' });
    expect(sent).toEqual(['phone', 'laptop']);
  });

  it('drops only the device the push service reports dead', async () => {
    const { context, push } = await twoDevices({ laptop: 'gone' });
    await pushNotification(push, 'owner', reply());
    const owner = (await context.store.get<User>('users/owner'))!;
    expect(owner.pushDevices!.map((device) => device.token)).toEqual(['phone', 'old-tablet']);
    expect(owner.messagingToken).toBe('phone');
  });
});
