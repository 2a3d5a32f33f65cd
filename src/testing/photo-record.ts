/** The photo both test suites start from (handlers' and screens'): processed, active, shown to everyone 18 to 37. */
import { newPhoto, type NewPhotoFields, type Photo } from '../domain/photo';

export function photoRecord(
  id: string,
  userId: string,
  fields: Partial<NewPhotoFields> & Pick<Photo, 'uploadedAt'>,
  ownerSubscribed = false,
): Photo {
  // A seeded photo's votes are honest ones unless the test says otherwise: its fair-score tally
  // counts them all, as the vote path would have.
  const votes = fields.votesCount ?? 0;
  const rate = fields.rate ?? 0;
  const tally =
    fields.qualityVotes === undefined && votes > 0
      ? { qualityVotes: votes, qualitySum: rate * votes, qualitySquares: rate * rate * votes }
      : {};
  return newPhoto(
    {
      id,
      userId,
      imageName: `${id}.jpg`,
      resizedImageName: `${id}.webp`,
      imageUrl: `http://files.test/${id}.webp`,
      showTo: 'both',
      gender: 'female',
      ageRange: [18, 37],
      active: true,
      ...tally,
      ...fields,
    },
    ownerSubscribed,
  );
}
