/**
 * Face analysis with the models shipped in @vladmandic/face-api, on TensorFlow.js's WASM backend:
 * no native binaries, no network at run time. Fills the spec's faceDetail from the largest face.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as FaceApiModule from '@vladmandic/face-api';
import type { FaceDetail } from '../../../src/domain/photo';
import type { RawImage } from './image-pipeline';
import { loadTensorFlow, type Tf } from './tensorflow';

export interface FaceAnalyzer {
  /** The largest face's detail, or null when the image has no face. */
  analyze(image: RawImage): Promise<FaceDetail | null>;
}

const require = createRequire(import.meta.url);

type FaceApi = typeof FaceApiModule;

let loading: Promise<{ faceapi: FaceApi; tf: Tf }> | undefined;

/** Loads TensorFlow's WASM backend and the four models once per process. */
function load(): Promise<{ faceapi: FaceApi; tf: Tf }> {
  loading ??= (async () => {
    const tf = await loadTensorFlow();
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await Promise.all([
      faceapi.nets.ssdMobilenetv1.loadFromDisk(models),
      faceapi.nets.faceLandmark68Net.loadFromDisk(models),
      faceapi.nets.ageGenderNet.loadFromDisk(models),
      faceapi.nets.faceExpressionNet.loadFromDisk(models),
    ]);
    return { faceapi, tf };
  })();
  return loading;
}

/** Faces looking down or aside score 0.3 to 0.5; scenes without faces stay far below. */
const MIN_FACE_CONFIDENCE = 0.3;

const EMOTION_TYPES: Record<string, string> = {
  neutral: 'CALM',
  happy: 'HAPPY',
  sad: 'SAD',
  angry: 'ANGRY',
  fearful: 'FEAR',
  disgusted: 'DISGUSTED',
  surprised: 'SURPRISED',
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function luminance(image: RawImage, x: number, y: number): number {
  const at = (y * image.width + x) * 3;
  return 0.299 * image.data[at]! + 0.587 * image.data[at + 1]! + 0.114 * image.data[at + 2]!;
}

function clampBox(image: RawImage, box: Box): Box {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  return {
    x,
    y,
    width: Math.max(1, Math.min(image.width - x, Math.floor(box.width))),
    height: Math.max(1, Math.min(image.height - y, Math.floor(box.height))),
  };
}

/** Mean luminance (0-255) and the variance of a 4-neighbour Laplacian (how much fine detail) in a box. */
export function regionStats(image: RawImage, region: Box): { mean: number; detail: number } {
  const box = clampBox(image, region);
  let sum = 0;
  let count = 0;
  let lapSum = 0;
  let lapSquares = 0;
  let lapCount = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const value = luminance(image, x, y);
      sum += value;
      count++;
      if (x > 0 && y > 0 && x < image.width - 1 && y < image.height - 1) {
        const lap =
          luminance(image, x - 1, y) +
          luminance(image, x + 1, y) +
          luminance(image, x, y - 1) +
          luminance(image, x, y + 1) -
          4 * value;
        lapSum += lap;
        lapSquares += lap * lap;
        lapCount++;
      }
    }
  }
  const lapMean = lapCount ? lapSum / lapCount : 0;
  return { mean: count ? sum / count : 0, detail: lapCount ? lapSquares / lapCount - lapMean * lapMean : 0 };
}

interface Point {
  x: number;
  y: number;
}

const centre = (points: Point[]): Point => ({
  x: points.reduce((total, point) => total + point.x, 0) / points.length,
  y: points.reduce((total, point) => total + point.y, 0) / points.length,
});

/**
 * The model has no beard classifier, so this compares the jaw below the mouth with the cheeks: a beard
 * is darker and more textured than the skin above it. A measured guess, with a confidence to match.
 */
function beardFrom(image: RawImage, landmarks: Point[], face: Box): FaceDetail['Beard'] {
  const mouthBottom = Math.max(...landmarks.slice(48, 60).map((point) => point.y));
  const chin = landmarks[8]!;
  const jaw = {
    x: landmarks[5]!.x,
    y: mouthBottom,
    width: landmarks[11]!.x - landmarks[5]!.x,
    height: chin.y - mouthBottom,
  };
  const noseTip = landmarks[33]!;
  const cheekHeight = face.height * 0.12;
  const left = {
    x: landmarks[1]!.x + face.width * 0.05,
    y: noseTip.y - cheekHeight,
    width: face.width * 0.15,
    height: cheekHeight,
  };
  const right = {
    x: landmarks[15]!.x - face.width * 0.2,
    y: noseTip.y - cheekHeight,
    width: face.width * 0.15,
    height: cheekHeight,
  };
  if (jaw.width <= 2 || jaw.height <= 2) return { Value: false, Confidence: 50 };
  const jawStats = regionStats(image, jaw);
  const cheeks = [regionStats(image, left), regionStats(image, right)];
  const cheekMean = (cheeks[0]!.mean + cheeks[1]!.mean) / 2;
  const cheekDetail = (cheeks[0]!.detail + cheeks[1]!.detail) / 2;
  const darker = (cheekMean - jawStats.mean) / Math.max(cheekMean, 1);
  const textured = jawStats.detail / Math.max(cheekDetail, 1);
  const score = Math.max(-1, Math.min(1, darker * 4 + (textured - 1.5) * 0.2));
  return { Value: score > 0.25, Confidence: round(50 + Math.abs(score) * 45) };
}

export function createFaceAnalyzer(): FaceAnalyzer {
  return {
    async analyze(image) {
      const { faceapi, tf } = await load();
      const tensor = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
      try {
        const faces = await faceapi
          .detectAllFaces(
            tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0],
            new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_FACE_CONFIDENCE }),
          )
          .withFaceLandmarks()
          .withFaceExpressions()
          .withAgeAndGender();
        const face = faces.sort((a, b) => b.detection.box.area - a.detection.box.area)[0];
        if (!face) return null;
        const box = face.detection.box;
        const points = face.landmarks.positions.map(({ x, y }) => ({ x, y }));
        const leftEye = centre(points.slice(36, 42));
        const rightEye = centre(points.slice(42, 48));
        const expressions = Object.entries(face.expressions as unknown as Record<string, number>).sort(
          (a, b) => b[1] - a[1],
        );
        const happy = (face.expressions as unknown as Record<string, number>).happy ?? 0;
        const quality = regionStats(image, box);
        return {
          AgeRange: { Low: Math.max(0, Math.floor(face.age - 3)), High: Math.ceil(face.age + 3) },
          Gender: {
            Value: face.gender === 'female' ? 'Female' : 'Male',
            Confidence: round(face.genderProbability * 100),
          },
          Smile: { Value: happy >= 0.5, Confidence: round((happy >= 0.5 ? happy : 1 - happy) * 100) },
          Emotions: expressions.map(([type, confidence]) => ({
            Type: EMOTION_TYPES[type] ?? type.toUpperCase(),
            Confidence: round(confidence * 100),
          })),
          Pose: { Roll: round((Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x) * 180) / Math.PI) },
          Quality: {
            Brightness: round((quality.mean / 255) * 100),
            Sharpness: round((quality.detail / (quality.detail + 100)) * 100),
          },
          Beard: beardFrom(image, points, box),
          YoungestAge: round(Math.min(...faces.map((each) => each.age))),
        };
      } finally {
        tensor.dispose();
      }
    },
  };
}
