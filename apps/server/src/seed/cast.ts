import { Readable } from 'node:stream';
import type { ContentType } from '@marquee/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { newId } from '../db/ids';
import { feeds, performers, users } from '../db/schema';
import { storageFor } from '../lib/storage';
import { findOrCreatePrivate, recordMessage } from '../modules/conversations/conversations.repo';
import { createFeed } from '../modules/feeds/feeds.service';
import { addFollow } from '../modules/follows/follows.repo';
import { clearing, transfer, wallet } from '../modules/ledger/ledger.service';
import { previewOf } from '../modules/messages/messages.presenter';
import { insertMessages } from '../modules/messages/messages.repo';
import { createStory } from '../modules/stories/stories.service';
import { subscribe } from '../modules/subscriptions/subscriptions.service';
import { insertUser } from '../modules/users/users.repo';
import { chargeWallet } from '../modules/wallet/charges.service';
import { avatarWebp, coverWebp, type Theme } from './art';
import type { Plan } from './catalogue';
import { CREATOR_THEMES } from './catalogue';
import { seedPhoto } from './feeds';

/**
 * The wider demo cast: nine more creators across the profile options (each with an avatar, a
 * cover, a bio, posts with pictures, a gallery, a product, a clip and stories) and four more fans
 * who follow, subscribe, buy and message. The first six accounts (demo.ts) stay the documented
 * logins; these share the same password.
 */

type Profile = Partial<typeof performers.$inferInsert>;
interface Post {
  text: string;
  hoursAgo: number;
  photos?: string[];
  visibility?: 'free' | 'subscribers' | 'sale';
  price?: number;
  tags?: string[];
}
export interface CastCreator {
  username: string;
  name: string;
  look: 'f' | 'm';
  themes: Theme[];
  profile: Profile;
  posts: Post[];
  stories: string[];
  plans: Partial<Record<ContentType, Plan[]>>;
}

