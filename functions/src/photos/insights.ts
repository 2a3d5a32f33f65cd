/**
 * AI insights about a photo (spec 1, section 3). Two writers behind one interface: an
 * OpenAI-compatible chat API when configured (AI_API_KEY, AI_BASE_URL, AI_MODEL), and an offline
 * writer that composes them from the face analysis with fixed templates, the same way every time.
 */
import * as yup from 'yup';
import type { AiInsights, FaceDetail } from '../../../src/domain/photo';
import { askForJson, chatOptionsFromEnv, type ChatOptions } from './ai-chat';

export interface InsightsWriter {
  write(faceDetail: FaceDetail, caption?: string): Promise<AiInsights>;
}

const insightsSchema: yup.ObjectSchema<AiInsights> = yup.object({
  photoVibe: yup.string().required(),
  personalityTraits: yup.array(yup.string().required()).min(1).required(),
  celebrityLookAlikes: yup.array(yup.string().required()).required(),
  funFacts: yup.array(yup.string().required()).required(),
  zodiacVibes: yup
    .object({
      primarySign: yup.string().required(),
      reason: yup.string().required(),
      compatibility: yup.string().required(),
    })
    .required(),
  datingAppOptimization: yup
    .object({
      swipeability: yup.string().required(),
      strengths: yup.array(yup.string().required()).required(),
      suggestions: yup.array(yup.string().required()).required(),
    })
    .required(),
  mysticalReadings: yup
    .object({
      aura: yup.string().required(),
      element: yup.string().required(),
      spirit_animal: yup.string().required(),
    })
    .required(),
  styleAnalysis: yup
    .object({
      vibe: yup.string().required(),
      standoutFeature: yup.string().required(),
      colors: yup.array(yup.string().required()).required(),
    })
    .required(),
  emotions: yup.object({ primary: yup.string().required(), energy: yup.string().required() }).required(),
});

/** A stable number from the face analysis, so the offline writer says the same of the same photo. */
function seedOf(detail: FaceDetail): number {
  const text = JSON.stringify([
    detail.AgeRange,
    detail.Gender,
    detail.Smile,
    detail.Emotions[0],
    detail.Pose,
    detail.Quality,
  ]);
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

const pick = <T>(items: readonly T[], seed: number, offset = 0): T =>
  items[(seed + offset * 7919) % items.length]!;

const BY_EMOTION: Record<
  string,
  { vibe: string; traits: string[]; energy: string; aura: string; element: string; animal: string }
> = {
  HAPPY: {
    vibe: 'Warm and approachable',
    traits: ['friendly', 'cheerful', 'outgoing', 'optimistic', 'sociable'],
    energy: 'Bright and upbeat',
    aura: 'Golden yellow',
    element: 'Fire',
    animal: 'Dolphin',
  },
  CALM: {
    vibe: 'Calm and self-assured',
    traits: ['composed', 'thoughtful', 'reliable', 'grounded', 'observant'],
    energy: 'Steady and relaxed',
    aura: 'Soft blue',
    element: 'Water',
    animal: 'Owl',
  },
  SURPRISED: {
    vibe: 'Curious and spontaneous',
    traits: ['curious', 'playful', 'open-minded', 'expressive', 'adventurous'],
    energy: 'Lively and alert',
    aura: 'Electric violet',
    element: 'Air',
    animal: 'Fox',
  },
  SAD: {
    vibe: 'Soulful and reflective',
    traits: ['sensitive', 'deep', 'empathetic', 'artistic', 'sincere'],
    energy: 'Quiet and introspective',
    aura: 'Indigo',
    element: 'Water',
    animal: 'Swan',
  },
  ANGRY: {
    vibe: 'Intense and determined',
    traits: ['driven', 'bold', 'assertive', 'passionate', 'direct'],
    energy: 'Fierce and focused',
    aura: 'Crimson',
    element: 'Fire',
    animal: 'Wolf',
  },
  FEAR: {
    vibe: 'Cautious and gentle',
    traits: ['careful', 'gentle', 'attentive', 'humble', 'kind'],
    energy: 'Soft and watchful',
    aura: 'Silver',
    element: 'Air',
    animal: 'Deer',
  },
  DISGUSTED: {
    vibe: 'Discerning and candid',
    traits: ['honest', 'discerning', 'witty', 'independent', 'frank'],
    energy: 'Sharp and candid',
    aura: 'Emerald',
    element: 'Earth',
    animal: 'Cat',
  },
};

const SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];
const COLORS = [
  'navy',
  'white',
  'black',
  'olive',
  'burgundy',
  'beige',
  'denim blue',
  'charcoal',
  'cream',
  'forest green',
];

