import type { leaksEn } from './en';

export const leaksEs: typeof leaksEn = {
  title: 'Filtraciones',
  description:
    '¿Has encontrado un vídeo de pago copiado en otro sitio? Pega el enlace del original y sube la copia: su marca por espectador indica la cuenta a la que se sirvió. Abre un caso para suspender esa cuenta y obtener un aviso DMCA para el alojamiento.',
  step1: 'Enlace al original en este sitio',
  find: 'Buscar el vídeo',
  noMarked:
    'Este contenido no tiene vídeo con marcas por espectador (la marca de agua del creador estaba desactivada al subirlo).',
  original: 'Vídeo original',
  step2: 'La copia filtrada',
  step2Hint: 'Descarga la copia de donde la encontraste y súbela aquí (nunca se publica).',
  processing: 'Procesando la copia…',
  trace: 'Rastrear la copia',
  segments_one: '{{count}} segmento marcado leído',
  segments_other: '{{count}} segmentos marcados leídos',
  match: 'Servido a {{name}} (@{{username}}), {{mismatches}} discrepancias',
  noMatch: 'Ninguna cuenta coincide: puede que la copia sea demasiado corta, esté recortada o editada.',
  foundAt: 'Dónde se encontró la copia (URL)',
  suspend: 'Suspender a @{{username}}',
  openCase: 'Abrir un caso',
  opened: 'Caso abierto',
  cases: 'Casos',
  empty: 'Aún no hay casos de filtración.',
  suspended: 'cuenta suspendida',
  tracedTo: 'Rastreado hasta @{{username}}',
  notTraced: 'Sin cuenta identificada',
  dmca: 'Aviso DMCA',
};