export const CAST_CREATORS: CastCreator[] = [
  {
    username: 'mila',
    name: 'Mila Chen',
    look: 'f',
    themes: ['bokeh', 'studio'],
    profile: {
      bio: 'Home baker and food stylist. Weekly recipes, plating secrets and the occasional kitchen disaster.',
      gender: 'female',
      sexualOrientation: 'straight',
      country: 'SG',
      city: 'Singapore',
      languages: ['en', 'zh'],
      age: '25_29',
      ethnicity: 'asian',
      hair: 'black',
      eyes: 'brown',
      bodyType: 'slim',
      height: '160 cm',
      monthlyPrice: 699,
      yearlyPrice: 6900,
    },
    posts: [
      {
        text: 'Brown butter cookies, round three. This time they came out perfect 🍪',
        hoursAgo: 3,
        photos: ['Cookies', 'Dough'],
        tags: ['baking'],
      },
      {
        text: 'Subscribers: the full croissant lamination walkthrough.',
        hoursAgo: 28,
        photos: ['Croissants'],
        visibility: 'subscribers',
      },
      {
        text: 'My plating cheat-sheet, 12 photos. Unlock once, keep forever.',
        hoursAgo: 70,
        photos: ['Plating'],
        visibility: 'sale',
        price: 3.99,
      },
    ],
    stories: ['Proofing overnight 🌙', 'Sunday market haul'],
    plans: {
      gallery: [
        {
          title: 'Golden hour pastries',
          tags: ['baking'],
          visibility: 'free',
          photos: ['Tart', 'Brioche', 'Macarons', 'Galette'],
        },
      ],
      product: [
        {
          title: 'My recipe e-book',
          description: '40 recipes, step by step.',
          productType: 'digital',
          price: 12,
          photos: ['Recipe book'],
        },
      ],
      reel: [
        { title: 'Cake decorating in 10 seconds', tags: ['cake'], visibility: 'free', videoSeconds: 4, vertical: true },
      ],
    },
  },
  {
    username: 'diego',
    name: 'Diego Santos',
    look: 'm',
    themes: ['city', 'neon'],
    profile: {
      bio: 'Street dancer and choreographer from São Paulo. Tutorials, battles and studio sessions.',
      gender: 'male',
      sexualOrientation: 'straight',
      country: 'BR',
      city: 'São Paulo',
      languages: ['pt', 'en', 'es'],
      age: '20_24',
      ethnicity: 'hispanic',
      hair: 'black',
      eyes: 'brown',
      bodyType: 'muscular',
      height: '180 cm',
      monthlyPrice: 799,
      yearlyPrice: 7900,
    },
    posts: [
      {
        text: 'Night session on the rooftop. New choreography drops Friday 🕺',
        hoursAgo: 1,
        photos: ['Rooftop'],
        tags: ['dance'],
      },
      {
        text: 'Full breakdown of the footwork combo, slow motion, for subscribers.',
        hoursAgo: 22,
        photos: ['Footwork'],
        visibility: 'subscribers',
      },
      {
        text: 'Battle recap: we made it to the final! Thank you for all the messages.',
        hoursAgo: 48,
        photos: ['Battle', 'Crew'],
      },
    ],
    stories: ['Warm-up 🔥', 'Studio at midnight'],
    plans: {
      video: [{ title: 'Footwork basics, lesson 1', tags: ['tutorial'], visibility: 'subscribers', videoSeconds: 5 }],
      gallery: [{ title: 'Battle night', tags: ['dance'], visibility: 'free', photos: ['Stage', 'Crowd', 'Lights'] }],
      product: [
        { title: 'Crew hoodie', productType: 'physical', price: 45, stock: 30, shippingFee: 7, photos: ['Hoodie'] },
      ],
    },
  },
  {
    username: 'aiko',
    name: 'Aiko Tanaka',
    look: 'f',
    themes: ['neon', 'city', 'studio'],
    profile: {
      bio: 'Illustrator and digital artist. Process videos, brushes, and prints of every piece.',
      gender: 'female',
      sexualOrientation: 'bisexual',
      country: 'JP',
      city: 'Osaka',
      languages: ['ja', 'en'],
      age: '30_34',
      ethnicity: 'asian',
      hair: 'dyed',
      eyes: 'brown',
      bodyType: 'petite',
      height: '155 cm',
      monthlyPrice: 599,
      yearlyPrice: 5900,
      freeSubscriptionEnabled: true,
      freeSubscriptionDays: 3,
    },
    posts: [
      {
        text: 'Finished piece: "Neon rain". 14 hours in total. Swipe for the sketch.',
        hoursAgo: 6,
        photos: ['Neon rain', 'Sketch'],
        tags: ['art'],
      },
      {
        text: 'My full brush pack and layer file for subscribers 🎨',
        hoursAgo: 30,
        photos: ['Brushes'],
        visibility: 'subscribers',
      },
    ],
    stories: ['Work in progress ✏️', 'New tablet day!'],
    plans: {
      gallery: [
        {
          title: 'City lights series',
          tags: ['art'],
          visibility: 'sale',
          price: 6.5,
          photos: ['Tokyo', 'Osaka', 'Kyoto', 'Nara'],
        },
      ],
      product: [
        {
          title: 'Art print: Neon rain',
          productType: 'physical',
          price: 28,
          stock: 50,
          shippingFee: 5,
          photos: ['Print'],
        },
      ],
      video: [{ title: 'Speed painting: Neon rain', tags: ['process'], visibility: 'free', videoSeconds: 5 }],
    },
  },
  {
    username: 'noah',
    name: 'Noah Bennett',
    look: 'm',
    themes: ['forest', 'mountains'],
    profile: {
      bio: 'Trail runner and outdoor guide. Routes, gear reviews and sunrise summits.',
      gender: 'male',
      sexualOrientation: 'gay',
      country: 'NZ',
      city: 'Queenstown',
      languages: ['en'],
      age: '35_39',
      ethnicity: 'caucasian',
      hair: 'brown',
      eyes: 'green',
      bodyType: 'muscular',
      height: '185 cm',
      monthlyPrice: 899,
      yearlyPrice: 8900,
    },
    posts: [
      { text: 'Summit at 5:40am. Worth every step ⛰️', hoursAgo: 9, photos: ['Summit', 'Trail'], tags: ['trail'] },
      {
        text: 'Gear list for a 3-day hut trip, with weights. Subscribers only.',
        hoursAgo: 40,
        photos: ['Gear'],
        visibility: 'subscribers',
      },
    ],
    stories: ['Trailhead at dawn', 'Hut life 🏕️'],
    plans: {
      gallery: [
        { title: 'Routeburn track', tags: ['hiking'], visibility: 'free', photos: ['Valley', 'Lake', 'Ridge'] },
      ],
      video: [{ title: 'Sunrise summit timelapse', tags: ['timelapse'], visibility: 'free', videoSeconds: 5 }],
      product: [{ title: 'Trail map pack', productType: 'digital', price: 8, photos: ['Maps'] }],
    },
  },
  {
    username: 'zara',
    name: 'Zara Okafor',
    look: 'f',
    themes: ['desert', 'studio'],
    profile: {
      bio: 'Fashion designer. Lookbooks, sewing patterns and a peek into my Lagos studio.',
      gender: 'female',
      sexualOrientation: 'straight',
      country: 'NG',
      city: 'Lagos',
      languages: ['en', 'fr'],
      age: '25_29',
      ethnicity: 'black',
      hair: 'black',
      eyes: 'brown',
      bodyType: 'curvy',
      height: '175 cm',
      monthlyPrice: 1299,
      yearlyPrice: 12900,
    },
    posts: [
      {
        text: 'Spring lookbook is here! Which look is your favourite? 💛',
        hoursAgo: 4,
        photos: ['Look 1', 'Look 2', 'Look 3'],
        tags: ['fashion'],
      },
      {
        text: 'The full pattern for the wrap dress, sizes 6–20.',
        hoursAgo: 55,
        photos: ['Pattern'],
        visibility: 'sale',
        price: 9.99,
      },
    ],
    stories: ['Fabric shopping', 'Fitting day'],
    plans: {
      gallery: [
        {
          title: 'Spring lookbook',
          tags: ['fashion'],
          visibility: 'subscribers',
          photos: ['Dune', 'Saffron', 'Terracotta', 'Gold'],
        },
      ],
      product: [
        { title: 'Wrap dress', productType: 'physical', price: 120, stock: 8, shippingFee: 12, photos: ['Dress'] },
      ],
      reel: [{ title: 'Runway walk', tags: ['runway'], visibility: 'free', videoSeconds: 4, vertical: true }],
    },
  },
  {
    username: 'leo',
    name: 'Leo Marchetti',
    look: 'm',
    themes: ['sea', 'sunrise'],
    profile: {
      bio: 'Chef on a sailing boat. Mediterranean recipes cooked at sea, and where we anchor next.',
      gender: 'male',
      sexualOrientation: 'straight',
      country: 'IT',
      city: 'Naples',
      languages: ['it', 'en'],
      age: '40_44',
      ethnicity: 'caucasian',
      hair: 'gray',
      eyes: 'blue',
      bodyType: 'toned',
      height: '180 cm',
      monthlyPrice: 999,
      yearlyPrice: 9900,
    },
    posts: [
      {
        text: 'Anchored off Capri. Tonight: spaghetti alle vongole on deck 🍝',
        hoursAgo: 12,
        photos: ['Capri', 'Deck'],
        tags: ['food', 'sailing'],
      },
      {
        text: 'The vongole recipe, my nonna’s way. For subscribers.',
        hoursAgo: 36,
        photos: ['Vongole'],
        visibility: 'subscribers',
      },
    ],
    stories: ['Fresh catch 🐟', 'Sunset sail'],
    plans: {
      video: [{ title: 'Cooking at sea: risotto', tags: ['recipe'], visibility: 'sale', price: 4.99, videoSeconds: 5 }],
      gallery: [
        { title: 'Amalfi coast', tags: ['sailing'], visibility: 'free', photos: ['Positano', 'Harbour', 'Lemons'] },
      ],
    },
  },
  {
    username: 'ivy',
    name: 'Ivy Sinclair',
    look: 'f',
    themes: ['aurora', 'bokeh'],
    profile: {
      bio: 'Singer-songwriter. Acoustic covers, unreleased demos and a song for you every month.',
      gender: 'transgender',
      sexualOrientation: 'lesbian',
      country: 'IE',
      city: 'Dublin',
      languages: ['en', 'ga'],
      age: '20_24',
      ethnicity: 'caucasian',
      hair: 'red',
      eyes: 'hazel',
      bodyType: 'slim',
      height: '170 cm',
      monthlyPrice: 499,
      yearlyPrice: 4900,
    },
    posts: [
      {
        text: 'New demo tonight. It is about the northern lights and a long drive home 🎶',
        hoursAgo: 2,
        photos: ['Northern lights'],
        tags: ['music'],
      },
      {
        text: 'Lyrics and chords for "Long drive", for my subscribers.',
        hoursAgo: 45,
        photos: ['Lyrics'],
        visibility: 'subscribers',
      },
    ],
    stories: ['Soundcheck 🎤', 'Studio candles'],
    plans: {
      video: [{ title: 'Long drive (acoustic)', tags: ['acoustic'], visibility: 'subscribers', videoSeconds: 5 }],
      product: [
        { title: 'Signed vinyl', productType: 'physical', price: 30, stock: 20, shippingFee: 6, photos: ['Vinyl'] },
      ],
      gallery: [{ title: 'Tour diary', tags: ['tour'], visibility: 'free', photos: ['Venue', 'Backstage', 'Encore'] }],
    },
  },
  {
    username: 'omar',
    name: 'Omar Haddad',
    look: 'm',
    themes: ['desert', 'mountains'],
    profile: {
      bio: 'Desert photographer and 4x4 explorer. Dunes, stars and the people of the Sahara.',
      gender: 'male',
      sexualOrientation: 'straight',
      country: 'MA',
      city: 'Marrakesh',
      languages: ['ar', 'fr', 'en'],
      age: '30_34',
      ethnicity: 'middle-eastern',
      hair: 'black',
      eyes: 'amber',
      bodyType: 'toned',
      height: '175 cm',
      monthlyPrice: 1199,
      yearlyPrice: 11900,
    },
    posts: [
      {
        text: 'Erg Chebbi before sunrise. Not a sound for miles.',
        hoursAgo: 14,
        photos: ['Dunes', 'Camp'],
        tags: ['desert'],
      },
      {
        text: 'Astrophotography settings for desert skies, with RAW files.',
        hoursAgo: 60,
        photos: ['Milky way'],
        visibility: 'sale',
        price: 5.5,
      },
    ],
    stories: ['Packing the 4x4', 'Mint tea at camp'],
    plans: {
      gallery: [
        {
          title: 'Sahara nights',
          tags: ['desert'],
          visibility: 'subscribers',
          photos: ['Stars', 'Fire', 'Dune crest'],
        },
      ],
      reel: [{ title: 'Dune drive', tags: ['4x4'], visibility: 'free', videoSeconds: 4, vertical: true }],
    },
  },
  {
    username: 'nina',
    name: 'Nina Kowalski',
    look: 'f',
    themes: ['studio', 'sunrise'],
    profile: {
      bio: 'Pilates and mobility coach. 15-minute routines you can do anywhere.',
      gender: 'female',
      sexualOrientation: 'straight',
      country: 'PL',
      city: 'Kraków',
      languages: ['pl', 'en', 'de'],
      age: '45_49',
      ethnicity: 'caucasian',
      hair: 'blonde',
      eyes: 'gray',
      bodyType: 'fit',
      height: '170 cm',
      monthlyPrice: 899,
      yearlyPrice: 8900,
    },
    posts: [
      { text: '15 minutes for a happy back. Save this one 💚', hoursAgo: 7, photos: ['Mat work'], tags: ['pilates'] },
      {
        text: 'This week’s full programme for subscribers: 5 sessions, 15 minutes each.',
        hoursAgo: 33,
        photos: ['Programme'],
        visibility: 'subscribers',
      },
    ],
    stories: ['Morning class ☀️', 'New studio plants'],
    plans: {
      video: [{ title: 'Pilates for beginners', tags: ['pilates'], visibility: 'free', videoSeconds: 5 }],
      product: [
        {
          title: 'Resistance band set',
          productType: 'physical',
          price: 25,
          stock: 40,
          shippingFee: 4,
          photos: ['Bands'],
        },
      ],
      gallery: [
        { title: 'Studio mornings', tags: ['studio'], visibility: 'free', photos: ['Light', 'Mats', 'Stretch'] },
      ],
    },
  },
];

