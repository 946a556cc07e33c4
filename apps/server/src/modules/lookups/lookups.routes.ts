import {
  citySchema,
  countryCodeSchema,
  countrySchema,
  languageSchema,
  phoneCodeSchema,
  stateSchema,
  USER_ADDITIONAL,
  userAdditionalSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { jsonBody, keyedLazy, lazy, sendCached, svgBody } from './lookups.cache';
import {
  buildCities,
  buildCountries,
  buildLanguages,
  buildPhoneCodes,
  buildStates,
  isCountry,
  isState,
  readFlagSvg,
} from './lookups.data';

const countriesSchema = z.array(countrySchema);
const statesSchema = z.array(stateSchema);
const citiesSchema = z.array(citySchema);
const languagesSchema = z.array(languageSchema);
const phoneCodesSchema = z.array(phoneCodeSchema);
const stateCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,3}$/, 'must be a state code of 1 to 3 letters or digits')
  .transform((v) => v.toUpperCase());
const cached = { description: 'Cached for a day (Cache-Control public, ETag); 304 when If-None-Match matches' };

/**
 * Countries, states, cities, languages, phone codes, profile option lists and SVG flags.
 * Each answer is built once per process on first use and served with HTTP caching headers.
 */
export default async function lookupsRoutes(app: App) {
  const base = (app.ctx.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const flagUrl = (code: string) => `${base}/api/flags/${code.toLowerCase()}.svg`;

  const countries = lazy(() => jsonBody(countriesSchema, buildCountries(flagUrl)));
  const languages = lazy(() => jsonBody(languagesSchema, buildLanguages()));
  const phoneCodes = lazy(() => jsonBody(phoneCodesSchema, buildPhoneCodes()));
  const userAdditional = lazy(() => jsonBody(userAdditionalSchema, USER_ADDITIONAL));
  const states = keyedLazy(300, (country) => jsonBody(statesSchema, buildStates(country)));
  const cities = keyedLazy(500, (key) => {
    const [country, state] = key.split('/');
    return jsonBody(citiesSchema, buildCities(country, state));
  });
  const flags = keyedLazy(300, (code) => {
    const svg = readFlagSvg(code);
    return svg ? svgBody(svg) : null;
  });

  const requireCountry = (code: string) => {
    if (!isCountry(code)) throw notFound(`Country "${code}"`);
  };

  app.get(
    '/countries/list',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Every country: name, code, capital, region, currency, language and SVG flag url',
        description: cached.description,
        response: { 200: countriesSchema },
      },
    },
    (req, reply) => {
      sendCached(req, reply, countries());
    },
  );

  app.get(
    '/flags/:code',
    {
      schema: {
        tags: ['lookups'],
        summary: "A country's flag as SVG (image/svg+xml); `code` is the ISO code, with or without .svg",
        description: cached.description,
        params: z.object({
          code: z
            .string()
            .regex(/^[A-Za-z]{2}(\.svg)?$/, 'must be a two-letter country code, optionally ending in .svg'),
        }),
        response: { 200: z.string().describe('SVG document') },
      },
    },
    (req, reply) => {
      const code = req.params.code.slice(0, 2).toLowerCase();
      const flag = flags(code);
      if (!flag) throw notFound(`Flag for "${code.toUpperCase()}"`);
      // An SVG is a document: keep any script in it from running if opened directly.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      reply.header('x-content-type-options', 'nosniff');
      sendCached(req, reply, flag);
    },
  );

  app.get(
    '/states/:countryCode',
    {
      schema: {
        tags: ['lookups'],
        summary: 'States, provinces or regions of a country, by name',
        description: cached.description,
        params: z.object({ countryCode: countryCodeSchema }),
        response: { 200: statesSchema },
      },
    },
    (req, reply) => {
      const { countryCode } = req.params;
      requireCountry(countryCode);
      sendCached(req, reply, states(countryCode));
    },
  );

  app.get(
    '/cities/:countryCode/:stateCode',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Cities of a state of a country, by name',
        description: cached.description,
        params: z.object({ countryCode: countryCodeSchema, stateCode: stateCodeSchema }),
        response: { 200: citiesSchema },
      },
    },
    (req, reply) => {
      const { countryCode, stateCode } = req.params;
      requireCountry(countryCode);
      if (!isState(countryCode, stateCode)) throw notFound(`State "${stateCode}" of country "${countryCode}"`);
      sendCached(req, reply, cities(`${countryCode}/${stateCode}`));
    },
  );

  app.get(
    '/languages/list',
    {
      schema: {
        tags: ['lookups'],
        summary: 'ISO 639-1 languages: code, English name, native name',
        description: cached.description,
        response: { 200: languagesSchema },
      },
    },
    (req, reply) => {
      sendCached(req, reply, languages());
    },
  );

  app.get(
    '/phone-codes/list',
    {
      schema: {
        tags: ['lookups'],
        summary: 'International dialling codes per country',
        description: cached.description,
        response: { 200: phoneCodesSchema },
      },
    },
    (req, reply) => {
      sendCached(req, reply, phoneCodes());
    },
  );

  app.get(
    '/user-additional',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Creator profile option lists (spec §3): heights, weights, ages, body types, and more',
        description: cached.description,
        response: { 200: userAdditionalSchema },
      },
    },
    (req, reply) => {
      sendCached(req, reply, userAdditional());
    },
  );
}
