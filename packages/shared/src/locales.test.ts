import { describe, expect, it } from 'vitest';
import { matchLocale } from './locales';

describe('matchLocale', () => {
  it('maps browser and account tags to a supported interface language', () => {
    expect(matchLocale('pt-BR')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('ES')).toBe('es');
    expect(matchLocale('en-US')).toBe('en');
    expect(matchLocale('ja')).toBeNull();
    expect(matchLocale(null)).toBeNull();
  });
});