export const CAST_FANS = [
  { username: 'maya', email: 'maya@marquee.local', name: 'Maya Patel', look: 'f' as const },
  { username: 'sam', email: 'sam@marquee.local', name: 'Sam Carter', look: 'm' as const },
  { username: 'elena', email: 'elena@marquee.local', name: 'Elena García', look: 'f' as const },
  { username: 'tom', email: 'tom@marquee.local', name: 'Tom Becker', look: 'm' as const },
];

/** Creates the cast's accounts (verified creators with their profiles, and the fans), inside the demo's transaction. */
export async function insertCast(tx: Ctx['db'], passwordHash: string) {
  for (const c of CAST_CREATORS) {
    const user = await insertUser(tx, {
      username: c.username,
      email: `${c.username}@marquee.local`,
      name: c.name,
      role: 'performer',
      passwordHash,
      emailVerified: true,
    });
    await tx
      .update(performers)
      .set({ dateOfBirth: '1995-06-15', ...c.profile, displayName: c.name, verificationStatus: 'verified' })
      .where(eq(performers.userId, user.id));
  }
  for (const f of CAST_FANS) {
    await insertUser(tx, {
      username: f.username,
      email: f.email,
      name: f.name,
      role: 'user',
      passwordHash,
      emailVerified: true,
    });
  }
}

