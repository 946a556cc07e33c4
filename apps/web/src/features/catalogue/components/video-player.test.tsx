import type { MediaFile } from '@marquee/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoPlayer } from './video-player';

afterEach(cleanup);

/** A page that shows one video from an SWR query, as the catalogue pages do. */
function Page({ fetcher }: { fetcher: () => Promise<MediaFile> }) {
  const { data } = useSWR('/performer-assets/videos/x', fetcher, { revalidateOnFocus: false });
  return data ? <VideoPlayer file={data} /> : null;
}

const file = (n: number): MediaFile =>
  ({
    _id: 'f',
    type: 'video',
    status: 'ready',
    mimeType: 'video/mp4',
    size: 1,
    thumbnails: [],
    url: `/api/media/file/f/mp4?exp=${n}&sig=s&v=u`,
  }) as MediaFile;

describe('VideoPlayer (issue 17, item 3: short-lived links)', () => {
  it('on a failed request (an expired link) refetches the data on screen, plays the fresh link and resumes where it was', async () => {
    let calls = 0;
    const fetcher = async () => file(++calls);
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Page fetcher={fetcher} />
      </SWRConfig>,
    );
    const video = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    expect(video.getAttribute('src') ?? video.src).toContain('exp=1');
    Object.defineProperty(video, 'currentTime', { value: 42, writable: true, configurable: true });

    await act(async () => {
      video.dispatchEvent(new Event('error'));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls).toBe(2);
    expect(video.src).toContain('exp=2');
    video.currentTime = 0;
    await act(async () => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(video.currentTime).toBe(42);

    // A second failure right away does not loop.
    await act(async () => {
      video.dispatchEvent(new Event('error'));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls).toBe(2);
  });
});
