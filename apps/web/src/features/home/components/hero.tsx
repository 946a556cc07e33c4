import { MessageCircle, Radio, Sparkles, Wallet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useUiStore } from '../../../lib/ui-store';
import { useSettings } from '../../settings/api';

const POINTS = [
  { icon: Sparkles, text: 'Exclusive posts, photos and videos' },
  { icon: MessageCircle, text: 'Message creators directly' },
  { icon: Radio, text: 'Live streams with chat and tips' },
  { icon: Wallet, text: 'One wallet for every purchase' },
];

export function Hero() {
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
          <span className="size-1.5 rounded-full bg-brand-400" aria-hidden="true" /> Welcome to {siteName}
        </p>
        <h1
          id="hero-title"
          className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Get closer to the creators you love
        </h1>
        <p className="mt-5 max-w-xl text-base text-zinc-300 sm:text-lg">
          Subscribe for exclusive content, send a message, tip during a live show. Creators keep control and get paid
          for what they make.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={() => openRegister('fan')}>
            Join as a fan
          </Button>
          <Button size="lg" variant="inverse" onClick={() => openRegister('creator')}>
            Become a creator
          </Button>
        </div>
        <p className="mt-4 text-sm text-zinc-400">
          Already a member?{' '}
          <button
            type="button"
            onClick={openLogin}
            className="font-semibold text-white underline-offset-2 hover:underline"
          >
            Log in
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
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
