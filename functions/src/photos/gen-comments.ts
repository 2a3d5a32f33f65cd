/**
 * AI comments on a photo (`generateGenComments`, spec 2 section 7): short, kind remarks a voter might
 * leave. Two writers behind one interface, as the insights have: an OpenAI-compatible chat API when
 * configured (AI_API_KEY, AI_BASE_URL, AI_MODEL), else offline templates fed by the face analysis.
 */
import * as yup from 'yup';
import type { FaceDetail } from '../../../src/domain/photo';
import { askForJson, chatOptionsFromEnv, type ChatOptions } from './ai-chat';

export interface CommentWriter {
  write(count: number, photo: { caption?: string; faceDetail?: FaceDetail }): Promise<string[]>;
}

const OPENINGS = ['Love', 'Really like', 'Great', 'Such', 'Nice', 'Beautiful', 'What', 'Lovely'];
const FEATURES_SMILING = ['smile', 'warm expression', 'happy vibe', 'friendly look', 'bright energy'];
const FEATURES_CALM = ['calm look', 'confident pose', 'steady gaze', 'relaxed vibe', 'natural look'];
const EXTRAS = [
  'the lighting works well here.',
  'the framing is spot on.',
  'feels genuine and approachable.',
  'it really stands out.',
  'this one would do great on a profile.',
  'the colours suit you.',
  'great choice of background.',
  'you look very natural.',
];
const CAPTION_NODS = [
  'Fits the caption perfectly',
  'The caption says it all',
  'Caption and photo match well',
];

/** Without an AI service: comments built from the face analysis and the caption, the same each time. */
export const offlineCommentWriter: CommentWriter = {
  async write(count, { caption, faceDetail }) {
    const features = faceDetail?.Smile.Value ? FEATURES_SMILING : FEATURES_CALM;
    const comments: string[] = [];
    for (let n = 0; n < count; n++) {
      if (caption && n % 7 === 3) {
        comments.push(`${CAPTION_NODS[n % CAPTION_NODS.length]}: “${caption}”.`);
        continue;
      }
      const opening = OPENINGS[n % OPENINGS.length]!;
      const feature = features[Math.floor(n / OPENINGS.length) % features.length]!;
      const extra = EXTRAS[(n * 3) % EXTRAS.length]!;
      comments.push(`${opening} ${feature}, ${extra}`);
    }
    return comments;
  },
};

const answerSchema = yup.object({
  comments: yup.array(yup.string().trim().max(500).required()).min(1).required(),
});

/** An OpenAI-compatible chat completions client that asks for the comments as one JSON object. */
export function chatCommentWriter(options: ChatOptions): CommentWriter {
  return {
    async write(count, { caption, faceDetail }) {
      const answer = await askForJson(options, {
        system: `You write ${count} short, kind, varied comments that people rating a profile photo might leave, each under 150 characters, never about the body. Answer with one JSON object {"comments": [..]}.`,
        user: JSON.stringify({ faceAnalysis: faceDetail ?? null, caption: caption ?? null }),
        timeoutMs: 30_000,
        what: 'comments',
      });
      const { comments } = await answerSchema.validate(answer, { stripUnknown: true });
      return comments.filter((comment) => comment.length > 0).slice(0, count);
    },
  };
}

/** The configured writer: the chat API when a key is set, else the offline one. */
export function commentWriterFromEnv(env: NodeJS.ProcessEnv = process.env): CommentWriter {
  const options = chatOptionsFromEnv(env);
  return options ? chatCommentWriter(options) : offlineCommentWriter;
}
