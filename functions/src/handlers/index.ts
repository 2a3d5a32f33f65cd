/** Every callable handler by the name the client calls it with; both hosts expose exactly these. */
import type { CallableName, Callables } from '../../../src/domain/callables';
import { deleteReply, reactToComment, replyToComment } from './comments';
import { deleteAccount } from './delete-account';
import { completeProfile } from './complete-profile';
import { createPhoto } from './create-photo';
import { deletePhoto } from './delete-photo';
import { ensureUser } from './ensure-user';
import { finishOnboarding } from './finish-onboarding';
import { getSharedPhoto } from './get-shared-photo';
import type { Handler } from './handler';
import { getLeaderboard } from './leaderboard';
import { markNotificationsSeen } from './mark-notifications-seen';
import { markVotesSeen } from './mark-votes-seen';
import { flagPhoto, getPhotos, submitRating, viewRating } from './rating';
import { recordLogin } from './streak';
import { updateAvatar } from './update-avatar';
import { activatePhotos, setPhotoActive } from './set-photo-active';

export const handlers = {
  ensureUser,
  completeProfile,
  finishOnboarding,
  createPhoto,
  setPhotoActive,
  activatePhotos,
  deletePhoto,
  markVotesSeen,
  markNotificationsSeen,
  getSharedPhoto,
  replyToComment,
  deleteReply,
  reactToComment,
  getPhotos,
  submitRating,
  viewRating,
  flagPhoto,
  recordLogin,
  getLeaderboard,
  deleteAccount,
  updateAvatar,
} satisfies { [Name in CallableName]: Handler<Callables[Name]['result']> };
