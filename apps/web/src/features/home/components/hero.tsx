import { MessageCircle, Radio, Sparkles, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useUiStore } from '../../../lib/ui-store';
import { useSettings } from '../../settings/api';

const POINTS = [
  { icon: Sparkles, text: 'exclusive' },
  { icon: MessageCircle, text: 'message' },
  { icon: Radio, text: 'live' },
  { icon: Wallet, text: 'wallet' },
] as const;

export function Hero() {
  const { t } = useTranslation();
  const { siteName } = useSettings();
  const { openRegister, openLogin } = useUiStore.getState();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-3xl bg-zinc-950 px-6 py-12 text-white sm:px-10 sm:py-16 lg:px-14 lg:py-20"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 size-96 rounded-full bg-brand-600/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-20 size-96 rounded-full bg-violet-600/30 blur-3xl"
      />
      <div className="relative max-w-2xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-200 uppercase ring-1 ring-white/15">
          <span className="size-1.5 rounded-full bg-brand-400" aria-hidden="true" />{' '}
          {t('home.welcome', { name: siteName })}
        </p>
        <h1
          id="hero-title"
          className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {t('home.headline')}
        </h1>
        <p className="mt-5 max-w-xl text-base text-zinc-300 sm:text-lg">{t('home.pitch')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={() => openRegister('fan')}>
            {t('home.joinFan')}
          </Button>
          <Button size="lg" variant="inverse" onClick={() => openRegister('creator')}>
            {t('home.becomeCreator')}
          </Button>
        </div>
        <p className="mt-4 text-sm text-zinc-400">
          {t('home.member')}{' '}
          <button
            type="button"
            onClick={openLogin}
            className="font-semibold text-white underline-offset-2 hover:underline"
          >
            {t('home.logIn')}
          </button>
        </p>
      </div>
      <ul className="relative mt-10 grid gap-3 sm:grid-cols-2 lg:mt-12 lg:grid-cols-4">
        {POINTS.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex items-center gap-3 rounded-2xl bg-white/5 p-4 text-sm font-medium text-zinc-200 ring-1 ring-white/10"
          >
            <Icon className="size-5 shrink-0 text-brand-300" aria-hidden="true" />
            {t(`home.points.${text}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
