/**
 * `npm run bench`: prints the product's measured figures against their targets.
 * Bundle: the gzip size of the JavaScript a visitor loads for the landing page, and of what a
 * signed-in member loads for the shell, built for Firebase mode (scripts/bench-bundle.ts). A functions
 * instance's cold start, for a plain callable and for the photo pipeline (scripts/bench-cold-start.ts).
 */
import { benchBundle } from './bench-bundle';

const KB = 1024;
const results = await benchBundle();

/** Upload pipeline: a 12-megapixel photo through decode, strip, resize and face analysis, on one core. */
async function benchPipeline(): Promise<boolean[]> {
  const { default: sharp } = await import('sharp');
  const { processImage } = await import('../functions/src/photos/image-pipeline');
  const { createFaceAnalyzer } = await import('../functions/src/photos/face-analysis');
  const { samplePhoto } = await import('../functions/src/testing');
  sharp.concurrency(1);
  const photo = await sharp(samplePhoto(2))
    .resize(4000, 3000, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const analyzer = createFaceAnalyzer();
  await analyzer.analyze((await processImage(photo)).analysis);
  const runs: number[] = [];
  let displayBytes = 0;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const processed = await processImage(photo);
    await analyzer.analyze(processed.analysis);
    runs.push(performance.now() - started);
    displayBytes = processed.display.length;
  }
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)]!;
  console.log('\nUpload pipeline (12 MP photo, one core, 7 runs)');
  console.log(
    `${'median decode + strip + resize + face analysis'.padEnd(48)} ${(median / 1000).toFixed(2)} s   target 1.5 s   ${median <= 1500 ? 'within' : 'OVER'}`,
  );
  console.log(
    `${'display image (WebP)'.padEnd(48)} ${(displayBytes / KB).toFixed(1)} KB   target 120 KB   ${displayBytes <= 120 * KB ? 'within' : 'OVER'}`,
  );
  return [median <= 1500, displayBytes <= 120 * KB];
}

results.push(...(await benchPipeline()));
results.push(...(await (await import('./bench-cold-start')).benchColdStart()));
const { benchRating } = await import('./bench-rating');
results.push(...(await benchRating()));
results.push(...(await (await import('./bench-vote-burst')).benchVoteBurst()));
const { benchAdmin } = await import('./bench-admin');
results.push(...(await benchAdmin()));
results.push(...(await (await import('./bench-compare')).benchCompare()));
results.push(...(await (await import('./bench-peers')).benchPeers()));
if (results.includes(false)) process.exitCode = 1;
