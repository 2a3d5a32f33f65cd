/**
 * nsfwjs MobileNetV2Mid's real outputs (TensorFlow.js WASM backend), recorded on the face package's
 * sample photos and crops of them, so the screening rule and the pipeline are tested with figures the
 * model gives rather than made-up ones.
 */
import type { ContentScores } from './screening';

/**
 * The six sample photos, whole, with the age the screening reads for each: face-api's youngest estimate
 * among its faces (`ageEstimateOf`).
 */
export const SAMPLE_FACE_OUTPUTS: { scores: ContentScores; age: number }[] = [
  { scores: { Drawing: 0.8291, Neutral: 0.1597, Hentai: 0.01, Sexy: 0.0006, Porn: 0.0005 }, age: 22.9 },
  { scores: { Drawing: 0.7794, Hentai: 0.1817, Neutral: 0.0189, Sexy: 0.0134, Porn: 0.0067 }, age: 18.5 },
  { scores: { Drawing: 0.702, Hentai: 0.1653, Neutral: 0.0988, Sexy: 0.0218, Porn: 0.0121 }, age: 27.2 },
  { scores: { Drawing: 0.7581, Neutral: 0.1896, Hentai: 0.0365, Sexy: 0.0111, Porn: 0.0047 }, age: 22.1 },
  { scores: { Drawing: 0.698, Neutral: 0.1962, Porn: 0.0846, Hentai: 0.0138, Sexy: 0.0075 }, age: 21.8 },
  { scores: { Neutral: 0.8854, Sexy: 0.0715, Drawing: 0.0184, Porn: 0.0174, Hentai: 0.0074 }, age: 19.4 },
];

/** A close-up of bare legs cut from sample 2 (576, 820, 672 x 546): the model is nearly sure. */
export const BARE_LEGS_CLOSE_UP: ContentScores = {
  Porn: 0.8929,
  Sexy: 0.0455,
  Hentai: 0.0224,
  Neutral: 0.0215,
  Drawing: 0.0176,
};

/** The lower part of sample 3 (192, 810, 672 x 540), legs and a dress: borderline for the model. */
export const LOWER_HALF_OF_SAMPLE_3: ContentScores = {
  Porn: 0.4889,
  Drawing: 0.3078,
  Hentai: 0.1248,
  Neutral: 0.0652,
  Sexy: 0.0133,
};

/**
 * Sample 3 as the app's crop (13:14, centred) hands it to the server: an ordinary photo that the model
 * reads as drawn (Hentai 0.45), which the explicit score must pass.
 */
export const APP_CROP_OF_SAMPLE_3: ContentScores = {
  Hentai: 0.45,
  Drawing: 0.295,
  Neutral: 0.165,
  Sexy: 0.082,
  Porn: 0.007,
};
