/**
 * Which screen or component asked for something, read from a stack trace: the first frame in a
 * feature, the app or a shared component, by its file's name (in a build, its chunk's name).
 */
export interface CallSite {
  component: string;
  feature: string | null;
}

const SOURCE_FRAME = /\/src\/(features\/([\w-]+)\/|app\/|components\/)(?:[\w-]+\/)*([\w-]+)\.tsx?/;
// A build's chunks are named after their first module, with a hash: /assets/rate-page-B1x2y3z4.js.
const CHUNK_FRAME = /\/assets\/([\w-]+?)-[\w-]{8}\.js/;
const NOT_A_SCREEN =
  /\/src\/(data|lib|domain)\/|node_modules|\/assets\/(index|vendor|firebase|call-site)[-.]/;

export function callSite(stack: string | null | undefined): CallSite {
  const frames = (stack ?? '').split('\n').slice(1);
  for (const frame of frames) {
    const source = SOURCE_FRAME.exec(frame);
    if (source?.[3]) return { component: source[3], feature: source[2] ?? null };
  }
  for (const frame of frames) {
    if (NOT_A_SCREEN.test(frame)) continue;
    const chunk = CHUNK_FRAME.exec(frame);
    if (chunk?.[1]) return { component: chunk[1], feature: null };
  }
  return { component: 'unknown', feature: null };
}
