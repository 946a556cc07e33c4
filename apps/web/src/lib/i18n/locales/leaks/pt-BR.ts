import type { leaksEn } from './en';

export const leaksPtBR: typeof leaksEn = {
  title: 'Vazamentos',
  description:
    'Encontrou um vídeo pago copiado em outro lugar? Cole o link do original e envie a cópia: a marca por espectador indica a conta para a qual ele foi entregue. Abra um caso para suspender essa conta e gerar uma notificação DMCA para o host.',
  step1: 'Link para o original neste site',
  find: 'Encontrar o vídeo',
  noMarked:
    'Este conteúdo não tem vídeo com marcas por espectador (a marca d’água do criador estava desligada no envio).',
  original: 'Vídeo original',
  step2: 'A cópia vazada',
  step2Hint: 'Baixe a cópia de onde você a encontrou e envie aqui (ela nunca é publicada).',
  processing: 'Processando a cópia…',
  trace: 'Rastrear a cópia',
  segments_one: '{{count}} segmento marcado lido',
  segments_other: '{{count}} segmentos marcados lidos',
  match: 'Entregue a {{name}} (@{{username}}), {{mismatches}} divergências',
  noMatch: 'Nenhuma conta corresponde: a cópia pode ser curta demais, cortada ou editada.',
  foundAt: 'Onde a cópia foi encontrada (URL)',
  suspend: 'Suspender @{{username}}',
  openCase: 'Abrir um caso',
  opened: 'Caso aberto',
  cases: 'Casos',
  empty: 'Nenhum caso de vazamento ainda.',
  suspended: 'conta suspensa',
  tracedTo: 'Rastreado até @{{username}}',
  notTraced: 'Nenhuma conta identificada',
  dmca: 'Notificação DMCA',
};
