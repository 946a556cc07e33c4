import type { leaksEn } from './en';

export const leaksDe: typeof leaksEn = {
  title: 'Leaks',
  description:
    'Ein bezahltes Video woanders gefunden? Füge den Link zum Original ein und lade die Kopie hoch: ihre Zuschauermarkierung nennt das Konto, an das sie ausgeliefert wurde. Eröffne einen Fall, um das Konto zu sperren und eine DMCA-Meldung für den Host zu erhalten.',
  step1: 'Link zum Original auf dieser Seite',
  find: 'Video suchen',
  noMarked:
    'Dieser Inhalt hat kein Video mit Zuschauermarkierung (das Wasserzeichen des Creators war beim Hochladen aus).',
  original: 'Originalvideo',
  step2: 'Die geleakte Kopie',
  step2Hint: 'Lade die Kopie dort herunter, wo du sie gefunden hast, und hier hoch (sie wird nie veröffentlicht).',
  processing: 'Die Kopie wird verarbeitet …',
  trace: 'Kopie zurückverfolgen',
  segments_one: '{{count}} markiertes Segment gelesen',
  segments_other: '{{count}} markierte Segmente gelesen',
  match: 'Ausgeliefert an {{name}} (@{{username}}), {{mismatches}} Abweichungen',
  noMatch: 'Kein Konto passt: Die Kopie ist vielleicht zu kurz, beschnitten oder bearbeitet.',
  foundAt: 'Wo die Kopie gefunden wurde (URL)',
  suspend: '@{{username}} sperren',
  openCase: 'Fall eröffnen',
  opened: 'Fall eröffnet',
  cases: 'Fälle',
  empty: 'Noch keine Leak-Fälle.',
  suspended: 'Konto gesperrt',
  tracedTo: 'Zurückverfolgt zu @{{username}}',
  notTraced: 'Keinem Konto zugeordnet',
  dmca: 'DMCA-Meldung',
};