/** The cast's catalogue plans, merged into seedCatalogue's. */
export const CAST_PLANS = Object.fromEntries(CAST_CREATORS.map((c) => [c.username, c.plans]));
for (const c of CAST_CREATORS) CREATOR_THEMES[c.username] = c.themes;

const LOOKS: Record<string, 'f' | 'm'> = {
  luna: 'f',
  kai: 'm',
  sasha: 'f',
  alex: 'm',
  jamie: 'f',
  ...Object.fromEntries(CAST_CREATORS.map((c) => [c.username, c.look])),
  ...Object.fromEntries(CAST_FANS.map((f) => [f.username, f.look])),
};

/**
 * Illustrated avatars for every demo account (the admin keeps initials, showing that case) and
 * scenic covers for every creator, stored as profile uploads are.
 */
export async function seedLooks(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.username, Object.keys(LOOKS)));
  const storage = storageFor(ctx.config);
  await Promise.all(
    rows.map(async (u) => {
      const name = u.username!;
      const avatarKey = `profile/avatars/${u.id}-${newId()}.webp`;
      await storage.putStream(avatarKey, Readable.from(await avatarWebp(name, LOOKS[name])), 'image/webp');
      let coverKey: string | null = null;
      if (u.role === 'performer') {
        const themes = CREATOR_THEMES[name] ?? ['mountains'];
        coverKey = `profile/covers/${u.id}-${newId()}.webp`;
        await storage.putStream(coverKey, Readable.from(await coverWebp(themes[0], name)), 'image/webp');
      }
      await ctx.db
        .update(users)
        .set(coverKey ? { avatarPath: avatarKey, coverPath: coverKey } : { avatarPath: avatarKey })
        .where(eq(users.id, u.id));
    }),
  );
}

