import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses, Label } from '../../../components/ui/input';
import type { MediaDevicesState } from '../lib/media-devices';

/** Camera and microphone choice (labels appear once the browser has been allowed to use them). */
export function DevicePicker({ devices, disabled }: { devices: MediaDevicesState; disabled?: boolean }) {
  const { t } = useTranslation();
  const cam = useId();
  const mic = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <Label htmlFor={cam}>{t('streaming.camera')}</Label>
        <select
          id={cam}
          className={inputClasses}
          value={devices.choice.cameraId}
          disabled={disabled || !devices.cameras.length}
          onChange={(e) => devices.setChoice({ cameraId: e.target.value })}
        >
          {!devices.cameras.length && <option value="">{t('streaming.noCamera')}</option>}
          {devices.cameras.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || t('streaming.cameraN', { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={mic}>{t('streaming.microphone')}</Label>
        <select
          id={mic}
          className={inputClasses}
          value={devices.choice.microphoneId}
          disabled={disabled || !devices.microphones.length}
          onChange={(e) => devices.setChoice({ microphoneId: e.target.value })}
        >
          {!devices.microphones.length && <option value="">{t('streaming.noMicrophone')}</option>}
          {devices.microphones.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || t('streaming.microphoneN', { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
