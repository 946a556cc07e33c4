import type { IAgoraRTCClient, ICameraVideoTrack, IMicrophoneAudioTrack } from 'agora-rtc-sdk-ng';
import type { ApiData } from '../../../lib/api-contract';

/** What POST /streaming/agora/token answers (the token is bound to our user id and the channel). */
export type AgoraCredentials = ApiData<'/streaming/agora/token', 'post'>;

export interface AgoraRoom {
  leave: () => Promise<void>;
}

/**
 * The Agora provider (admin settings → streaming provider "agora"). The SDK is imported here on
 * demand only: the built-in path never downloads it.
 */
async function sdk() {
  const mod = await import('agora-rtc-sdk-ng');
  const AgoraRTC = mod.default;
  AgoraRTC.setLogLevel(3);
  return AgoraRTC;
}

/**
 * Joins a channel. `publish` sends the camera and microphone (a creator going live, or either party
 * of a private show); every remote video is played in `remoteContainer`.
 */
export async function joinAgora(options: {
  credentials: AgoraCredentials;
  /** 'live' for one-to-many streams (host / audience), 'rtc' for a private show. */
  mode: 'live' | 'rtc';
  publish?: { cameraId?: string; microphoneId?: string; localContainer?: HTMLElement | null };
  remoteContainer?: HTMLElement | null;
  onRemote?: (present: boolean) => void;
}): Promise<AgoraRoom> {
  const AgoraRTC = await sdk();
  const { credentials, mode, publish, remoteContainer, onRemote } = options;
  const client: IAgoraRTCClient = AgoraRTC.createClient({ mode, codec: 'vp8' });
  if (mode === 'live') await client.setClientRole(publish ? 'host' : 'audience');

  client.on('user-published', async (user, mediaType) => {
    await client.subscribe(user, mediaType);
    if (mediaType === 'video' && remoteContainer) user.videoTrack?.play(remoteContainer);
    if (mediaType === 'audio') user.audioTrack?.play();
    onRemote?.(true);
  });
  client.on('user-unpublished', () => onRemote?.(false));

  await client.join(credentials.appId, credentials.channelName, credentials.token, credentials.uid);

  let tracks: [IMicrophoneAudioTrack, ICameraVideoTrack] | null = null;
  if (publish) {
    tracks = await AgoraRTC.createMicrophoneAndCameraTracks(
      publish.microphoneId ? { microphoneId: publish.microphoneId } : undefined,
      publish.cameraId ? { cameraId: publish.cameraId, encoderConfig: '720p_2' } : { encoderConfig: '720p_2' },
    );
    if (publish.localContainer) tracks[1].play(publish.localContainer);
    await client.publish(tracks);
  }

  return {
    leave: async () => {
      for (const t of tracks ?? []) t.close();
      await client.leave();
    },
  };
}
