/**
 * Reasons a reviewer picks from when rejecting; the creator sees the reason's text (statement of
 * reasons). Without zod, so the web imports the list without the schemas.
 */
export const REVIEW_REASONS = [
  'minor_appearance',
  'no_consent',
  'prohibited_content',
  'illegal_content',
  'copyright',
  'missing_records',
  'misleading',
  'spam',
  'other',
] as const;
export type ReviewReasonCode = (typeof REVIEW_REASONS)[number];
