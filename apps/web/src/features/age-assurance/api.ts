import { client } from '../../lib/api-client';
import type { ApiBody, ApiData } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

/** Age assurance and jurisdiction rules (issue 27 items 1–2; docs/compliance.md). */
export type JurisdictionStatus = ApiData<'/age-assurance/status'>;
export type JurisdictionRule = ApiData<'/admin/jurisdictions'>['data'][number];
export type PendingAgeCheck = ApiData<'/admin/age-assurance/reviews'>['data'][number];

export const useJurisdictionStatus = () =>
  useApi('/age-assurance/status', undefined, { revalidateOnFocus: false, shouldRetryOnError: false });

export const startYotiCheck = (returnPath: string) =>
  client.post('/age-assurance/yoti/sessions', { body: { returnPath } });
export const refreshAgeCheck = (id: string) => client.post('/age-assurance/checks/{id}/refresh', { path: { id } });
export const submitBuiltinCheck = (document: File, selfie: File) => {
  const form = new FormData();
  form.append('document', document);
  form.append('selfie', selfie);
  return client.upload('/age-assurance/builtin', form);
};

// Admin console
export const useJurisdictionRules = () => useApi('/admin/jurisdictions');
export const saveJurisdictionRule = (body: ApiBody<'/admin/jurisdictions', 'post'>) =>
  client.post('/admin/jurisdictions', { body });
export const deleteJurisdictionRule = (id: string) => client.delete('/admin/jurisdictions/{id}', { path: { id } });
export const addRecommendedRules = () => client.post('/admin/jurisdictions/defaults');
export const useAgeCheckReviews = () => useApi('/admin/age-assurance/reviews');
export const decideAgeCheck = (id: string, approve: boolean) =>
  client.post('/admin/age-assurance/{id}/decision', { path: { id }, body: { approve } });

/** A place's name in the interface language: "Texas (TX), United States" style, from ISO codes. */
export function placeName(language: string, country: string | null, region: string | null) {
  if (!country) return '';
  let name = country;
  try {
    name = new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
  } catch {
    // an unknown code stays as it is
  }
  return region ? `${region}, ${name}` : name;
}
