/**
 * The page's line of script that starts a member's first read as the HTML is parsed
 * (src/data/first-read.ts): the functions the app also calls, put in as their source text, with the
 * build's configuration (where the feed answers, Auth's storage key).
 */
import { paths } from '../src/config/paths';
import { callableUrl, memberOrigins, type AppEnv } from '../src/config/read-env';
import {
  AUTH_DATABASE,
  AUTH_STORE,
  authUserKey,
  KEPT_CALL_LIMIT_MS,
  KEPT_TOKEN_MARGIN_MS,
  PHOTO_FIRST_LIMIT_MS,
  PHOTO_PAINT_WAIT_MS,
  postWithToken,
  readStoredSession,
  startFirstRead,
  type FirstReadConfig,
} from '../src/data/first-read';
import { FIRST_READ_GLOBAL } from '../src/data/first-read-global';
import { DEFAULT_CAPTION, FEED_INITIAL_BATCH, leaderboardInput } from '../src/domain/rating';
import { drawFirstPhotoLayer, FIRST_PHOTO_LOOK, watchLayer } from '../src/lib/first-photo';
import { offlineCopyKey, storageKeys } from '../src/lib/storage';
import { drawFirstBoardLayer, FIRST_BOARD_LOOK } from '../src/lib/first-board';
import { photoSrcSet } from '../src/domain/photo';
import { SHOW_GENDERS } from '../src/domain/user';
import { drawScreenSnapshot, SNAPSHOT_LOOK, SNAPSHOT_SCREENS } from '../src/lib/screen-snapshot';

/** What the page's head starts with, for a build made with `config`. */
export function firstReadConfig(config: AppEnv): FirstReadConfig {
  return {
    globalName: FIRST_READ_GLOBAL,
    memberHintKey: storageKeys.memberHint,
    storage: { database: AUTH_DATABASE, store: AUTH_STORE, key: authUserKey(config.firebase.apiKey) },
    tokenMarginMs: KEPT_TOKEN_MARGIN_MS,
    callLimitMs: KEPT_CALL_LIMIT_MS,
    feed: { path: paths.rate, url: callableUrl('getPhotos', config), input: { limit: FEED_INITIAL_BATCH } },
    board: {
      path: paths.leaderboard,
      url: callableUrl('getLeaderboard', config),
      userCopyPrefix: offlineCopyKey('user.'),
      inputs: Object.fromEntries(SHOW_GENDERS.map((gender) => [gender, leaderboardInput(gender)])),
    },
    defaultCaption: DEFAULT_CAPTION,
    snapshotPaths: SNAPSHOT_SCREENS,
    photoFirstLimitMs: PHOTO_FIRST_LIMIT_MS,
    paintWaitMs: PHOTO_PAINT_WAIT_MS,
    origins: memberOrigins(config),
  };
}

/** JSON to put in a script element: no `<` that could end it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The line of script; anything it meets that it cannot do is left to the app, which asks itself. */
export function firstReadScript(config: FirstReadConfig): string {
  const watch = watchLayer.toString();
  const draw = `function(photo,pathname){return(${drawFirstPhotoLayer.toString()})(photo,pathname,${scriptJson(FIRST_PHOTO_LOOK)},${watch})}`;
  const drawBoard = `function(photos,pathname){return(${drawFirstBoardLayer.toString()})(photos,pathname,${scriptJson(FIRST_BOARD_LOOK)},${photoSrcSet.toString()},${watch})}`;
  const drawSnapshot = `function(uid,pathname){return(${drawScreenSnapshot.toString()})(uid,pathname,${scriptJson(SNAPSHOT_LOOK)},${watch})}`;
  return `try{(${startFirstRead.toString()})(${scriptJson(config)},${readStoredSession.toString()},${postWithToken.toString()},${draw},${drawBoard},${drawSnapshot})}catch(e){}`;
}

/**
 * A line of script minified: every page carries the first read, a visitor's too. esbuild is loaded
 * here only, as it does not load under jsdom.
 */
export async function minifiedScript(script: string): Promise<string> {
  const { transform } = await import('esbuild');
  return (await transform(script, { minify: true, loader: 'js' })).code.trim();
}
