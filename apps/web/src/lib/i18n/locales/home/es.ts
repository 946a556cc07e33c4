import type { Messages } from '../en';

export const homeEs: Messages['home'] = {
  welcome: 'Te damos la bienvenida a {{name}}',
  headline: 'Acércate a los creadores que te encantan',
  pitch:
    'Suscríbete a contenido exclusivo, envía mensajes, da propinas en directo. Los creadores tienen el control y cobran por lo que crean.',
  joinFan: 'Unirme como fan',
  becomeCreator: 'Hazte creador',
  member: '¿Ya eres miembro?',
  logIn: 'Inicia sesión',
  points: {
    exclusive: 'Publicaciones, fotos y vídeos exclusivos',
    message: 'Escribe directamente a los creadores',
    live: 'Directos con chat y propinas',
    wallet: 'Un monedero para todas tus compras',
  },
  topCreators: 'Creadores destacados',
  topCreatorsText: 'Los creadores más queridos de la semana',
  noCreators: 'Aún no hay creadores',
  noCreatorsText: 'Los creadores aparecerán aquí en cuanto empiecen a publicar.',
  untitled: 'Sin título',
  trending: 'Tendencias',
  trendingText: 'Lo que los fans están viendo ahora',
  noTrending: 'Aún no hay tendencias',
  noTrendingText: 'Vuelve pronto para ver las publicaciones de las que todos hablan.',
};
