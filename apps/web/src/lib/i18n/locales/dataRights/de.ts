import type { Messages } from '../en';

export const dataRightsDe: Messages['dataRights'] = {
  exportProgress: 'Fortschritt des Exports',
  failed: 'Der letzte Export ist fehlgeschlagen. Bitte erneut versuchen.',
  expired: 'Dein letzter Export ist abgelaufen.',
  preparing: 'Wir bereiten deine Daten vor',
  keepWhy: 'Was wir behalten und warum: <link>Datenschutzhinweis</link>.',
  confirmTitle: 'Konto löschen?',
  confirmDescription: 'Das lässt sich nicht rückgängig machen.',
  deleted: 'Dein Konto wurde gelöscht',
  deleteFailed: 'Das Konto konnte nicht gelöscht werden',
  lossProfile:
    'Dein Profil, deine gesendeten Nachrichten, Kommentare, Follows, Uploads und Einstellungen werden gelöscht.',
  lossCreator:
    'Deine Beiträge und Inhalte werden gelöscht, Käufer und Abonnenten verlieren den Zugriff. Abos enden ohne Erstattung; beantrage vorher deine Auszahlung.',
  lossRecords: 'Zahlungsbelege, die wir gesetzlich aufbewahren müssen, bleiben – ohne deinen Namen.',
  lossCreatorRecords:
    'Aufzeichnungen, die das Gesetz von Produzenten von Inhalten für Erwachsene verlangt (Einverständniserklärungen, dein rechtlicher Name, Geburtsdatum und Ausweiskopien), werden für die gesetzliche Frist vertraulich aufbewahrt und danach gelöscht.',
  lossTokens: 'Token, die noch in deiner Wallet sind, verfallen.',
  password: 'Dein Passwort',
  cancel: 'Abbrechen',
  confirm: 'Mein Konto löschen',
  admin: {
    title: 'Betroffenenrechte',
    reason: 'Grund der Anfrage',
    reasonPlaceholder: 'Anfrage (z. B. E-Mail vom 3. Mai)',
    reasonFirst: 'Zuerst den Grund (die Anfrage) eintragen',
    exportStarted: 'Export gestartet',
    export: 'Daten exportieren',
    eraseConfirm:
      '{{name}} endgültig löschen? Inhalte und Dateien werden gelöscht; Zahlungsbelege bleiben anonymisiert.',
    erased: 'Konto gelöscht',
    erase: 'Konto löschen',
    download: 'Export herunterladen',
    preparing: 'Wird vorbereitet… {{progress}} %',
  },
};
