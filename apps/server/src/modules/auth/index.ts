// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { emailChangeConfirmMail, emailChangeNoticeMail } from './auth.mails';
export { requestMeta } from './auth.routes';
export {
  assertIdentityFree,
  assertUsable,
  consumeAccountToken,
  expireAccountTokens,
  findAccountToken,
  issueAccountToken,
  issuePasswordResetLink,
  mailFacts,
  type RequestMeta,
} from './auth.service';
export { type AuthUser, invalidateUserSessions, resolveToken, revokeUserSessions, sessionStartedAt } from './sessions';
export { finishSignIn } from './sign-in';
