import { z } from 'zod';

/** What the law of a place asks of visitors (issue 27 item 2, docs/compliance.md "Jurisdictions"). */
export const JURISDICTION_ACTIONS = ['allow', 'assurance', 'block'] as const;
export type JurisdictionAction = (typeof JURISDICTION_ACTIONS)[number];
export const AGE_ASSURANCE_PROVIDERS = ['yoti', 'builtin'] as const;
export type AgeAssuranceProviderName = (typeof AGE_ASSURANCE_PROVIDERS)[number];

export const jurisdictionRuleBodySchema = z.object({
  /** ISO 3166-1 alpha-2 (upper case). */
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO code such as GB'),
  /** ISO 3166-2 subdivision without the country prefix (US state: TX); empty for the whole country. */
  region: z
    .string()
    .regex(/^[A-Z0-9]{0,3}$/, 'region must be a subdivision code such as TX, or empty')
    .default(''),
  action: z.enum(JURISDICTION_ACTIONS),
  effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'effectiveFrom must be a date YYYY-MM-DD'),
  law: z.string().max(300).default(''),
  source: z.string().max(1000).default(''),
  uncertain: z.boolean().default(false),
});
export type JurisdictionRuleBody = z.infer<typeof jurisdictionRuleBodySchema>;

export const jurisdictionRuleSchema = jurisdictionRuleBodySchema.extend({
  _id: z.string(),
  region: z.string(),
  law: z.string(),
  source: z.string(),
  uncertain: z.boolean(),
  updatedAt: z.string(),
});

/** The rule a visitor is under, as the challenge or block page names it. */
export const appliedRuleSchema = z.object({
  country: z.string(),
  region: z.string(),
  action: z.enum(JURISDICTION_ACTIONS),
  law: z.string(),
  effectiveFrom: z.string(),
});

export const ageAssuranceRecordSchema = z.object({
  provider: z.enum(AGE_ASSURANCE_PROVIDERS),
  method: z.string().nullable(),
  assuredAt: z.string(),
});

/** GET /age-assurance/status: may this request see adult content, and if not why. */
export const jurisdictionStatusSchema = z.object({
  action: z.enum(JURISDICTION_ACTIONS),
  /** Admitted to adult content: allowed, or assured where assurance is required. */
  admitted: z.boolean(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  rule: appliedRuleSchema.nullable(),
  /** The age-assurance record of this account or browser session, if any in force. */
  assurance: ageAssuranceRecordSchema.nullable(),
  /** A check waiting for a decision (built-in: an admin reviews it). */
  pending: z.object({ _id: z.string(), provider: z.enum(AGE_ASSURANCE_PROVIDERS) }).nullable(),
  /** Providers this site offers; the built-in one needs an account. */
  providers: z.array(z.enum(AGE_ASSURANCE_PROVIDERS)),
  /** Show the operator's notice that a VPN does not change the rules. */
  vpnNotice: z.boolean(),
});

export const yotiSessionBodySchema = z.object({
  /** Where Yoti sends the browser back (a path of this site). */
  returnPath: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/, 'returnPath must be a path of this site')
    .max(500)
    .default('/'),
});
export const yotiSessionSchema = z.object({ _id: z.string(), url: z.string() });
export const ageCheckResultSchema = z.object({
  _id: z.string(),
  provider: z.enum(AGE_ASSURANCE_PROVIDERS),
  status: z.enum(['pending', 'assured', 'failed', 'expired']),
  method: z.string().nullable(),
});

export const declaredLocationBodySchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO code such as GB'),
  region: z
    .string()
    .regex(/^[A-Z0-9]{0,3}$/, 'region must be a subdivision code such as TX, or empty')
    .default(''),
});

export const pendingAgeCheckSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  documentUrl: z.string().nullable(),
  selfieUrl: z.string().nullable(),
});
export const ageCheckDecisionBodySchema = z.object({ approve: z.boolean() });
