import { describe, expect, it } from 'vitest';
import type { Message } from 'firebase-admin/messaging';
import { fcmMessage, fcmSender } from './fcm-sender';

const message = {
  title: 'Photorater',
  body: 'You have 2 new votes',
  url: '/photos?photo=p1',
  tag: 'new-votes',
};

describe('pushing through Firebase Cloud Messaging', () => {
  it('sends data only, for the app’s service worker to show', async () => {
    const sent: Message[] = [];
    const sender = fcmSender({ send: async (each) => (sent.push(each), 'projects/p/messages/1') });
    await expect(sender.send('owner', 'device-token', message)).resolves.toBe('sent');
    expect(sent).toEqual([fcmMessage('device-token', message)]);
    expect(sent[0]).toMatchObject({
      token: 'device-token',
      data: message,
      webpush: { headers: { Urgency: 'high' } },
    });
    expect(sent[0]).not.toHaveProperty('notification');
  });

  it('reports a dead token as gone and passes on any other failure', async () => {
    for (const code of [
      'messaging/registration-token-not-registered',
      'messaging/invalid-registration-token',
    ]) {
      const sender = fcmSender({
        send: async () => Promise.reject(Object.assign(new Error(code), { code })),
      });
      await expect(sender.send('owner', 'dead', message)).resolves.toBe('gone');
    }
    const unavailable = Object.assign(new Error('unavailable'), { code: 'messaging/server-unavailable' });
    const sender = fcmSender({ send: async () => Promise.reject(unavailable) });
    await expect(sender.send('owner', 'device-token', message)).rejects.toBe(unavailable);
  });
});
