import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { usePageTitle } from '../../settings/hooks';
import { type AdminMail, useAdminMail } from '../api';
import { Badge, fmtDate, Pager, SectionTitle, Table, td } from './kit';

export default function MailSection() {
  usePageTitle('Admin: mail outbox');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminMail | null>(null);
  const pageSize = 20;
  const { data } = useAdminMail({ q, page, pageSize });
  return (
    <div>
      <SectionTitle title="Mail outbox" />
      <p className="mb-3 text-sm text-zinc-500">
        Every outgoing mail. Without SMTP they are only stored here, so verification and recovery links can be read.
      </p>
      <Input
        className="mb-3 h-10 max-w-xs"
        placeholder="Search recipient or subject"
        aria-label="Search mail"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <Table head={['To', 'Subject', 'Status', 'When']} empty={data?.data.length === 0}>
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
              <Badge tone={m.status === 'failed' ? 'red' : m.status === 'sent' ? 'green' : 'zinc'}>{m.status}</Badge>
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
        description={open ? `To ${open.to} · ${fmtDate(open.createdAt)}` : ''}
        size="lg"
      >
        {open?.error && <p className="mb-2 text-sm text-red-600">{open.error}</p>}
        {/* The plain-text part: links stay readable and copyable, and no mail HTML runs in the console. */}
        <pre className="max-h-[60vh] overflow-auto text-sm whitespace-pre-wrap break-words">{open?.text}</pre>
      </Dialog>
    </div>
  );
}
