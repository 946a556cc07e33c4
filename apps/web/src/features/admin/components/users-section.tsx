import { useState } from 'react';
import { Input } from '../../../components/ui/input';
import type { ApiQuery } from '../../../lib/api-contract';
import { usePageTitle } from '../../settings/hooks';
import { useAdminUsers } from '../api';
import { Badge, fmtDate, fmtMoney, Pager, SectionTitle, Select, Table, td } from './kit';
import { UserDetailDialog } from './user-detail';

type UsersQuery = NonNullable<ApiQuery<'/admin/users'>>;

export function UsersTable({ fixed = {} }: { fixed?: UsersQuery }) {
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
          placeholder="Search username, name, email"
          aria-label="Search accounts"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        {!fixed.role && (
          <Select
            aria-label="Role"
            value={role}
            onChange={(e) => {
              setRole(e.target.value as UsersQuery['role'] | '');
              setPage(1);
            }}
          >
            <option value="">All roles</option>
            <option value="user">Fans</option>
            <option value="performer">Creators</option>
            <option value="admin">Admins</option>
          </Select>
        )}
        <Select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as UsersQuery['status'] | '');
            setPage(1);
          }}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </Select>
      </div>
      <Table head={['Account', 'Role', 'Status', 'Identity', 'Wallet', 'Joined']} empty={data?.data.length === 0}>
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
            <td className={td}>{u.role}</td>
            <td className={td}>
              <Badge tone={u.status === 'active' ? 'green' : 'red'}>{u.status}</Badge>
            </td>
            <td className={td}>{u.verificationStatus ?? '—'}</td>
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
  usePageTitle('Admin: users');
  return (
    <div>
      <SectionTitle title="Users and creators" />
      <UsersTable />
    </div>
  );
}
