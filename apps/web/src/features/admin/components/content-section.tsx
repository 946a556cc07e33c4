import { MODERATED_TYPES } from '@marquee/shared/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { usePageTitle } from '../../settings/hooks';
import { adminActions, type ModeratedType, refreshAdmin, useAdminContent } from '../api';
import { Badge, fmtDate, Pager, SectionTitle, Select, Table, td, word } from './kit';

export async function takeDown(type: ModeratedType, id: string) {
  const reason = window.prompt(i18n.t('adminOps.content.why'));
  if (!reason) return;
  try {
    await adminActions.takedown(type, id, reason);
    toast.success(i18n.t('adminOps.content.takenDown'));
    await refreshAdmin();
  } catch (err) {
    toast.error(getErrorMessage(err));
  }
}

export default function ContentSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminOps.content.pageTitle'));
  const [type, setType] = useState<ModeratedType>('feed');
  const [q, setQ] = useState('');
  const [moderation, setModeration] = useState<'live' | 'taken_down' | ''>('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { data } = useAdminContent({ type, q, moderation: moderation || undefined, page, pageSize });
  return (
    <div>
      <SectionTitle title={t('adminOps.content.title')} />
      <div className="mb-3 flex flex-wrap gap-2">
        <Select
          aria-label={t('adminOps.content.type')}
          value={type}
          onChange={(e) => {
            setType(e.target.value as ModeratedType);
            setPage(1);
          }}
        >
          {MODERATED_TYPES.map((m) => (
            <option key={m} value={m}>
              {t(`adminOps.content.types.${m}`)}
            </option>
          ))}
        </Select>
        <Input
          className="h-10 max-w-xs"
          placeholder={t('adminOps.content.search')}
          aria-label={t('adminOps.content.searchLabel')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label={t('adminOps.content.state')}
          value={moderation}
          onChange={(e) => {
            setModeration(e.target.value as 'live' | 'taken_down' | '');
            setPage(1);
          }}
        >
          <option value="">{t('adminOps.content.anyState')}</option>
          <option value="live">{t('adminOps.content.live')}</option>
          <option value="taken_down">{t('adminOps.content.takenDown')}</option>
        </Select>
      </div>
      <Table
        head={[
          t('adminOps.content.item'),
          t('adminOps.content.creator'),
          t('adminOps.content.visibility'),
          t('adminOps.content.stateColumn'),
          t('adminOps.content.created'),
          '',
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((c) => (
          <tr key={c._id}>
            <td className={`${td} max-w-sm`}>{c.title}</td>
            <td className={td}>@{c.creator?.username ?? '—'}</td>
            <td className={td}>{c.visibility ? word('adminCommon.visibility', c.visibility) : ''}</td>
            <td className={td}>
              {c.takenDown ? (
                <Badge tone="red">{t('adminOps.content.takenDownBadge')}</Badge>
              ) : (
                <Badge tone="green">{word('adminCommon.contentStatus', c.status)}</Badge>
              )}
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
                      toast.success(t('adminOps.content.restored'));
                      await refreshAdmin();
                    } catch (err) {
                      toast.error(getErrorMessage(err));
                    }
                  }}
                >
                  {t('adminOps.content.restore')}
                </Button>
              ) : (
                <Button size="sm" variant="danger" onClick={() => takeDown(c.type, c._id)}>
                  {t('adminOps.content.takeDown')}
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
