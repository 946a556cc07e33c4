import { JURISDICTION_ACTIONS, type JurisdictionAction } from '@marquee/shared/age-assurance';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Label } from '../../../components/ui/input';
import {
  addRecommendedRules,
  deleteJurisdictionRule,
  type JurisdictionRule,
  saveJurisdictionRule,
  useJurisdictionRules,
} from '../../age-assurance/api';
import { usePageTitle } from '../../settings/hooks';
import { act, Badge, SectionTitle, Select, Table, td } from './kit';

/** Admin › Jurisdictions (issue 27 item 2): a rule per country or region, changed in place. */
export default function JurisdictionsSection() {
  const { t } = useTranslation();
  usePageTitle(t('ageAssurance.admin.rulesTitle'));
  const { data, mutate } = useJurisdictionRules();
  const rows = data?.data ?? [];
  const run = async (fn: () => Promise<unknown>, done: string) => {
    await act(fn, done);
    await mutate();
  };
  return (
    <div className="space-y-6">
      <SectionTitle title={t('ageAssurance.admin.rulesTitle')}>
        <Button
          size="sm"
          variant="outline"
          onClick={async () => {
            const r = await addRecommendedRules();
            await run(async () => r, t('ageAssurance.admin.added', { count: r.added }));
          }}
        >
          {t('ageAssurance.admin.recommended')}
        </Button>
      </SectionTitle>
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('ageAssurance.admin.rulesIntro')}</p>
      <RuleForm onSave={(body) => run(() => saveJurisdictionRule(body), t('ageAssurance.admin.saved'))} />
      <Table
        empty={rows.length === 0}
        head={[
          t('ageAssurance.admin.country'),
          t('ageAssurance.admin.region'),
          t('ageAssurance.admin.action'),
          t('ageAssurance.admin.effectiveFrom'),
          t('ageAssurance.admin.law'),
          '',
        ]}
      >
        {rows.length === 0 ? (
          <tr>
            <td className={td} colSpan={6}>
              {t('ageAssurance.admin.empty')}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <RuleRow
              key={r._id}
              rule={r}
              onAction={(action) => run(() => saveJurisdictionRule({ ...r, action }), t('ageAssurance.admin.saved'))}
              onDelete={() => run(() => deleteJurisdictionRule(r._id), t('ageAssurance.admin.deleted'))}
            />
          ))
        )}
      </Table>
    </div>
  );
}

function RuleRow({
  rule,
  onAction,
  onDelete,
}: {
  rule: JurisdictionRule;
  onAction: (a: JurisdictionAction) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const place = `${rule.country}${rule.region ? `-${rule.region}` : ''}`;
  return (
    <tr data-testid={`rule-${place}`}>
      <td className={`${td} font-medium`}>{rule.country}</td>
      <td className={td}>{rule.region || '—'}</td>
      <td className={td}>
        <Select
          aria-label={`${t('ageAssurance.admin.action')}: ${place}`}
          value={rule.action}
          onChange={(e) => onAction(e.target.value as JurisdictionAction)}
        >
          {JURISDICTION_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`ageAssurance.admin.actions.${a}`)}
            </option>
          ))}
        </Select>
      </td>
      <td className={`${td} whitespace-nowrap`}>{rule.effectiveFrom}</td>
      <td className={td}>
        <span className="block max-w-md">{rule.law}</span>
        {rule.uncertain && <Badge tone="amber">{t('ageAssurance.admin.uncertain')}</Badge>}
      </td>
      <td className={td}>
        <Button size="sm" variant="danger" onClick={onDelete}>
          {t('ageAssurance.admin.delete')}
        </Button>
      </td>
    </tr>
  );
}

function RuleForm({ onSave }: { onSave: (body: Parameters<typeof saveJurisdictionRule>[0]) => Promise<void> }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState('');
  const [region, setRegion] = useState('');
  const [action, setAction] = useState<JurisdictionAction>('assurance');
  const [effectiveFrom, setEffectiveFrom] = useState(new Date().toISOString().slice(0, 10));
  const [law, setLaw] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await onSave({
      country: country.toUpperCase(),
      region: region.toUpperCase(),
      action,
      effectiveFrom,
      law,
      source: '',
      uncertain: false,
    });
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-zinc-200 p-4 sm:grid-cols-3 lg:grid-cols-6 dark:border-zinc-800"
    >
      <Field
        label={t('ageAssurance.admin.country')}
        value={country}
        maxLength={2}
        required
        onChange={(e) => setCountry(e.target.value)}
      />
      <Field
        label={t('ageAssurance.admin.region')}
        value={region}
        maxLength={3}
        onChange={(e) => setRegion(e.target.value)}
      />
      <div>
        <Label htmlFor="rule-action">{t('ageAssurance.admin.action')}</Label>
        <Select id="rule-action" value={action} onChange={(e) => setAction(e.target.value as JurisdictionAction)}>
          {JURISDICTION_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`ageAssurance.admin.actions.${a}`)}
            </option>
          ))}
        </Select>
      </div>
      <Field
        label={t('ageAssurance.admin.effectiveFrom')}
        type="date"
        value={effectiveFrom}
        required
        onChange={(e) => setEffectiveFrom(e.target.value)}
      />
      <Field label={t('ageAssurance.admin.law')} value={law} onChange={(e) => setLaw(e.target.value)} />
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          {t('ageAssurance.admin.save')}
        </Button>
      </div>
    </form>
  );
}
