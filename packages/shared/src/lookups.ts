import { z } from 'zod';

/** Lookup payloads (spec §3 "Country entry", §5 "Locations and lookups"). Plain arrays: they are not paged. */

export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 country code')
  .transform((v) => v.toUpperCase());

export const countrySchema = z.object({
  name: z.string(),
  code: z.string().length(2),
  capital: z.string(),
  region: z.string(),
  currency: z.object({ code: z.string(), name: z.string(), symbol: z.string() }).nullable(),
  language: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** SVG flag served by the API: `/api/flags/{code}.svg` (absolute when PUBLIC_URL is set). */
  flag: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({ name: z.string(), code: z.string(), countryCode: z.string().length(2) });
export type CountryState = z.infer<typeof stateSchema>;

export const citySchema = z.object({ name: z.string(), stateCode: z.string(), countryCode: z.string().length(2) });
export type City = z.infer<typeof citySchema>;

export const languageSchema = z.object({ code: z.string(), name: z.string(), native: z.string() });
export type Language = z.infer<typeof languageSchema>;

export const phoneCodeSchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  /** The main international dialling prefix, e.g. '+1' or '+1684'. */
  dialCode: z.string(),
  /** Every prefix the country uses (some have several), main one first. */
  dialCodes: z.array(z.string()),
});
export type PhoneCode = z.infer<typeof phoneCodeSchema>;

const optionSchema = z.object({ value: z.string(), text: z.string() });
export const userAdditionalSchema = z.object({
  heights: z.array(optionSchema),
  weights: z.array(optionSchema),
  ages: z.array(optionSchema),
  bodyTypes: z.array(optionSchema),
  ethnicities: z.array(optionSchema),
  breastSize: z.array(optionSchema),
  buttSize: z.array(optionSchema),
  hairs: z.array(optionSchema),
  eyes: z.array(optionSchema),
  genders: z.array(optionSchema),
  sexualOrientations: z.array(optionSchema),
});
export type UserAdditional = z.infer<typeof userAdditionalSchema>;
