/** Pages every site starts with; admins edit them later (PUT /posts/{id}). */
export const DEFAULT_PAGES: Array<{
  slug: string;
  title: string;
  shortDescription: string;
  ordering: number;
  content: string;
}> = [
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    shortDescription: 'The rules for using this site as a fan or a creator.',
    ordering: 1,
    content: `<h2>1. Who may use the site</h2>
<p>You must be at least 18 years old, or the age of majority where you live, to use this site. By entering you confirm that you are.</p>
<h2>2. Accounts</h2>
<p>Keep your password safe; you are responsible for what happens under your account. One person, one account.</p>
<h2>3. Creators</h2>
<p>Creators must verify their identity before earning. Creators own their content and grant the site a licence to host and show it to the fans they choose. Every person appearing in content must be an adult who consented, with records kept as the law requires.</p>
<h2>4. Fans</h2>
<p>Subscriptions, purchases and tips are paid with tokens from your wallet. Content you pay for is for your personal use only: do not copy, record or share it.</p>
<h2>5. Payments and refunds</h2>
<p>Prices are shown before you pay. Subscriptions renew until you cancel; cancelling keeps access until the end of the paid period. Refunds are granted when required by law or at our discretion.</p>
<h2>6. Prohibited content and conduct</h2>
<ul><li>Anything involving minors, non-consent, or illegal acts</li><li>Harassment, hate speech, impersonation, spam</li><li>Content you do not have the rights to</li></ul>
<p>Report anything that breaks these rules with the Report button. We may remove content and suspend accounts.</p>
<h2>7. Changes</h2>
<p>We may update these terms; we will tell you about important changes. Continuing to use the site means you accept them.</p>`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    shortDescription: 'What we collect, why, and your choices.',
    ordering: 2,
    content: `<h2>What we collect</h2>
<p>Account details (username, email, password hash), profile information you choose to add, payments and wallet history, messages, and technical data such as IP address and device information.</p>
<h2>Why</h2>
<ul><li>To run your account, deliver content and process payments</li><li>To keep the site safe: fraud prevention, age and identity checks, enforcing blocks and regional rules</li><li>To meet legal obligations</li></ul>
<h2>Who sees it</h2>
<p>Creators see your username and what you send them. Payment providers process payments. We never sell your personal data.</p>
<h2>Your rights</h2>
<p>You can access, correct or delete your data, and close your account, from your account settings or by contacting us.</p>
<h2>Cookies</h2>
<p>We use a sign-in cookie, an age-confirmation cookie and, if enabled by the site, analytics.</p>`,
  },
  {
    slug: '2257',
    title: '18 U.S.C. 2257 Record-keeping requirements compliance statement',
    shortDescription: 'Age verification records for content on this site.',
    ordering: 3,
    content: `<p>All persons who appear in any visual depiction of actual or simulated sexually explicit conduct on this site were at least eighteen years of age at the time the depiction was created.</p>
<p>Content on this site is produced by independent creators, who are the producers of their content under 18 U.S.C. §2257 and 28 C.F.R. Part 75. Every creator must verify their identity and age before publishing, and must keep records for every person appearing in their content.</p>
<p>Requests concerning these records can be sent through the contact form.</p>`,
  },
  {
    slug: 'faq',
    title: 'Frequently asked questions',
    shortDescription: 'Answers for fans and creators.',
    ordering: 4,
    content: `<h3>How do I subscribe to a creator?</h3>
<p>Open their profile and choose a subscription. Some creators offer a free trial.</p>
<h3>What is the difference between following and subscribing?</h3>
<p>Following is free and keeps you up to date with public posts. Subscribing unlocks the creator's subscriber-only content for the paid period.</p>
<h3>How do tokens work?</h3>
<p>Top up your wallet, then spend tokens on subscriptions, tips and purchases. One token equals one unit of the site currency.</p>
<h3>How do I become a creator?</h3>
<p>Sign up as a creator, complete your profile and verify your identity. Once approved you can publish and earn.</p>
<h3>How do I report something?</h3>
<p>Use the Report button on a profile or post. Our team reviews every report.</p>`,
  },
];
