import { describe, expect, it } from 'vitest';
import { parseProfile } from './wire-schemas';

describe('parseProfile', () => {
  it('N5: a profile that leaves out is_private or a statistics count is read, the missing values as null', () => {
    const profile = parseProfile({ user_name: 'ana', statistics: { followers: 3 } });
    expect(profile).toMatchObject({
      userName: 'ana',
      isPrivate: null,
      statistics: { followers: 3, following: null, productCount: null, collectionCount: null },
    });
    expect(parseProfile({ is_private: true }).userName).toBeNull();
  });

  it('N5: a body that is not an object, or an object with none of the profile fields, is refused', () => {
    expect(() => parseProfile('not a profile')).toThrow();
    expect(() => parseProfile({ status: 200, message: 'OK', data: { rows: [] } })).toThrow();
    expect(() => parseProfile({})).toThrow();
  });
});
