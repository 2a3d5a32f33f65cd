/**
 * Where one of the member's photos stands (`getPhotoStanding`): its percentile among every photo and
 * among peers, and the site's average its fair score needs. The stats' shards are the server's alone,
 * so this is asked for rather than watched: when the photo is first shown, and again as its tally
 * changes (its record is live), at most every STANDING_REFRESH_MS, so a photo voted on fast costs few
 * calls. The last answer stays shown until the next arrives.
 */
import { useEffect, useRef, useState } from 'react';
import type { Photo } from '@/domain/photo';
import type { PhotoStanding } from '@/domain/photo-standing';
import { call } from './callables';

export const STANDING_REFRESH_MS = 10_000;

export function usePhotoStanding(
  photo: Pick<Photo, 'id' | 'votesCount' | 'rate' | 'peerGroup'> | undefined,
): PhotoStanding | undefined {
  const [answer, setAnswer] = useState<{ photoId: string; asked: number; standing: PhotoStanding }>();
  const lastAsked = useRef<{ photoId: string; at: number; count: number }>({ photoId: '', at: 0, count: 0 });
  const photoId = photo?.id;
  // What the standing follows: the photo's tally and the group it is counted in.
  const tally = photo ? `${photo.votesCount} ${photo.rate} ${photo.peerGroup ?? ''}` : '';

  useEffect(() => {
    if (!photoId) return;
    let mounted = true;
    const last = lastAsked.current;
    const wait = last.photoId === photoId ? Math.max(0, last.at + STANDING_REFRESH_MS - Date.now()) : 0;
    const timer = setTimeout(() => {
      const asked = lastAsked.current.count + 1;
      lastAsked.current = { photoId, at: Date.now(), count: asked };
      call('getPhotoStanding', { photoId }).then(
        (standing) => {
          // An earlier answer arriving late never replaces a later one.
          if (mounted)
            setAnswer((shown) =>
              shown && shown.photoId === photoId && shown.asked > asked
                ? shown
                : { photoId, asked, standing },
            );
        },
        // `call` reports a server fault; the last standing stays shown, and the next vote asks again.
        () => undefined,
      );
    }, wait);
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [photoId, tally]);

  return answer && answer.photoId === photoId ? answer.standing : undefined;
}
