import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import type { ApiQuery } from '../../../lib/api-contract';
import { usePageTitle } from '../../settings/hooks';
import { useAdminUsers } from '../api';
import { Badge, fmtDate, fmtMoney, Pager, SectionTitle, Select, Table, td, word } from './kit';
import { UserDetailDialog } from './user-detail';

type UsersQuery = NonNullable<ApiQuery<'/admin/users'>>;

export function UsersTable({ fixed = {} }: { fixed?: UsersQuery }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<UsersQuery['role'] | ''>('');
  const [status, setStatus] = useState<UsersQuery['status'] | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const pageSize = 20;
  const { data } = useAdminUsers({ q, role: role || undefined, status: status || undefined, page, pageSize, ...fixed });
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2">
        <Input
          className="h-10 max-w-xs"
          placeholder={t('adminUsers.search')}
          aria-label={t('adminUsers.searchLabel')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        {!fixed.role && (
          <Select
            aria-label={t('adminUsers.role')}
            value={role}
            onChange={(e) => {
              setRole(e.target.value as UsersQuery['role'] | '');
              setPage(1);
            }}
          >
            <option value="">{t('adminUsers.allRoles')}</option>
            <option value="user">{t('adminUsers.fans')}</option>
            <option value="performer">{t('adminUsers.creators')}</option>
            <option value="admin">{t('adminUsers.admins')}</option>
          </Select>
        )}
        <Select
          aria-label={t('adminUsers.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as UsersQuery['status'] | '');
            setPage(1);
          }}
        >
          <option value="">{t('adminUsers.anyStatus')}</option>
          <option value="active">{t('adminUsers.active')}</option>
          <option value="suspended">{t('adminUsers.suspended')}</option>
        </Select>
      </div>
      <Table
        head={[
          t('adminUsers.account'),
          t('adminUsers.role'),
          t('adminUsers.status'),
          t('adminUsers.identity'),
          t('adminUsers.wallet'),
          t('adminUsers.joined'),
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((u) => (
          <tr
            key={u._id}
            className="cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
            onClick={() => setOpen(u._id)}
          >
            <td className={td}>
              <button type="button" className="text-left font-semibold text-brand-700 dark:text-brand-300">
                @{u.username ?? '—'}
              </button>
              <div className="text-xs text-zinc-500">{u.email}</div>
            </td>
            <td className={td}>{word('adminCommon.role', u.role)}</td>
            <td className={td}>
              <Badge tone={u.status === 'active' ? 'green' : 'red'}>
                {word('adminCommon.accountStatus', u.status)}
              </Badge>
            </td>
            <td className={td}>{word('adminCommon.identity', u.verificationStatus)}</td>
            <td className={td}>{fmtMoney(u.balance)}</td>
            <td className={td}>{fmtDate(u.createdAt)}</td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
      <UserDetailDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}

export default function UsersSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminUsers.pageTitle'));
  return (
    <div>
      <SectionTitle title={t('adminUsers.title')} />
      <UsersTable />
    </div>
  );
}
