/**
 * What a new Cloud Functions instance costs (information, no target): the deploy bundle staged as Cloud
 * Build installs it, started in plain Node (functions/src/firebase/deploy-check.ts). A plain callable is
 * ready once the bundle has loaded; the photo pipeline (createPhoto) also loads sharp, TensorFlow's WASM
 * backend and the face models with its first photo. Medians of 3 starts each.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { coldStart, stageFunctions, type ColdStart } from '../functions/src/firebase/deploy-check';
import { samplePhoto } from '../functions/src/testing';
import { inScratchFolder, runWhenStarted } from './bench-kit';

const STARTS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchColdStart(): Promise<boolean[]> {
  const starts = await inScratchFolder('cold-start', async (dir) => {
    const entry = await stageFunctions(path.join(dir, 'functions'), { publicPages: false });
    const photo = path.join(dir, 'sample.jpg');
    writeFileSync(photo, samplePhoto(2));
    const measured: Array<{ callable: ColdStart; photo: ColdStart }> = [];
    for (let start = 0; start < STARTS; start++) measured.push(await coldStart(entry, photo));
    return measured;
  });
  console.log(`\nCold start of a functions instance (information; median of ${STARTS})`);
  for (const [label, kind] of [
    ['a plain callable (the bundle loaded)', 'callable'],
    ['the photo pipeline (and its first photo)', 'photo'],
  ] as const) {
    const ms = median(starts.map((start) => start[kind].ms));
    const rssMiB = median(starts.map((start) => start[kind].rssMiB));
    console.log(`${label.padEnd(48)} ${(ms / 1000).toFixed(2)} s   ${rssMiB.toFixed(0)} MiB`);
  }
  return [];
}

await runWhenStarted(import.meta.url, benchColdStart);
