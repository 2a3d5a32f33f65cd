/**
 * Content screening with nsfwjs's MobileNetV2Mid model, which ships in the npm package as JavaScript
 * (no network at run time, no image leaves the server), on the TensorFlow.js WASM backend that face
 * analysis uses. Chosen over MobileNetV2 and InceptionV3 by measurement on this machine (README,
 * "Content screening"): half MobileNetV2's time per image at ~40 MB more memory, with the six sample
 * faces far below the explicit classes; InceptionV3 takes over a second per image and 400 MB.
 */
import { createRequire } from 'node:module';
import type * as NsfwCore from 'nsfwjs/core';
import type { ModelDefinition, NSFWJS, PredictionType } from 'nsfwjs/core';
import { CONTENT_CLASSES, type ContentScores } from '../../../src/domain/screening';
import type { RawImage } from './image-pipeline';
import { loadTensorFlow } from './tensorflow';

export interface ContentClassifier {
  /** The model's probability for each of its five classes. */
  classify(image: RawImage): Promise<ContentScores>;
}

const require = createRequire(import.meta.url);
const INPUT_SIZE = 224;

let loading: Promise<NSFWJS> | undefined;

function load(): Promise<NSFWJS> {
  loading ??= (async () => {
    await loadTensorFlow();
    // Through require, as TensorFlow itself, so both share one backend; only this model's files load.
    const { load: loadModel } = require('nsfwjs/core') as typeof NsfwCore;
    const { MobileNetV2MidModel } = require('nsfwjs/models/mobilenet_v2_mid') as {
      MobileNetV2MidModel: ModelDefinition;
    };
    return loadModel(MobileNetV2MidModel.name, { modelDefinitions: [MobileNetV2MidModel], size: INPUT_SIZE });
  })();
  return loading;
}

export function createContentClassifier(): ContentClassifier {
  return {
    async classify(image) {
      const [tf, model] = await Promise.all([loadTensorFlow(), load()]);
      // The analysis copy (at most 1024 on its long side); the model resizes it to its 224 x 224 input.
      const tensor = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
      try {
        const predictions: PredictionType[] = await model.classify(tensor, CONTENT_CLASSES.length);
        const scores = Object.fromEntries(CONTENT_CLASSES.map((name) => [name, 0])) as ContentScores;
        for (const { className, probability } of predictions) scores[className] = probability;
        return scores;
      } finally {
        tensor.dispose();
      }
    },
  };
}
