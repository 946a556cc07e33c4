import { z } from 'zod';
import { listQuerySchema } from './list';

/**
 * Moderation decisions and their statement of reasons (EU DSA Art. 17), appeals (Art. 20) and the
 * transparency figures (Art. 15/24). docs/compliance.md "DSA".
 */

/** Every kind of restriction the platform imposes; each one produces a statement of reasons. */
export const DECISION_KINDS = [
  'removal',
  'review_rejection',
  'demotion',
  'age_restriction',
  'suspension',
  'payment_hold',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/**
 * The grounds a decision rests on: a law or a clause of the terms of service. `ref` is the text
 * quoted in every statement (English; the label is translated).
 */
export const DECISION_GROUNDS = {
  illegal_content: { basis: 'law', ref: 'Illegal content under the applicable law (EU DSA Art. 3(h))' },
  child_safety: { basis: 'law', ref: '18 U.S.C. §2252, §2258A; Directive 2011/93/EU' },
  non_consensual: { basis: 'terms', ref: 'Terms of service §3.2 (consent of everyone depicted)' },
  copyright: { basis: 'law', ref: '17 U.S.C. §512; Directive (EU) 2019/790' },
  underage_appearance: { basis: 'terms', ref: 'Terms of service §3.1 (everyone depicted is an adult)' },
  missing_records: { basis: 'law', ref: '18 U.S.C. §2257 (records of everyone depicted)' },
  prohibited_content: { basis: 'terms', ref: 'Terms of service §3.3 (prohibited content)' },
  misleading: { basis: 'terms', ref: 'Terms of service §3.4 (honest descriptions and prices)' },
  spam: { basis: 'terms', ref: 'Terms of service §3.5 (spam)' },
  payment_dispute: { basis: 'terms', ref: 'Terms of service §6.3 (payment disputes and chargebacks)' },
  leaked_content: { basis: 'terms', ref: 'Terms of service §5.2 (redistribution of paid content)' },
  other_terms: { basis: 'terms', ref: 'Terms of service §3 (acceptable use)' },
} as const satisfies Record<string, { basis: 'law' | 'terms'; ref: string }>;
export type DecisionGround = keyof typeof DECISION_GROUNDS;
export const DECISION_GROUND_CODES = Object.keys(DECISION_GROUNDS) as [DecisionGround, ...DecisionGround[]];
export const decisionGroundSchema = z.enum(DECISION_GROUND_CODES);

/** How the platform learned of it: a notice (complaint or report), its own initiative, or automated detection. */
export const DECISION_SOURCES = ['notice', 'own_initiative', 'automated'] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

export const DECISION_STATES = ['in_force', 'lifted', 'reversed'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

export const APPEAL_STATES = ['open', 'upheld', 'reversed'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** An appeal is possible for this many months after the decision (DSA Art. 20(1)). */
export const APPEAL_WINDOW_MONTHS = 6;

export const appealSchema = z.object({
  _id: z.string(),
  decisionId: z.string(),
  state: z.enum(APPEAL_STATES),
  text: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const decisionSchema = z.object({
  _id: z.string(),
  kind: z.enum(DECISION_KINDS),
  targetType: z.string(),
  targetId: z.string(),
  title: z.string(),
  facts: z.string(),
  ground: decisionGroundSchema,
  groundBasis: z.enum(['law', 'terms']),
  groundRef: z.string(),
  automated: z.boolean(),
  source: z.enum(DECISION_SOURCES),
  state: z.enum(DECISION_STATES),
  createdAt: z.string(),
  /** Until when the affected user may appeal (null once appealed or no longer in force). */
  appealUntil: z.string().nullable(),
  canAppeal: z.boolean(),
  appeal: appealSchema.nullable(),
});
export type Decision = z.infer<typeof decisionSchema>;

export const appealBodySchema = z.object({
  text: z.string().trim().min(10, 'say in a few words why the decision is wrong').max(5000),
});

export const adminAppealSchema = appealSchema.extend({
  decision: decisionSchema,
  user: z.object({ _id: z.string(), username: z.string() }).nullable(),
  decidedBy: z.string().nullable(),
  /** The admin who made the appealed decision (may not decide the appeal). */
  decisionBy: z.string().nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const adminAppealQuerySchema = listQuerySchema.extend({
  state: z.enum(APPEAL_STATES).optional(),
});

export const appealDecisionBodySchema = z.object({
  outcome: z.enum(['upheld', 'reversed']),
  reply: z.string().trim().min(5, 'say why: the user is told').max(5000),
});

// ---- transparency

/** A half-year: `2026-H1` (January–June) or `2026-H2` (July–December), UTC. */
export const halfYearSchema = z.string().regex(/^\d{4}-H[12]$/, 'a half-year like 2026-H2');

export const transparencyQuerySchema = z.object({
  period: halfYearSchema.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

const countRow = z.object({ key: z.string(), count: z.number().int() });

export const transparencySchema = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  /** The half-years with figures, newest first (for the page's selector). */
  periods: z.array(z.string()),
  notices: z.array(countRow),
  actionsByGround: z.array(countRow),
  actionsByKind: z.array(countRow),
  automatedActions: z.number().int(),
  medianHoursToDecision: z.number().nullable(),
  appeals: z.object({
    received: z.number().int(),
    upheld: z.number().int(),
    reversed: z.number().int(),
    open: z.number().int(),
    medianHoursToDecision: z.number().nullable(),
  }),
  ageAssurance: z.array(z.object({ provider: z.string(), outcome: z.string(), count: z.number().int() })),
});
export type Transparency = z.infer<typeof transparencySchema>;
