import type { PushCategory } from '@marquee/shared/push';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/i18n/format';
import { SaveStatus, Section, useSave } from '../../account/components/shared';
import {
  currentSubscription,
  type PushDevice,
  pushSupported,
  removeDevice,
  sendTestPush,
  setDeviceCategories,
  turnOnPush,
  usePushConfig,
  usePushDevices,
} from '../api';

/** Account settings: push notifications on this device, what for, and the other devices that get them. */
export function PushSettingsSection({ isCreator }: { isCreator: boolean }) {
  const { data: config } = usePushConfig();
  const { data: devices, mutate, isLoading } = usePushDevices();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const { saving, status, run } = useSave();
  const supported = pushSupported();
  const { t } = useTranslation();

  useEffect(() => {
    if (!supported) return;
    void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null));
  }, [supported]);

  const categories = (config?.categories ?? []).filter((c) => isCreator || !c.creatorsOnly);
  const here = devices?.data.find((d) => d.endpoint === endpoint) ?? null;
  const others = devices?.data.filter((d) => d !== here) ?? [];
  // null until the user changes a box: then this device's choices (or all of them, to turn on).
  const [edited, setEdited] = useState<PushCategory[] | null>(null);
  const draft = edited ?? (here ? here.categories : categories.map((c) => c.key));

  const toggle = (key: PushCategory) =>
    setEdited(draft.includes(key) ? draft.filter((k) => k !== key) : [...draft, key]);

  return (
    <Section id="push" title={t('push.title')} description={t('push.description')}>
      {!supported ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('push.unsupported')}</p>
      ) : isLoading || !config || endpoint === undefined ? (
        <Skeleton className="h-32" />
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium">{here ? t('push.toldAbout') : t('push.tellAbout')}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {categories.map((c) => (
                <label key={c.key} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={draft.includes(c.key)}
                    onChange={() => toggle(c.key)}
                  />
                  {c.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-2">
            {here ? (
              <>
                <Button
                  size="sm"
                  loading={saving}
                  onClick={() => run(async () => mutateAfter(setDeviceCategories(here._id, draft)))}
                >
                  {t('push.save')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    run(async () => {
                      const r = await sendTestPush(here._id);
                      if (!r.delivered)
                        throw new Error('The push service did not accept the test. Try turning push off and on.');
                      await mutate();
                    }, 'Test notification sent')
                  }
                >
                  {t('push.test')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    run(async () => {
                      await removeDevice(here._id, true);
                      setEndpoint(null);
                      await mutate();
                    }, 'Push notifications turned off on this device')
                  }
                >
                  {t('push.turnOff')}
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                loading={saving}
                disabled={draft.length === 0}
                onClick={() =>
                  run(async () => {
                    const device = await turnOnPush(config.publicKey, draft);
                    setEndpoint(device.endpoint);
                    await mutate();
                  }, 'Push notifications turned on')
                }
              >
                {t('push.turnOn')}
              </Button>
            )}
          </div>
          <SaveStatus status={status} />
          {others.length > 0 && (
            <div>
              <h3 className="text-sm font-medium">{t('push.otherDevices')}</h3>
              <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
                {others.map((d) => (
                  <OtherDevice
                    key={d._id}
                    device={d}
                    onRemove={() => run(async () => mutateAfter(removeDevice(d._id, false)), 'Device removed')}
                  />
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Section>
  );

  async function mutateAfter(p: Promise<unknown>) {
    await p;
    setEdited(null);
    await mutate();
  }
}

function OtherDevice({ device, onRemove }: { device: PushDevice; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <span>
        {device.deviceName ?? t('pages.push.aBrowser')}
        <span className="block text-xs text-zinc-500">
          {t('pages.push.kinds', { count: device.categories.length })} ·{' '}
          {t('pages.push.since', { date: formatDate(device.createdAt) })}
        </span>
      </span>
      <Button
        size="sm"
        variant="ghost"
        onClick={onRemove}
        aria-label={t('pages.push.remove', { name: device.deviceName ?? t('pages.push.device') })}
      >
        {t('posts.remove')}
      </Button>
    </li>
  );
}