/** Posts, stories, follows, subscriptions, purchases and conversations of the cast. */
export async function seedCastActivity(ctx: Ctx) {
  const names = [...CAST_CREATORS.map((c) => c.username), ...CAST_FANS.map((f) => f.username), 'luna', 'kai', 'alex'];
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.username, names));
  const u = Object.fromEntries(rows.map((r) => [r.username!, r]));
  const hour = 3_600_000;
  const ago = (h: number) => new Date(ctx.now().getTime() - h * hour);

  // Creators in parallel: pictures are most of the time.
  await Promise.all(
    CAST_CREATORS.map(async (c) => {
      const me = u[c.username];
      if (!me) return;
      let n = 0;
      const theme = () => c.themes[n++ % c.themes.length];
      for (const p of c.posts) {
        const fileIds = [];
        for (const label of p.photos ?? [])
          fileIds.push(await seedPhoto(ctx, me.id, `${c.username}:${label}`, theme()));
        const feed = await createFeed(ctx, me.id, {
          text: p.text,
          fileIds,
          tags: p.tags,
          visibility: p.visibility ?? 'free',
          price: p.price,
        });
        await ctx.db
          .update(feeds)
          .set({ publishedAt: ago(p.hoursAgo), createdAt: ago(p.hoursAgo) })
          .where(eq(feeds.id, feed.id));
      }
      for (const [i, text] of c.stories.entries()) {
        await createStory(ctx, me.id, {
          mediaId: await seedPhoto(ctx, me.id, `${c.username}:story:${i}`, theme()),
          text,
          ...(i === c.stories.length - 1 ? { isHighlight: true, highlightTitle: 'Best of' } : {}),
        });
      }
    }),
  );

  // Fans follow widely, subscribe to a few creators from their wallet, tip and unlock.
  const actor = (x: (typeof rows)[number]) => ({
    id: x.id,
    role: x.role,
    username: x.username,
    status: x.status,
    locale: null,
    sessionId: 'seed',
  });
  const creators = CAST_CREATORS.map((c) => c.username).filter((n) => u[n]);
  const fans = CAST_FANS.map((f) => f.username).filter((n) => u[n]);
  await ctx.db.transaction(async (tx) => {
    for (const [i, fan] of fans.entries())
      for (const [j, creator] of [...creators, 'luna', 'kai'].entries())
        if ((i + j) % 3 !== 2 && u[creator]) await addFollow(tx, u[fan].id, u[creator].id);
    if (u.alex) for (const creator of creators.slice(0, 4)) await addFollow(tx, u.alex.id, u[creator].id);
  });
  for (const [i, fan] of fans.entries()) {
    await ctx.db.transaction((tx) =>
      transfer(tx, {
        from: clearing('sandbox'),
        to: wallet(u[fan].id),
        amountCents: 20_000,
        kind: 'topup',
        reference: `seed:cast:${fan}`,
      }),
    );
    for (const creator of [creators[i], creators[(i + 3) % creators.length], 'luna']) {
      if (!u[creator]) continue;
      await subscribe(ctx, actor(u[fan]), {
        performerId: u[creator].id,
        subscriptionType: 'monthly',
        paymentMethod: 'wallet',
      }).catch((err) => ctx.log.warn({ err: err.message }, 'demo subscription skipped'));
    }
    // Unlock one pay-per-view post.
    const seller = u[creators[(i + 1) % creators.length]].id;
    const [ppv] = await ctx.db
      .select({ id: feeds.id })
      .from(feeds)
      .where(and(eq(feeds.performerId, seller), eq(feeds.visibility, 'sale')))
      .limit(1);
    if (ppv)
      await chargeWallet(ctx, { userId: u[fan].id, type: 'feed', id: ppv.id }).catch((err) =>
        ctx.log.warn({ err: err.message }, 'demo purchase skipped'),
      );
  }

  // A few conversations, so inboxes and creator dashboards are not empty.
  const now = ctx.now().getTime();
  const at = (m: number) => new Date(now - m * 60_000);
  const talk = async (a: string, b: string, lines: Array<[string, string, number]>) => {
    if (!u[a] || !u[b]) return;
    const { conversation } = await ctx.db.transaction((tx) =>
      findOrCreatePrivate(tx, u[a].id, u[b].id, at(lines[0][2] + 1)),
    );
    for (const [from, text, minutesAgo] of lines) {
      await ctx.db.transaction(async (tx) => {
        const [m] = await insertMessages(
          tx,
          [
            {
              id: newId(),
              conversationId: conversation.id,
              senderId: u[from].id,
              type: 'text',
              text,
              priceCents: 0,
              createdAt: at(minutesAgo),
            },
          ],
          [],
        );
        await recordMessage(tx, { ...m, preview: previewOf(m) });
      });
    }
  };
  await talk('maya', 'mila', [
    ['maya', 'Your cookies saved my weekend 😍 What flour do you use?', 200],
    ['mila', 'Plain flour with a little bread flour for chew! Recipe is in the e-book.', 180],
  ]);
  await talk('sam', 'diego', [
    ['sam', 'Can you break down the spin at 0:42 next time?', 90],
    ['diego', 'Good idea, it is in Friday’s lesson 🙌', 60],
  ]);
  await talk('elena', 'zara', [['elena', 'Do you ship the wrap dress to Spain?', 30]]);
  await talk('alex', 'aiko', [
    ['aiko', 'Thanks for the follow! New print drops on Sunday.', 400],
    ['alex', 'Already saving for it 🎨', 380],
  ]);
}
