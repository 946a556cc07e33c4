import type { leaksEn } from './en';

export const leaksFr: typeof leaksEn = {
  title: 'Fuites',
  description:
    'Une vidéo payante copiée ailleurs ? Collez le lien de l’original et téléversez la copie : son marquage par spectateur désigne le compte auquel elle a été servie. Ouvrez un dossier pour suspendre ce compte et obtenir une notification DMCA pour l’hébergeur.',
  step1: 'Lien vers l’original sur ce site',
  find: 'Trouver la vidéo',
  noMarked:
    'Ce contenu n’a pas de vidéo marquée par spectateur (le filigrane du créateur était désactivé lors du téléversement).',
  original: 'Vidéo originale',
  step2: 'La copie divulguée',
  step2Hint: 'Téléchargez la copie là où vous l’avez trouvée et téléversez-la ici (elle n’est jamais publiée).',
  processing: 'Traitement de la copie…',
  trace: 'Tracer la copie',
  segments_one: '{{count}} segment marqué lu',
  segments_other: '{{count}} segments marqués lus',
  match: 'Servie à {{name}} (@{{username}}), {{mismatches}} écarts',
  noMatch: 'Aucun compte ne correspond : la copie est peut-être trop courte, recadrée ou modifiée.',
  foundAt: 'Où la copie a été trouvée (URL)',
  suspend: 'Suspendre @{{username}}',
  openCase: 'Ouvrir un dossier',
  opened: 'Dossier ouvert',
  cases: 'Dossiers',
  empty: 'Aucun dossier de fuite.',
  suspended: 'compte suspendu',
  tracedTo: 'Tracé jusqu’à @{{username}}',
  notTraced: 'Aucun compte identifié',
  dmca: 'Notification DMCA',
};
