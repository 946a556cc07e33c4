import type { Messages } from '../en';

export const dataRightsEs: Messages['dataRights'] = {
  exportProgress: 'Progreso de la exportación',
  failed: 'La última exportación falló. Inténtalo de nuevo.',
  expired: 'Tu última exportación ha caducado.',
  preparing: 'Estamos preparando tus datos',
  keepWhy: 'Qué guardamos y por qué: <link>aviso de privacidad</link>.',
  confirmTitle: '¿Eliminar tu cuenta?',
  confirmDescription: 'No se puede deshacer.',
  deleted: 'Tu cuenta se ha eliminado',
  deleteFailed: 'No se pudo eliminar la cuenta',
  lossProfile: 'Se eliminan tu perfil, los mensajes que enviaste, comentarios, seguimientos, archivos y ajustes.',
  lossCreator:
    'Se eliminan tus publicaciones y contenidos, así que compradores y suscriptores pierden el acceso. Las suscripciones terminan sin reembolso; solicita antes tu pago.',
  lossRecords: 'Los registros de pago que la ley nos obliga a guardar se quedan, sin tu nombre.',
  lossCreatorRecords:
    'Los registros que la ley exige a quien produce contenido para adultos (autorizaciones, tu nombre legal, fecha de nacimiento y copias de tu documento) se conservan en privado durante el plazo legal y después se eliminan.',
  lossTokens: 'Los tokens que queden en tu monedero se pierden.',
  password: 'Tu contraseña',
  cancel: 'Cancelar',
  confirm: 'Eliminar mi cuenta',
  admin: {
    title: 'Derechos sobre los datos',
    reason: 'Motivo de la solicitud',
    reasonPlaceholder: 'Solicitud (p. ej. correo del 3 de mayo)',
    reasonFirst: 'Escribe primero el motivo (la solicitud)',
    exportStarted: 'Exportación iniciada',
    export: 'Exportar datos',
    eraseConfirm:
      '¿Borrar {{name}} para siempre? Se eliminan contenidos y archivos; los registros de pago se quedan anonimizados.',
    erased: 'Cuenta borrada',
    erase: 'Borrar cuenta',
    download: 'Descargar exportación',
    preparing: 'Preparando… {{progress}} %',
  },
};
