import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../settings/api';

/** The built-in mark (same artwork as public/logo.svg, 251x72) for when settings carry no logo. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="marquee-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f0508a" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#marquee-logo-g)" />
      <path
        d="M16 46V20l16 16 16-16v26"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ showName = true }: { showName?: boolean }) {
  const { logo, siteName } = useSettings();
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2.5 rounded-xl"
      aria-label={t('layout.logoHome', { siteName })}
    >
      {logo ? (
        <img src={logo} alt="" width={251} height={72} className="h-9 w-auto max-w-[140px] object-contain" />
      ) : (
        <LogoMark />
      )}
      {showName && (
        <span className="hidden truncate text-lg sm:inline font-extrabold tracking-tight text-zinc-900 dark:text-white">
          {siteName}
        </span>
      )}
    </Link>
  );
}
