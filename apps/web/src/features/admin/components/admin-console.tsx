import {
  BadgeCheck,
  BarChart3,
  Cctv,
  ClipboardList,
  FileSearch,
  FileText,
  Fingerprint,
  Flag,
  Globe2,
  History,
  IdCard,
  ListChecks,
  type LucideIcon,
  Mail,
  Radio,
  Scale,
  Settings,
  ShieldAlert,
  ShieldX,
  Users,
  Wallet,
} from 'lucide-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth/api';
import { word } from './kit';

const SECTIONS: Array<{
  id: string;
  label: string;
  /** An i18n key for sections whose texts are translated (the others are English for now). */
  labelKey?:
    | 'compliance.nav.hashLists'
    | 'compliance.nav.hashMatches'
    | 'complianceReport.title'
    | 'liveMonitor.title'
    | 'ageAssurance.admin.rulesTitle'
    | 'ageAssurance.admin.checksTitle'
    | 'dsa.adminTitle';
  icon: LucideIcon;
  /** Open to moderators too (the server's access 'moderator'); the others are admins only. */
  staff?: true;
  load: () => Promise<{ default: ComponentType }>;
}> = [
  { id: 'dashboard', label: 'Dashboard', icon: BarChart3, load: () => import('./dashboard-section') },
  { id: 'settings', label: 'Settings', icon: Settings, load: () => import('./settings-section') },
  { id: 'users', label: 'Users and creators', icon: Users, load: () => import('./users-section') },
  { id: 'verification', label: 'Verification queue', icon: BadgeCheck, load: () => import('./verification-section') },
  { id: 'content', label: 'Content', icon: ShieldAlert, load: () => import('./content-section') },
  {
    id: 'review',
    label: 'Review queue',
    icon: ListChecks,
    load: () => import('../../review/components/review-queue-section'),
    staff: true,
  },
  {
    id: 'live-monitor',
    label: 'Live monitor',
    labelKey: 'liveMonitor.title',
    icon: Cctv,
    load: () => import('../../live-monitor/components/live-monitor-section'),
    staff: true,
  },
  { id: 'reports', label: 'Reports', icon: Flag, load: () => import('./reports-section'), staff: true },
  {
    id: 'complaints',
    label: 'Complaints',
    icon: Scale,
    staff: true,
    load: () => import('../../complaints/components/complaints-queue'),
  },
  {
    id: 'appeals',
    label: 'Appeals',
    labelKey: 'dsa.adminTitle',
    icon: Scale,
    staff: true,
    load: () => import('../../dsa/components/appeals-section'),
  },
  { id: 'leaks', label: 'Leaks', icon: FileSearch, load: () => import('../../leaks/components/leaks-section') },
  {
    id: 'acquirer-report',
    label: 'Acquirer report',
    labelKey: 'complianceReport.title',
    icon: ClipboardList,
    load: () => import('../../compliance-report/components/compliance-report-section'),
  },
  {
    id: 'hash-matches',
    label: 'Hash matches',
    labelKey: 'compliance.nav.hashMatches',
    icon: ShieldX,
    load: () => import('./hash-matches-section'),
  },
  {
    id: 'hash-lists',
    label: 'Hash lists',
    labelKey: 'compliance.nav.hashLists',
    icon: Fingerprint,
    load: () => import('./hash-lists-section'),
  },
  { id: 'streams', label: 'Live streams', icon: Radio, load: () => import('./streams-section'), staff: true },
  {
    id: 'jurisdictions',
    label: 'Jurisdictions',
    labelKey: 'ageAssurance.admin.rulesTitle',
    icon: Globe2,
    load: () => import('./jurisdictions-section'),
  },
  {
    id: 'age-checks',
    label: 'Age checks',
    labelKey: 'ageAssurance.admin.checksTitle',
    icon: IdCard,
    load: () => import('./age-checks-section'),
  },
  { id: 'money', label: 'Money', icon: Wallet, load: () => import('./money-section') },
  { id: 'pages', label: 'Pages and promos', icon: FileText, load: () => import('./pages-section') },
  { id: 'mail', label: 'Mail outbox', icon: Mail, load: () => import('./mail-section') },
  { id: 'audit', label: 'Audit log', icon: History, load: () => import('./audit-section') },
];
const LAZY = Object.fromEntries(SECTIONS.map((s) => [s.id, lazy(s.load)]));

/** A section's name in the interface language (`adminCommon.sections.<id>`); one without a key shows its label. */
function sectionName(s: { id: string; label: string }) {
  const name = word('adminCommon.sections', s.id);
  return name === s.id ? s.label : name;
}

/**
 * The admin console: a sidebar of the sections and the chosen one. The server checks every call; this only hides.
 * A moderator (staffRole) sees the moderation sections only and starts on the live monitor.
 */
export function AdminConsole({ section = 'dashboard' }: { section?: string }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading || !user) return <PageSpinner />;
  const admin = user.role === 'admin';
  if (!admin && user.staffRole !== 'moderator') {
    return <EmptyState title={t('adminCommon.adminsOnly')} description={t('adminCommon.adminsOnlyHint')} />;
  }
  const visible = admin ? SECTIONS : SECTIONS.filter((s) => s.staff);
  if (!visible.some((s) => s.id === section)) section = admin ? 'dashboard' : 'live-monitor';
  const Section = LAZY[section] ?? LAZY.dashboard;
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <nav aria-label={t('adminCommon.nav')} className="lg:sticky lg:top-20 lg:h-fit lg:w-56 lg:shrink-0">
        <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
          {t('adminCommon.admin')}
        </p>
        <ul className="flex gap-1 overflow-x-auto lg:flex-col">
          {visible.map((s) => (
            <li key={s.id}>
              <NavLink
                to={s.id === 'dashboard' ? '/admin' : `/admin/${s.id}`}
                end
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-medium whitespace-nowrap',
                    isActive || s.id === section
                      ? 'bg-brand-50 text-brand-700 dark:bg-brand-950/40 dark:text-brand-300'
                      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                  )
                }
              >
                <s.icon className="size-4" aria-hidden />
                {s.labelKey ? t(s.labelKey) : sectionName(s)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Section />
        </Suspense>
      </div>
    </div>
  );
}
