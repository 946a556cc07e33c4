import type { RuleInput } from './jurisdiction.repo';

/**
 * The rules the seed and Admin › Jurisdictions › "Add the recommended rules" load, as researched
 * on 2026-11-25 (docs/compliance.md "Jurisdictions" has each source). `uncertain` rows are laws
 * whose enforcement was enjoined or litigated, or recently in force: the operator confirms them
 * with counsel. US laws apply to sites where a third or more of the material is harmful to minors
 * (most states), which an adult fan site meets.
 */
const us = (region: string, effectiveFrom: string, law: string, uncertain = false): RuleInput => ({
  country: 'US',
  region,
  action: 'assurance',
  effectiveFrom,
  law,
  source: `${law} (state statute; see docs/compliance.md)`,
  uncertain,
});

export const DEFAULT_RULES: readonly RuleInput[] = [
  {
    country: 'GB',
    region: '',
    action: 'assurance',
    effectiveFrom: '2025-07-25',
    law: 'Online Safety Act 2023 (highly effective age assurance, Ofcom Protection of Children Codes)',
    source: 'https://www.legislation.gov.uk/ukpga/2023/50 ; Ofcom guidance on highly effective age assurance',
    uncertain: false,
  },
  {
    country: 'FR',
    region: '',
    action: 'assurance',
    effectiveFrom: '2025-04-11',
    law: 'Loi SREN n° 2024-449 and the Arcom technical standard on age verification',
    source: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000049563368',
    uncertain: true,
  },
  {
    country: 'DE',
    region: '',
    action: 'assurance',
    effectiveFrom: '2003-04-01',
    law: 'Jugendmedienschutz-Staatsvertrag (JMStV) § 4 Abs. 2 — closed user group with age verification',
    source: 'https://www.kjm-online.de (JMStV § 4 Abs. 2)',
    uncertain: true,
  },
  {
    country: 'IT',
    region: '',
    action: 'assurance',
    effectiveFrom: '2025-11-12',
    law: 'AGCOM resolution 96/25/CONS (Decreto Caivano art. 13-bis)',
    source: 'https://www.agcom.it (delibera 96/25/CONS)',
    uncertain: true,
  },
  us('LA', '2023-01-01', 'Louisiana Act 440 (2022), La. R.S. 9:2800.29'),
  us('UT', '2023-05-03', 'Utah SB 287 (2023), Utah Code 78B-3-1002'),
  us('MS', '2023-07-01', 'Mississippi SB 2346 (2023)'),
  us('VA', '2023-07-01', 'Virginia SB 1515 (2023), Va. Code § 8.01-40.5'),
  us('AR', '2023-07-31', 'Arkansas SB 66 (Act 612 of 2023)'),
  us('TX', '2023-09-19', 'Texas HB 1181 (2023), Tex. Civ. Prac. & Rem. Code ch. 129B; upheld in FSC v. Paxton (2025)'),
  us('MT', '2024-01-01', 'Montana SB 544 (2023)'),
  us('NC', '2024-01-01', 'North Carolina HB 8, PAVE Act (2023), N.C.G.S. 66-500'),
  us('IN', '2024-07-01', 'Indiana SB 17 (2024), IC 24-4-23', true),
  us('ID', '2024-07-01', 'Idaho HB 498 (2024)'),
  us('KS', '2024-07-01', 'Kansas SB 394 (2024)'),
  us('KY', '2024-07-15', 'Kentucky HB 278 (2024)'),
  us('NE', '2024-07-19', 'Nebraska LB 1092, Online Age Verification Liability Act (2024)'),
  us('AL', '2024-10-01', 'Alabama HB 164 (2024)'),
  us('OK', '2024-11-01', 'Oklahoma SB 1959 (2024)'),
  us('FL', '2025-01-01', 'Florida HB 3 (2024), Fla. Stat. 501.1737', true),
  us('SC', '2025-01-01', 'South Carolina H 3424 (2024)'),
  us('TN', '2025-01-01', 'Tennessee Protect Tennessee Minors Act (2024)', true),
  us('GA', '2025-07-01', 'Georgia SB 351 (2024)', true),
  us('SD', '2025-07-01', 'South Dakota HB 1053 (2025)'),
  us('WY', '2025-07-01', 'Wyoming HB 43 (2025)'),
  us('ND', '2025-08-01', 'North Dakota HB 1561 (2025)', true),
  us('AZ', '2025-09-26', 'Arizona HB 2112 (2025)', true),
  us('OH', '2025-09-30', 'Ohio HB 96 (2025), R.C. 1349.10', true),
  us('MO', '2025-11-30', 'Missouri 15 CSR 60-17 (Attorney General rule)', true),
];
