import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { type RegisterTab, useUiStore } from '../../../lib/ui-store';
import { RegisterForm } from './register-form';
import { SocialLoginButtons } from './social-buttons';

/** Fan / Creator tabs of the register modal; loaded with the forms on first open. */
export default function RegisterPanel({ onDone }: { onDone: () => void }) {
  const tab = useUiStore((s) => s.registerTab);
  const setTab = useUiStore((s) => s.setRegisterTab);
  const { t } = useTranslation();
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as RegisterTab)}>
      <TabsList aria-label={t('auth.accountType')}>
        <TabsTrigger value="fan">{t('auth.fan')}</TabsTrigger>
        <TabsTrigger value="creator">{t('auth.creator')}</TabsTrigger>
      </TabsList>
      <TabsContent value="fan" className="space-y-4">
        <RegisterForm accountType="fan" onDone={onDone} />
        <SocialLoginButtons accountRole="user" returnTo="/user/account" />
      </TabsContent>
      <TabsContent value="creator" className="space-y-4">
        <RegisterForm accountType="creator" onDone={onDone} />
        <SocialLoginButtons accountRole="performer" returnTo="/creator/account" />
      </TabsContent>
    </Tabs>
  );
}
