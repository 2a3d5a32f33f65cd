import { describe, expect, it } from 'vitest';
import { ACCESS_CASES, viewerFor } from '../../tests/access/access-cases';
import { canAccess } from './access';

describe('direct access, case by case', () => {
  it.each(ACCESS_CASES)('$role $action $path → $allowed', ({ role, path, action, allowed }) => {
    expect(canAccess(viewerFor(role), path, action)).toBe(allowed);
  });

  it('denies what no rule names', () => {
    expect(canAccess({ uid: 'a' }, 'secrets/a', 'read')).toBe(false);
    expect(canAccess({ uid: 'a' }, 'users/a/private/x', 'read')).toBe(false);
  });
});
