/**
 * TensorFlow.js on its WASM backend, loaded once per process at the first image that needs it: face
 * analysis and content screening share it, and the functions that never see an image start without it.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as TfModule from '@tensorflow/tfjs';
import type * as WasmModule from '@tensorflow/tfjs-backend-wasm';

export type Tf = typeof TfModule;

const require = createRequire(import.meta.url);
let loading: Promise<Tf> | undefined;

export function loadTensorFlow(): Promise<Tf> {
  loading ??= (async () => {
    // Through require: face-api's and nsfwjs's Node builds require the CommonJS TensorFlow, and a second,
    // ESM copy would register its kernels twice and leave the models on a backend without them.
    const tf = require('@tensorflow/tfjs') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof WasmModule;
    wasm.setWasmPaths(
      `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
    );
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return loading;
}
