import type { Messages } from '../en';

export const homeDe: Messages['home'] = {
  welcome: 'Willkommen bei {{name}}',
  headline: 'Komm den Creatorn näher, die du liebst',
  pitch:
    'Abonniere exklusive Inhalte, schreib Nachrichten, gib Trinkgeld in Live-Shows. Creator behalten die Kontrolle und werden für ihre Arbeit bezahlt.',
  joinFan: 'Als Fan beitreten',
  becomeCreator: 'Creator werden',
  member: 'Schon Mitglied?',
  logIn: 'Anmelden',
  points: {
    exclusive: 'Exklusive Beiträge, Fotos und Videos',
    message: 'Creatorn direkt schreiben',
    live: 'Livestreams mit Chat und Trinkgeld',
    wallet: 'Ein Wallet für alle Käufe',
  },
  topCreators: 'Top-Creator',
  topCreatorsText: 'Die beliebtesten Creator der Woche',
  noCreators: 'Noch keine Creator',
  noCreatorsText: 'Creator erscheinen hier, sobald sie etwas veröffentlichen.',
  untitled: 'Ohne Titel',
  trending: 'Im Trend',
  trendingText: 'Was Fans gerade ansehen',
  noTrending: 'Noch nichts im Trend',
  noTrendingText: 'Schau bald wieder vorbei: Hier erscheinen die Beiträge, über die alle reden.',
};
