import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { City, Country, CountryState, Language, PhoneCode } from '@marquee/shared';
import { continents, countries as countryFacts, languages as languageList } from 'countries-list';
import { currencies } from 'countries-list/currencies';
import { City as CscCity, Country as CscCountry, State as CscState } from 'country-state-city';

/**
 * Lookup data from maintained packages, never hand-typed lists:
 * - country-state-city: the country list, states, cities (the same codes everywhere);
 * - countries-list (Annexare): capital, continent, ISO 4217 currency names and symbols, ISO 639-1 languages, dial codes;
 * - flag-icons (Lipis): SVG flags, 4:3.
 */

const require = createRequire(import.meta.url);
const flagDir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');

type Facts = (typeof countryFacts)[keyof typeof countryFacts];
const factsOf = (code: string): Facts | undefined => (countryFacts as Record<string, Facts>)[code];

export function buildCountries(flagUrl: (code: string) => string): Country[] {
  return CscCountry.getAllCountries()
    .map((c) => {
      const facts = factsOf(c.isoCode);
      const currencyCode = facts?.currency[0] ?? c.currency;
      const currency = currencyCode
        ? (currencies as Record<string, { name: string; symbol: string }>)[currencyCode]
        : undefined;
      const languageCode = facts?.languages[0];
      const language = languageCode ? (languageList as Record<string, { name: string }>)[languageCode] : undefined;
      return {
        name: c.name,
        code: c.isoCode,
        capital: facts?.capital ?? '',
        region: facts ? continents[facts.continent] : '',
        currency:
          currency && currencyCode ? { code: currencyCode, name: currency.name, symbol: currency.symbol } : null,
        language: language && languageCode ? { code: languageCode, name: language.name } : null,
        flag: flagUrl(c.isoCode),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

const countryCodes = new Set(CscCountry.getAllCountries().map((c) => c.isoCode));
export const isCountry = (code: string) => countryCodes.has(code);

export function buildStates(countryCode: string): CountryState[] {
  return CscState.getStatesOfCountry(countryCode)
    .map((s) => ({ name: s.name, code: s.isoCode, countryCode: s.countryCode }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function isState(countryCode: string, stateCode: string): boolean {
  return CscState.getStateByCodeAndCountry(stateCode, countryCode) !== undefined;
}

export function buildCities(countryCode: string, stateCode: string): City[] {
  return CscCity.getCitiesOfState(countryCode, stateCode)
    .map((c) => ({ name: c.name, stateCode: c.stateCode, countryCode: c.countryCode }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function buildLanguages(): Language[] {
  return Object.entries(languageList as Record<string, { name: string; native: string }>)
    .map(([code, l]) => ({ code, name: l.name, native: l.native }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function buildPhoneCodes(): PhoneCode[] {
  return CscCountry.getAllCountries()
    .flatMap((c) => {
      const phones = factsOf(c.isoCode)?.phone.map((p) => `+${p}`) ?? [];
      // country-state-city writes some prefixes as '+1-684' or '1-809 and 1-829'
      const fallback = c.phonecode
        .split(' and ')
        .map((p) => `+${p.replace(/\D/g, '')}`)
        .filter((p) => p.length > 1);
      const dialCodes = phones.length > 0 ? phones : fallback;
      return dialCodes.length > 0 ? [{ code: c.isoCode, name: c.name, dialCode: dialCodes[0], dialCodes }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The SVG of a country's flag, or null when the package has none. `code` is validated before it reaches here. */
export function readFlagSvg(code: string): Buffer | null {
  if (!/^[a-z]{2}$/.test(code)) return null;
  try {
    return fs.readFileSync(path.join(flagDir, `${code}.svg`));
  } catch {
    return null;
  }
}
