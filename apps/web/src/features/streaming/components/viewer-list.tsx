import { MicOff, UserX, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Card, CardContent, CardHeader, CardTitle, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { type StreamViewers, streamingApi } from '../api';

/** The creator's viewer list: who watches now, with mute and remove. */
export function ViewerList({ streamId, live }: { streamId: string; live: StreamViewers | null }) {
  const { t } = useTranslation();
  const [data, setData] = useState<StreamViewers | null>(null);
  useEffect(() => {
    streamingApi
      .viewers(streamId)
      .then(setData)
      .catch(() => undefined);
  }, [streamId]);
  useEffect(() => {
    if (live) setData(live);
  }, [live]);

  const act = async (fn: () => Promise<StreamViewers>, done: string) => {
    try {
      setData(await fn());
      toast.success(done);
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  const viewers = data?.viewers ?? [];
  return (
    <Card data-testid="viewer-list">
      <CardHeader>
        <CardTitle>
          {t('streaming.viewerList.title')} <span className="text-zinc-500">({data?.count ?? 0})</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {viewers.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {data?.count ? t('streaming.viewerList.onlyVisitors') : t('streaming.viewerList.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {viewers.map((v) => (
              <li key={v._id} className="flex items-center gap-3 py-2" data-testid="viewer">
                <Avatar src={v.avatar} alt="" size="xs" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">
                  {v.name}
                  {v.muted && (
                    <span className="ml-1.5 text-xs font-normal text-zinc-500">
                      {t('streaming.viewerList.mutedMark')}
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    act(
                      () => streamingApi.mute(streamId, v._id, !v.muted),
                      v.muted ? `${v.name} can chat` : `${v.name} is muted`,
                    )
                  }
                  aria-label={
                    v.muted
                      ? t('streaming.viewerList.unmute', { name: v.name })
                      : t('streaming.viewerList.mute', { name: v.name })
                  }
                >
                  {v.muted ? (
                    <Volume2 className="size-4" aria-hidden="true" />
                  ) : (
                    <MicOff className="size-4" aria-hidden="true" />
                  )}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600"
                  onClick={() =>
                    act(() => streamingApi.remove(streamId, v._id), t('streaming.viewerList.removed', { name: v.name }))
                  }
                  aria-label={t('streaming.viewerList.remove', { name: v.name })}
                >
                  <UserX className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
