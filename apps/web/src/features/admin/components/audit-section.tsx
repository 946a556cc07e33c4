import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { usePageTitle } from '../../settings/hooks';
import { useAudit } from '../api';
import { fmtDate, Pager, SectionTitle, Table, td } from './kit';

const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 1));

export default function AuditSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminOps.audit.pageTitle'));
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = 25;
  const { data } = useAudit({ action, page, pageSize });
  return (
    <div>
      <SectionTitle title={t('adminOps.audit.title')} />
      <Input
        className="mb-3 h-10 max-w-xs"
        placeholder={t('adminOps.audit.filter')}
        aria-label={t('adminOps.audit.filterLabel')}
        value={action}
        onChange={(e) => {
          setAction(e.target.value.trim());
          setPage(1);
        }}
      />
      <Table
        head={[
          t('adminOps.audit.when'),
          t('adminOps.audit.who'),
          t('adminOps.audit.action'),
          t('adminOps.audit.target'),
          t('adminOps.audit.before'),
          t('adminOps.audit.after'),
          t('adminOps.audit.reason'),
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((e) => (
          <tr key={e._id}>
            <td className={`${td} whitespace-nowrap`}>{fmtDate(e.createdAt)}</td>
            <td className={td}>@{e.actor?.username ?? '—'}</td>
            <td className={`${td} font-mono text-xs`}>{e.action}</td>
            <td className={`${td} text-xs`}>
              {e.targetType} {e.targetId}
            </td>
            <td className={td}>
              <pre className="max-w-56 text-xs break-all whitespace-pre-wrap">{show(e.before)}</pre>
            </td>
            <td className={td}>
              <pre className="max-w-56 text-xs break-all whitespace-pre-wrap">{show(e.after)}</pre>
            </td>
            <td className={td}>{e.reason ?? ''}</td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
