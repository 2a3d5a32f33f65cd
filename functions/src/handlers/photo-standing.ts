/**
 * getPhotoStanding: where one of the caller's photos stands, from the histograms members no longer
 * read: its place among every rated photo, among its owner's peers (once their group holds 30
 * photos), and the site's average its fair score weighs against. Only the caller's own photo: it is
 * looked up under the caller's records, so another member's id is simply not there, and nothing of
 * the stats is read before it is found. A place is told only as the detail words it (3 votes or more,
 * in the top half).
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { peerStanding } from '../../../src/domain/peer-stats';
import { photoPath, type Photo } from '../../../src/domain/photo';
import { STANDING_MESSAGES } from '../../../src/domain/photo-standing';
import { photoIdSchema } from '../../../src/domain/schemas';
import { siteAverage } from '../../../src/domain/score-quality';
import { percentileText, topPercent } from '../../../src/domain/scores';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { readPeerHistogram } from './peer-stats';
import { readSiteStats } from './site-stats';
import { assertMember, userPath } from './users';

export const getPhotoStanding: Handler<Callables['getPhotoStanding']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId } = await validate(photoIdSchema, data);
    const { store } = context;
    const [member, photo] = await Promise.all([
      store.get<User>(userPath(caller.uid)),
      store.get<Photo>(photoPath(caller.uid, photoId)),
    ]);
    assertMember(member);
    if (!photo) throw new HttpsError('not-found', STANDING_MESSAGES.notYours);
    const rated = photo.votesCount > 0;
    const group = rated ? photo.peerGroup : undefined;
    const [site, peers] = await Promise.all([
      readSiteStats(store),
      group ? readPeerHistogram(store, group) : undefined,
    ]);
    const top = rated ? topPercent(site.histogram, photo.rate) : null;
    const peer = peerStanding(photo, peers);
    // Only a place the detail shows: every place moves as other photos are voted on, so a finer one
    // asked before and after a vote would tell the voter more of where that photo stands.
    const shown = (place: number | null) => percentileText(photo.votesCount, place) !== null;
    return {
      topPercent: shown(top) ? top : null,
      peer: peer && shown(peer.topPercent) ? peer : null,
      siteAverage: siteAverage(site),
    };
  },
};
