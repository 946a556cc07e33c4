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
    content: `<p>This page lists every kind of personal data this site keeps, why, and for how long. You can download all of it, or delete your account, from <a href="/user/account#your-data">Account settings → Your data</a>.</p>
<h2>What we collect and why</h2>
<ul>
<li><strong>Account</strong>: username, e-mail, name, password (stored only as a hash), two-factor secret, linked Google or X accounts. <em>Why:</em> to sign you in and reach you.</li>
<li><strong>Profile</strong>: what you choose to add (photo, cover, bio; for creators also location, languages and the details on your profile). <em>Why:</em> to show your profile.</li>
<li><strong>Messages, comments, reactions, follows</strong>. <em>Why:</em> they are the service you use.</li>
<li><strong>Payments</strong>: wallet top-ups, subscriptions, purchases, tips, earnings and payouts, with the amounts and dates. <em>Why:</em> to deliver what you paid for, and because tax and accounting law requires us to keep payment records.</li>
<li><strong>Delivery addresses</strong> for physical products. <em>Why:</em> to ship them.</li>
<li><strong>Creator identity documents</strong>. <em>Why:</em> age and identity checks required by law before a creator can earn.</li>
<li><strong>Uploaded files</strong>: photos, videos and documents you upload. <em>Why:</em> to host and show them to whom you choose.</li>
<li><strong>What you view, buy and subscribe to</strong> can reveal your sex life, which the GDPR treats as special-category data (Art. 9). We keep it only as long as needed: the stories you saw and the live streams you joined are deleted after 90 days (the operator's setting <em>viewing history retention</em>); a purchase keeps only what accounting law requires (amounts, date, the creator paid, what was bought), and the note you add to a tip is cleared after 365 days. We never sell or share it for advertising, and it is part of your data download.</li>
<li><strong>Moderation decisions</strong> about your account or content, with their statement of reasons, and your appeals. <em>Why:</em> the EU Digital Services Act (Art. 17, 20); see <a href="/account/decisions">Decisions about my account</a> and our <a href="/transparency">transparency report</a>.</li>
<li><strong>Devices</strong>: sign-in sessions (IP address, browser) and, if you turn push notifications on, each device's push address. <em>Why:</em> security (you can see and end sessions) and notifications.</li>
<li><strong>Notifications and e-mails</strong> we send you. <em>Why:</em> to tell you what happened and what you asked to be told.</li>
<li><strong>Reports and moderation records</strong>. <em>Why:</em> to keep the site safe.</li>
</ul>
<h2>Who sees it</h2>
<p>Creators see your username and what you send them. Payment providers process payments. Push notifications pass, encrypted end to end, through your browser maker's push service. We never sell your personal data.</p>
<h2>How long we keep it</h2>
<p>As long as your account exists. When you delete your account, everything above is deleted at once, except payment records, which the law requires us to keep: they stay without your name, e-mail or username.</p>
<h2>Your rights</h2>
<ul><li><strong>Access and portability</strong>: "Download my data" prepares a ZIP of everything (JSON and CSV files plus your uploads); the link works for 7 days.</li><li><strong>Correction</strong>: edit your details in account settings.</li><li><strong>Erasure</strong>: "Delete my account" after entering your password. If you cannot sign in, use the contact form and an admin will do it for you.</li></ul>
<h2>Cookies</h2>
<p>We use a sign-in cookie, an age-confirmation cookie and, if enabled by the site, analytics. The installable app keeps the site's program files on your device so it starts fast; it never stores your messages or paid content there.</p>`,
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
