/** The photo both test suites start from (handlers' and screens'): processed, active, shown to everyone 18 to 37. */
import { newPhoto, type NewPhotoFields, type Photo } from '../domain/photo';

export function photoRecord(
  id: string,
  userId: string,
  fields: Partial<NewPhotoFields> & Pick<Photo, 'uploadedAt'>,
  ownerSubscribed = false,
): Photo {
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
      ...fields,
    },
    ownerSubscribed,
  );
}