/**
 * How the face model's confidence in the main emotion reads to a person: a word, not a percentage of
 * a face, which no expression is ("100% sad").
 */
export function expressionLine(emotion: string, confidence: number): string {
  const degree = confidence >= 85 ? 'clearly' : confidence >= 55 ? 'mostly' : 'a little';
  return `Your expression comes across as ${degree} ${emotion}.`;
}

export const offlineInsightsWriter: InsightsWriter = {
  async write(detail, caption) {
    const seed = seedOf(detail);
    const primary = detail.Emotions[0]?.Type ?? 'CALM';
    const mood = BY_EMOTION[primary] ?? BY_EMOTION.CALM!;
    const smiling = detail.Smile.Value;
    const sharp = detail.Quality.Sharpness >= 50;
    const bright = detail.Quality.Brightness >= 45;
    const tilted = Math.abs(detail.Pose.Roll) > 10;
    const sign = pick(SIGNS, seed);
    const age = `${detail.AgeRange.Low}-${detail.AgeRange.High}`;
    const suggestions = [
      ...(sharp ? [] : ['Use a sharper photo: hold still or tap to focus on your eyes.']),
      ...(bright ? [] : ['Find more light: face a window or shoot outdoors in the shade.']),
      ...(tilted ? ['Straighten your head a little: a level gaze reads as more confident.'] : []),
      ...(smiling ? [] : ['Try one with a natural smile: smiles tend to get warmer votes.']),
    ];
    return {
      photoVibe: `${mood.vibe}${caption ? `, matching "${caption}"` : ''}`,
      personalityTraits: mood.traits,
      celebrityLookAlikes: [],
      funFacts: [
        `Voters will likely guess your age at ${age}.`,
        smiling
          ? 'Your smile is the first thing people notice here.'
          : 'Your expression here is more mysterious than smiley.',
        expressionLine(primary.toLowerCase(), detail.Emotions[0]?.Confidence ?? 0),
      ],
      zodiacVibes: {
        primarySign: sign,
        reason: `Its ${mood.energy.toLowerCase()} mood is one people link with ${sign}, just for fun.`,
        compatibility: `${pick(SIGNS, seed, 1)} and ${pick(SIGNS, seed, 2)}`,
      },
      datingAppOptimization: {
        swipeability: smiling && sharp && bright ? 'High' : sharp || smiling ? 'Medium' : 'Could be higher',
        strengths: [
          ...(smiling ? ['A genuine smile'] : []),
          ...(sharp ? ['Crisp focus on your face'] : []),
          ...(bright ? ['Good light on your face'] : []),
          ...(tilted ? [] : ['A straight, confident pose']),
        ],
        suggestions: suggestions.length ? suggestions : ['Keep it: this one is ready for your profile.'],
      },
      mysticalReadings: { aura: mood.aura, element: mood.element, spirit_animal: mood.animal },
      styleAnalysis: {
        vibe: pick(['Casual', 'Smart casual', 'Classic', 'Relaxed', 'Modern'], seed, 3),
        standoutFeature: smiling ? 'Your smile' : 'Your eyes',
        colors: [pick(COLORS, seed, 4), pick(COLORS, seed, 5)],
      },
      emotions: { primary: primary.toLowerCase(), energy: mood.energy },
    };
  },
};

/** An OpenAI-compatible chat completions client that asks for the insights as one JSON object. */
export function chatInsightsWriter(options: ChatOptions): InsightsWriter {
  return {
    async write(detail, caption) {
      const answer = await askForJson(options, {
        system:
          'You write short, kind, playful insights about a profile photo for its owner. Answer with one JSON object with the keys photoVibe, personalityTraits, celebrityLookAlikes, funFacts, zodiacVibes {primarySign, reason, compatibility}, datingAppOptimization {swipeability, strengths, suggestions}, mysticalReadings {aura, element, spirit_animal}, styleAnalysis {vibe, standoutFeature, colors}, emotions {primary, energy}.',
        user: JSON.stringify({ faceAnalysis: detail, caption: caption ?? null }),
        timeoutMs: 30_000,
        what: 'insights',
      });
      return insightsSchema.validate(answer, { stripUnknown: true });
    },
  };
}

/** The configured writer: the chat API when a key is set, else the offline one. */
export function insightsWriterFromEnv(env: NodeJS.ProcessEnv = process.env): InsightsWriter {
  const options = chatOptionsFromEnv(env);
  return options ? chatInsightsWriter(options) : offlineInsightsWriter;
}
