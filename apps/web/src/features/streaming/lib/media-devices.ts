import { useCallback, useEffect, useRef, useState } from 'react';
import i18n from '../../../lib/i18n';

export interface DeviceChoice {
  cameraId: string;
  microphoneId: string;
}

export interface MediaDevicesState {
  stream: MediaStream | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  choice: DeviceChoice;
  setChoice: (choice: Partial<DeviceChoice>) => void;
  /** 'idle' before asking, 'asking' while the browser prompts, 'ready', or 'denied' / 'unavailable'. */
  status: 'idle' | 'asking' | 'ready' | 'denied' | 'unavailable';
  error: string | null;
  start: () => Promise<MediaStream | null>;
  stop: () => void;
}

const constraints = (choice: DeviceChoice): MediaStreamConstraints => ({
  video: {
    ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
    width: { ideal: 1280 },
    height: { ideal: 720 },
    frameRate: { ideal: 30 },
  },
  audio: choice.microphoneId
    ? { deviceId: { exact: choice.microphoneId }, echoCancellation: true, noiseSuppression: true }
    : { echoCancellation: true, noiseSuppression: true },
});

/**
 * The camera and microphone for a broadcast or a private show: asks once (getUserMedia), lists the
 * devices (labels are only known after permission), and re-opens the stream when the choice changes.
 */
export function useMediaDevices(): MediaDevicesState {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [choice, setChoiceState] = useState<DeviceChoice>({ cameraId: '', microphoneId: '' });
  const [status, setStatus] = useState<MediaDevicesState['status']>('idle');
  const [error, setError] = useState<string | null>(null);
  const current = useRef<MediaStream | null>(null);

  const refreshDevices = useCallback(async () => {
    if (!navigator.mediaDevices?.enumerateDevices) return;
    setDevices(await navigator.mediaDevices.enumerateDevices());
  }, []);

  const open = useCallback(
    async (next: DeviceChoice) => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setStatus('unavailable');
        setError(i18n.t('streaming.devices.insecure'));
        return null;
      }
      setStatus('asking');
      setError(null);
      try {
        const media = await navigator.mediaDevices.getUserMedia(constraints(next));
        for (const t of current.current?.getTracks() ?? []) t.stop();
        current.current = media;
        setStream(media);
        setStatus('ready');
        const video = media.getVideoTracks()[0]?.getSettings().deviceId ?? '';
        const audio = media.getAudioTracks()[0]?.getSettings().deviceId ?? '';
        setChoiceState({ cameraId: next.cameraId || video, microphoneId: next.microphoneId || audio });
        await refreshDevices();
        return media;
      } catch (err) {
        const name = (err as DOMException)?.name;
        setStatus(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
        setError(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? i18n.t('streaming.devices.refused')
            : i18n.t('streaming.devices.none'),
        );
        return null;
      }
    },
    [refreshDevices],
  );

  const start = useCallback(() => open(choice), [open, choice]);

  const setChoice = useCallback(
    (patch: Partial<DeviceChoice>) => {
      const next = { ...choice, ...patch };
      setChoiceState(next);
      if (current.current) void open(next);
    },
    [choice, open],
  );

  const stop = useCallback(() => {
    for (const t of current.current?.getTracks() ?? []) t.stop();
    current.current = null;
    setStream(null);
    setStatus('idle');
  }, []);

  useEffect(() => {
    void refreshDevices();
    const md = navigator.mediaDevices;
    md?.addEventListener?.('devicechange', refreshDevices);
    return () => {
      md?.removeEventListener?.('devicechange', refreshDevices);
      for (const t of current.current?.getTracks() ?? []) t.stop();
    };
  }, [refreshDevices]);

  return {
    stream,
    cameras: devices.filter((d) => d.kind === 'videoinput' && d.deviceId),
    microphones: devices.filter((d) => d.kind === 'audioinput' && d.deviceId),
    choice,
    setChoice,
    status,
    error,
    start,
    stop,
  };
}
