// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { requestEmailChange } from './email-change';
export {
  deleteProfileMedia,
  profileMediaUrl,
  type ReceivedFile,
  receiveFiles,
  storeProfileImage,
  storeWelcomeVideo,
} from './profile-media';
export { avatarUrl, presentMe, presentUserBrief } from './users.presenter';
export {
  activeAdmins,
  activeStaff,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByReferralCode,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  updateUser,
  userStates,
  userSummaries,
} from './users.service';
