import { describe, expect, it } from 'vitest';
import { ACCESS_CASES, viewerFor } from '../../tests/access/access-cases';
import { canAccess, canUpload } from './access';

describe('direct access, case by case', () => {
  it.each(ACCESS_CASES)('$role $action $path → $allowed', (access) => {
    const { role, path, action, allowed } = access;
    const viewer = viewerFor(role);
    const isUpload = path.startsWith('images/') && action === 'write';
    expect(
      isUpload
        ? canUpload(viewer, path, {
            contentType: access.contentType ?? 'image/jpeg',
            exists: access.exists ?? false,
          })
        : canAccess(viewer, path, action),
    ).toBe(allowed);
  });

  it('denies what no rule names', () => {
    expect(canAccess({ uid: 'a' }, 'secrets/a', 'read')).toBe(false);
    expect(canAccess({ uid: 'a' }, 'users/a/private/x', 'read')).toBe(false);
  });
});
