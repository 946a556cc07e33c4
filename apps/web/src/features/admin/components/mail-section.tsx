import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { usePageTitle } from '../../settings/hooks';
import { type AdminMail, useAdminMail } from '../api';
import { Badge, fmtDate, Pager, SectionTitle, Table, td } from './kit';

export default function MailSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminOps.mail.pageTitle'));
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminMail | null>(null);
  const pageSize = 20;
  const { data } = useAdminMail({ q, page, pageSize });
  return (
    <div>
      <SectionTitle title={t('adminOps.mail.title')} />
      <p className="mb-3 text-sm text-zinc-500">{t('adminOps.mail.intro')}</p>
      <Input
        className="mb-3 h-10 max-w-xs"
        placeholder={t('adminOps.mail.search')}
        aria-label={t('adminOps.mail.searchLabel')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <Table
        head={[t('adminOps.mail.to'), t('adminOps.mail.subject'), t('adminOps.mail.status'), t('adminOps.mail.when')]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((m) => (
          <tr
            key={m._id}
            className="cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
            onClick={() => setOpen(m)}
          >
            <td className={td}>{m.to}</td>
            <td className={td}>
              <button type="button" className="text-left font-medium text-brand-700 dark:text-brand-300">
                {m.subject}
              </button>
            </td>
            <td className={td}>
              <Badge tone={m.status === 'failed' ? 'red' : m.status === 'sent' ? 'green' : 'zinc'}>
                {t(`adminOps.mail.statuses.${m.status}`)}
              </Badge>
            </td>
            <td className={td}>{fmtDate(m.createdAt)}</td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
      <Dialog
        open={!!open}
        onOpenChange={(o) => !o && setOpen(null)}
        title={open?.subject ?? ''}
        description={open ? t('adminOps.mail.toLine', { to: open.to, date: fmtDate(open.createdAt) }) : ''}
        size="lg"
      >
        {open?.error && <p className="mb-2 text-sm text-red-600">{open.error}</p>}
        {/* The plain-text part: links stay readable and copyable, and no mail HTML runs in the console. */}
        <pre className="max-h-[60vh] overflow-auto text-sm whitespace-pre-wrap break-words">{open?.text}</pre>
      </Dialog>
    </div>
  );
}
