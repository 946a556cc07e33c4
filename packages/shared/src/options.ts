/**
 * Performer profile option lists (spec §3). Lists the spec leaves open are
 * filled with common values. Served by GET /user-additional.
 */
export const AGE_RANGES = ['18_19', '20_24', '25_29', '30_34', '35_39', '40_44', '45_49', 'over_50'] as const;
export const BODY_TYPES = [
  'fit',
  'slim',
  'curvy',
  'large',
  'toned',
  'petite',
  'ripped',
  'tanned',
  'runner',
  'swimmer',
  'muscular',
  'gymBody',
] as const;
export const ETHNICITIES = [
  'asian',
  'black',
  'caucasian',
  'hispanic',
  'latina',
  'middle-eastern',
  'mixed',
  'native-american',
  'pacific-islander',
  'south-asian',
  'other',
] as const;
export const BUST_SIZES = ['x-large', 'large', 'medium', 'small'] as const;
export const BUTT_SIZES = ['x-large', 'large', 'medium', 'small'] as const;
export const HAIR_COLORS = [
  'black',
  'brown',
  'blonde',
  'red',
  'auburn',
  'gray',
  'white',
  'bald',
  'dyed',
  'other',
] as const;
export const EYE_COLORS = ['blue', 'brown', 'green', 'amber', 'gray', 'hazel', 'red'] as const;
export const GENDERS = ['male', 'female', 'transgender'] as const;
export const SEXUAL_ORIENTATIONS = ['straight', 'lesbian', 'gay', 'bisexual', 'transgender'] as const;

function range(from: number, to: number, step: number, unit: string): string[] {
  const out: string[] = [];
  for (let v = from; v <= to; v += step) out.push(`${v} ${unit}`);
  return out;
}

/** Heights in centimetres with feet/inches text, weights in kg with lbs text. */
export const HEIGHTS = range(140, 210, 5, 'cm').map((cm) => {
  const n = Number.parseInt(cm, 10);
  const inches = Math.round(n / 2.54);
  return { value: cm, text: `${cm} (${Math.floor(inches / 12)}'${inches % 12}")` };
});
export const WEIGHTS = range(40, 150, 5, 'kg').map((kg) => {
  const n = Number.parseInt(kg, 10);
  return { value: kg, text: `${kg} (${Math.round(n * 2.20462)} lbs)` };
});

const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, text: humanize(v) }));
function humanize(v: string): string {
  if (v === 'over_50') return 'Over 50';
  if (/^\d+_\d+$/.test(v)) return v.replace('_', '-');
  const spaced = v.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const USER_ADDITIONAL = {
  heights: HEIGHTS,
  weights: WEIGHTS,
  ages: toOptions(AGE_RANGES),
  bodyTypes: toOptions(BODY_TYPES),
  ethnicities: toOptions(ETHNICITIES),
  breastSize: toOptions(BUST_SIZES),
  buttSize: toOptions(BUTT_SIZES),
  hairs: toOptions(HAIR_COLORS),
  eyes: toOptions(EYE_COLORS),
  genders: toOptions(GENDERS),
  sexualOrientations: toOptions(SEXUAL_ORIENTATIONS),
};
