import { describe, expect, it } from 'vitest';
import { userAvatar } from '../comments/comments.presenter';
import { avatarUrl as feedAvatar } from '../feeds/feeds.presenter';
import { PROFILE_MEDIA_ROUTE, profileMediaUrl } from './profile-media';

// Avatars were linked three different ways (/api/media/public/…, /api/users/:id/avatar, the raw key);
// only the profile-media route serves them. Every presenter now uses it.
describe('avatar URLs in presenters', () => {
  const key = 'profile/avatars/0199-abc.webp';
  it('point at the profile-media route', () => {
    expect(profileMediaUrl(key)).toBe(`${PROFILE_MEDIA_ROUTE}/${key}`);
    expect(feedAvatar({ avatarPath: key })).toBe(profileMediaUrl(key));
    expect(userAvatar({ id: 'u1', avatarPath: key })).toBe(profileMediaUrl(key));
    expect(feedAvatar({ avatarPath: null })).toBeNull();
  });
});
