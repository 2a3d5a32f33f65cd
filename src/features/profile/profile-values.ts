/** The edit-profile form's values from the member's record: the username rename sends them too. */
import type { ProfileValues } from '@/domain/schemas';
import type { User } from '@/domain/user';

export function profileValues(user: User): ProfileValues {
  return {
    displayName: user.displayName,
    age: user.age ?? 25,
    gender: user.gender ?? 'male',
    showGender: user.showGender ?? 'both',
  };
}
