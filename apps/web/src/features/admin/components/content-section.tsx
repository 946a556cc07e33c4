import { MODERATED_TYPES } from '@marquee/shared/admin';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import { adminActions, type ModeratedType, refreshAdmin, useAdminContent } from '../api';
import { Badge, fmtDate, Pager, SectionTitle, Select, Table, td } from './kit';

export async function takeDown(type: ModeratedType, id: string) {
  const reason = window.prompt('Why is it taken down? The creator is told.');
  if (!reason) return;
  try {
    await adminActions.takedown(type, id, reason);
    toast.success('Taken down');
    await refreshAdmin();
  } catch (err) {
    toast.error(getErrorMessage(err));
  }
}

export default function ContentSection() {
  usePageTitle('Admin: content');
  const [type, setType] = useState<ModeratedType>('feed');
  const [q, setQ] = useState('');
  const [moderation, setModeration] = useState<'live' | 'taken_down' | ''>('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { data } = useAdminContent({ type, q, moderation: moderation || undefined, page, pageSize });
  return (
    <div>
      <SectionTitle title="Content moderation" />
      <div className="mb-3 flex flex-wrap gap-2">
        <Select
          aria-label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value as ModeratedType);
            setPage(1);
          }}
        >
          {MODERATED_TYPES.map((t) => (
            <option key={t} value={t}>
              {t === 'feed' ? 'posts' : t === 'story' ? 'stories' : `${t}s`}
            </option>
          ))}
        </Select>
        <Input
          className="h-10 max-w-xs"
          placeholder="Search"
          aria-label="Search content"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Moderation state"
          value={moderation}
          onChange={(e) => {
            setModeration(e.target.value as 'live' | 'taken_down' | '');
            setPage(1);
          }}
        >
          <option value="">Any state</option>
          <option value="live">Live</option>
          <option value="taken_down">Taken down</option>
        </Select>
      </div>
      <Table head={['Item', 'Creator', 'Visibility', 'State', 'Created', '']} empty={data?.data.length === 0}>
        {data?.data.map((c) => (
          <tr key={c._id}>
            <td className={`${td} max-w-sm`}>{c.title}</td>
            <td className={td}>@{c.creator?.username ?? '—'}</td>
            <td className={td}>{c.visibility}</td>
            <td className={td}>
              {c.takenDown ? <Badge tone="red">taken down</Badge> : <Badge tone="green">{c.status}</Badge>}
              {c.takedownReason && <div className="text-xs text-zinc-500">{c.takedownReason}</div>}
            </td>
            <td className={td}>{fmtDate(c.createdAt)}</td>
            <td className={td}>
              {c.takenDown ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={async () => {
                    try {
                      await adminActions.restore(c.type, c._id);
                      toast.success('Restored');
                      await refreshAdmin();
                    } catch (err) {
                      toast.error(getErrorMessage(err));
                    }
                  }}
                >
                  Restore
                </Button>
              ) : (
                <Button size="sm" variant="danger" onClick={() => takeDown(c.type, c._id)}>
                  Take down
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
