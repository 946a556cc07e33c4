import type { Messages } from '../en';

export const dataRightsFr: Messages['dataRights'] = {
  exportProgress: 'Progression de l’export',
  failed: 'Le dernier export a échoué. Réessayez.',
  expired: 'Votre dernier export a expiré.',
  preparing: 'Nous préparons vos données',
  keepWhy: 'Ce que nous gardons et pourquoi : <link>politique de confidentialité</link>.',
  confirmTitle: 'Supprimer votre compte ?',
  confirmDescription: 'Cette action est définitive.',
  deleted: 'Votre compte a été supprimé',
  deleteFailed: 'Le compte n’a pas pu être supprimé',
  lossProfile:
    'Votre profil, vos messages envoyés, commentaires, abonnements suivis, fichiers et réglages sont supprimés.',
  lossCreator:
    'Vos publications et contenus sont supprimés : acheteurs et abonnés perdent l’accès. Les abonnements s’arrêtent sans remboursement ; demandez d’abord votre versement.',
  lossRecords: 'Les relevés de paiement que la loi nous oblige à garder restent, sans votre nom.',
  lossCreatorRecords:
    'Les registres que la loi impose au producteur de contenus pour adultes (autorisations, votre nom légal, date de naissance et copies de pièce d’identité) sont conservés en privé pendant la durée légale, puis supprimés.',
  lossTokens: 'Les jetons restant dans votre portefeuille sont perdus.',
  password: 'Votre mot de passe',
  cancel: 'Annuler',
  confirm: 'Supprimer mon compte',
  admin: {
    title: 'Droits sur les données',
    reason: 'Motif de la demande',
    reasonPlaceholder: 'Demande (p. ex. e-mail du 3 mai)',
    reasonFirst: 'Indiquez d’abord le motif (la demande)',
    exportStarted: 'Export lancé',
    export: 'Exporter les données',
    eraseConfirm:
      'Effacer {{name}} définitivement ? Contenus et fichiers sont supprimés ; les relevés de paiement restent anonymisés.',
    erased: 'Compte effacé',
    erase: 'Effacer le compte',
    download: 'Télécharger l’export',
    preparing: 'Préparation… {{progress}} %',
  },
};
