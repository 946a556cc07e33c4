import type { Messages } from '../en';

export const dataRightsPtBR: Messages['dataRights'] = {
  exportProgress: 'Progresso da exportação',
  failed: 'A última exportação falhou. Tente de novo.',
  expired: 'Sua última exportação expirou.',
  preparing: 'Estamos preparando seus dados',
  keepWhy: 'O que guardamos e por quê: <link>aviso de privacidade</link>.',
  confirmTitle: 'Excluir sua conta?',
  confirmDescription: 'Isso não pode ser desfeito.',
  deleted: 'Sua conta foi excluída',
  deleteFailed: 'Não foi possível excluir a conta',
  lossProfile:
    'Seu perfil, as mensagens que você enviou, comentários, seguidos, uploads e configurações são excluídos.',
  lossCreator:
    'Seus posts e conteúdos são excluídos, e compradores e assinantes perdem o acesso. As assinaturas terminam sem reembolso; solicite seu saque antes.',
  lossRecords: 'Os registros de pagamento que a lei nos obriga a guardar ficam, sem o seu nome.',
  lossCreatorRecords:
    'Os registros que a lei exige de quem produz conteúdo adulto (autorizações, seu nome legal, data de nascimento e cópias do documento) são guardados de forma privada pelo prazo legal e depois excluídos.',
  lossTokens: 'Os tokens que sobrarem na sua carteira são perdidos.',
  password: 'Sua senha',
  cancel: 'Cancelar',
  confirm: 'Excluir minha conta',
  admin: {
    title: 'Direitos sobre dados',
    reason: 'Motivo da solicitação',
    reasonPlaceholder: 'Solicitação (ex.: e-mail de 3 de maio)',
    reasonFirst: 'Escreva primeiro o motivo (a solicitação)',
    exportStarted: 'Exportação iniciada',
    export: 'Exportar dados',
    eraseConfirm:
      'Apagar {{name}} de vez? Conteúdos e arquivos são excluídos; os registros de pagamento ficam anonimizados.',
    erased: 'Conta apagada',
    erase: 'Apagar conta',
    download: 'Baixar exportação',
    preparing: 'Preparando… {{progress}}%',
  },
};
