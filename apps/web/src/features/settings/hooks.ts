import { useEffect } from 'react';
import { useSettings } from './api';

/** Sets the document title as "<title> · <siteName>" (or just the site name). */
export function usePageTitle(title?: string): void {
  const { siteName } = useSettings();
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
