/**
 * The local server's limits as a flooder meets them over HTTP: what the client writes in headers names
 * no sender, throwaway accounts share their address's day of Contact us.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_MESSAGES_PER_SENDER_PER_DAY } from '../../../src/domain/contact';
import { seedMember } from '../testing';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

let test: TestServer | undefined;

afterEach(async () => {
  await test?.close();
  test = undefined;
});

const message = { data: { message: 'Hello there, a question for you.' } };

describe('Contact us on the local server, flooded', () => {
  it('gives five throwaway accounts on one address one share of the day between them', async () => {
    test = await startTestServer();
    const answers = [];
    for (let account = 1; account <= 5; account++) {
      await seedMember(test.context.store, `throwaway${account}`);
      for (let n = 0; n < 3; n++)
        answers.push(await test.post('sendContactMessage', message, `token-throwaway${account}`));
    }
    const sent = answers.filter((answer) => answer.status === 200);
    expect(sent).toHaveLength(CONTACT_MESSAGES_PER_SENDER_PER_DAY);
    expect(answers.at(-1)).toMatchObject({
      status: 429,
      body: { error: { message: CONTACT_MESSAGES.senderFull } },
    });
    expect(await test.context.store.query('contact')).toHaveLength(CONTACT_MESSAGES_PER_SENDER_PER_DAY);
  });

  it("names the sender by the connection, never by the client's X-Forwarded-For", async () => {
    test = await startTestServer();
    const statuses = [];
    for (let n = 1; n <= 6; n++) {
      const response = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/sendContactMessage`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${n}` },
        body: JSON.stringify(message),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
