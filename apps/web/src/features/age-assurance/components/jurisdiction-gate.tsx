import { Suspense, useEffect } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import { lazyNamed } from '../../../lib/lazy-named';
import { useCurrentUser } from '../../auth/api';
import { useJurisdictionStatus } from '../api';

const JurisdictionPage = lazyNamed(() => import('./jurisdiction-page'), 'JurisdictionPage');

/** Pages with no adult content, open whatever the rule: the site's pages, complaints, sign-in, the age check's return, a statement's appeal link, the transparency figures. */
const SAFE_PAGES = ['/page/', '/complaints', '/auth/', '/age-check/', '/appeal/', '/transparency'];

/**
 * The page a visitor whose place blocks the site or asks an age check sees instead of the app
 * (issue 27); null when they are admitted or on a safe page. The server refuses the content
 * anyway (every API path and socket): this only explains why, and offers the way through.
 */
export function useJurisdictionGate(pathname: string) {
  const { data, mutate } = useJurisdictionStatus();
  const { user } = useCurrentUser();
  const userId = user?._id;
  // A sign-in or sign-out changes whose assurance counts: ask again.
  useEffect(() => {
    void userId;
    void mutate();
  }, [userId, mutate]);
  if (!data || data.admitted || SAFE_PAGES.some((p) => pathname.startsWith(p))) return null;
  return (
    <Suspense fallback={<PageSpinner />}>
      <JurisdictionPage status={data} onChange={() => void mutate()} />
    </Suspense>
  );
}
