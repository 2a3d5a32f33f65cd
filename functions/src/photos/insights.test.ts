import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceDetail } from '../../../src/domain/photo';
import { chatOptionsFromEnv } from './ai-chat';
import { chatInsightsWriter, expressionLine, insightsWriterFromEnv, offlineInsightsWriter } from './insights';

const smiling: FaceDetail = {
  AgeRange: { Low: 24, High: 30 },
  Gender: { Value: 'Female', Confidence: 97 },
  Smile: { Value: true, Confidence: 91 },
  Emotions: [
    { Type: 'HAPPY', Confidence: 91 },
    { Type: 'CALM', Confidence: 7 },
  ],
  Pose: { Roll: 2 },
  Quality: { Brightness: 62, Sharpness: 71 },
  Beard: { Value: false, Confidence: 80 },
};

describe('the offline insights writer', () => {
  it('writes every field from the face analysis, the same way every time', async () => {
    const first = await offlineInsightsWriter.write(smiling, 'Sunday at the lake');
    expect(await offlineInsightsWriter.write(smiling, 'Sunday at the lake')).toEqual(first);
    expect(first.photoVibe).toBe('Warm and approachable, matching "Sunday at the lake"');
    expect(first.personalityTraits.length).toBeGreaterThanOrEqual(4);
    expect(first.emotions).toEqual({ primary: 'happy', energy: 'Bright and upbeat' });
    expect(first.datingAppOptimization.swipeability).toBe('High');
    expect(first.funFacts[0]).toBe('Voters will likely guess your age at 24-30.');
    expect(first.zodiacVibes.primarySign).toMatch(/^[A-Z][a-z]+$/);
    // Read as a person would say it: no "91% of your expression", no "very Leo".
    expect(first.funFacts[2]).toBe('Your expression comes across as clearly happy.');
    expect(first.funFacts.join(' ')).not.toMatch(/%/);
    expect(first.zodiacVibes.reason).toBe(
      `Its bright and upbeat mood is one people link with ${first.zodiacVibes.primarySign}, just for fun.`,
    );
    expect(first.mysticalReadings).toEqual({
      aura: 'Golden yellow',
      element: 'Fire',
      spirit_animal: 'Dolphin',
    });
  });

  it('says how clear an expression is in words', () => {
    expect(expressionLine('sad', 100)).toBe('Your expression comes across as clearly sad.');
    expect(expressionLine('calm', 60)).toBe('Your expression comes across as mostly calm.');
    expect(expressionLine('surprised', 30)).toBe('Your expression comes across as a little surprised.');
  });

  it('suggests what would improve a dim, blurry, tilted, unsmiling photo', async () => {
    const insights = await offlineInsightsWriter.write({
      ...smiling,
      Smile: { Value: false, Confidence: 80 },
      Emotions: [{ Type: 'CALM', Confidence: 88 }],
      Pose: { Roll: 18 },
      Quality: { Brightness: 20, Sharpness: 10 },
    });
    expect(insights.datingAppOptimization.swipeability).toBe('Could be higher');
    expect(insights.datingAppOptimization.suggestions).toHaveLength(4);
    expect(insights.photoVibe).toBe('Calm and self-assured');
  });
});

describe('the chat insights writer', () => {
  const requests: Array<{
    url: string;
    authorization: string;
    body: { model: string; messages: Array<{ content: string }> };
  }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      requests.push({
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        body: JSON.parse(text),
      });
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(answer.body));
    });
  });
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks the chat API for JSON and returns the insights it sends', async () => {
    const expected = await offlineInsightsWriter.write(smiling);
    answer = {
      status: 200,
      body: { choices: [{ message: { content: JSON.stringify({ ...expected, extra: 'ignored' }) } }] },
    };
    const writer = chatInsightsWriter({ apiKey: 'test-key', baseUrl, model: 'test-model' });
    expect(await writer.write(smiling, 'Hello')).toEqual(expected);
    const sent = requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer test-key');
    expect(sent.body.model).toBe('test-model');
    expect(JSON.parse(sent.body.messages[1]!.content)).toEqual({ faceAnalysis: smiling, caption: 'Hello' });
  });

  it('fails on an error status, an empty answer or insights missing fields', async () => {
    const writer = chatInsightsWriter({ apiKey: 'k', baseUrl, model: 'm' });
    answer = { status: 500, body: { error: 'down' } };
    await expect(writer.write(smiling)).rejects.toThrow('The AI text service answered 500.');
    answer = { status: 200, body: { choices: [] } };
    await expect(writer.write(smiling)).rejects.toThrow('The AI text service sent no insights.');
    answer = {
      status: 200,
      body: { choices: [{ message: { content: JSON.stringify({ photoVibe: 'only this' }) } }] },
    };
    await expect(writer.write(smiling)).rejects.toThrow();
  });

  it('is chosen only when a key is configured', () => {
    expect(insightsWriterFromEnv({})).toBe(offlineInsightsWriter);
    expect(insightsWriterFromEnv({ AI_API_KEY: 'k' })).not.toBe(offlineInsightsWriter);
  });

  it('is not chosen for a blank key, the value a secret gets for a service left off', () => {
    expect(insightsWriterFromEnv({ AI_API_KEY: '\n' })).toBe(offlineInsightsWriter);
    expect(chatOptionsFromEnv({ AI_API_KEY: ' k\n' })?.apiKey).toBe('k');
  });
});
