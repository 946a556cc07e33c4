/** English, the source language. Keys of `nav` are the English labels of NAV_ITEMS. */
export const en = {
  nav: {
    Home: 'Home',
    Explore: 'Explore',
    'Live now': 'Live now',
    'Go live': 'Go live',
    Studio: 'Studio',
    Payouts: 'Payouts',
    Following: 'Following',
    Bookmarks: 'Bookmarks',
    'Saved posts': 'Saved posts',
    'My profile': 'My profile',
    'My posts': 'My posts',
    'My stories': 'My stories',
    'Mass messages': 'Mass messages',
    Subscriptions: 'Subscriptions',
    Wallet: 'Wallet',
    Orders: 'Orders',
    Earnings: 'Earnings',
    Referrals: 'Referrals',
    Account: 'Account',
    'Admin console': 'Admin console',
  },
  language: {
    title: 'Language',
    description: 'The language of the interface on every device you sign in to.',
    label: 'Interface language',
    saved: 'Language saved',
  },
  push: {
    title: 'Push notifications',
    description: 'Get told on this device about what you choose, even when Marquee is closed.',
    unsupported:
      'This browser cannot receive push notifications. On iPhone and iPad, add Marquee to your Home Screen first.',
    toldAbout: 'This device is told about',
    tellAbout: 'Tell this device about',
    turnOn: 'Turn on for this device',
    turnOff: 'Turn off on this device',
    save: 'Save choices',
    test: 'Send a test',
    otherDevices: 'Your other devices',
    remove: 'Remove',
  },
  privacy: {
    title: 'Your data',
    description: 'Download everything your account holds, or delete your account and personal data.',
    download: 'Download my data',
    delete: 'Delete my account',
    preparing: 'Preparing your data… {{progress}}%',
    downloadZip: 'Download ZIP ({{size}})',
    linkUntil: 'The link works until {{date}}.',
  },
  update: {
    ready: 'A new version of Marquee is ready.',
    reload: 'Reload',
    later: 'Later',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** Every other language has exactly these keys (checked by i18n.test.ts and by the type). */
export type Messages = Shape<typeof en>;
