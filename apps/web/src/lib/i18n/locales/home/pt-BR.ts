import type { Messages } from '../en';

export const homePtBR: Messages['home'] = {
  welcome: 'Boas-vindas ao {{name}}',
  headline: 'Fique mais perto dos criadores que você ama',
  pitch:
    'Assine conteúdo exclusivo, mande mensagens, dê gorjetas nas lives. Os criadores mantêm o controle e são pagos pelo que criam.',
  joinFan: 'Entrar como fã',
  becomeCreator: 'Virar criador',
  member: 'Já é membro?',
  logIn: 'Entrar',
  points: {
    exclusive: 'Posts, fotos e vídeos exclusivos',
    message: 'Mande mensagens direto aos criadores',
    live: 'Lives com chat e gorjetas',
    wallet: 'Uma carteira para todas as compras',
  },
  topCreators: 'Top criadores',
  topCreatorsText: 'Os criadores mais amados da semana',
  noCreators: 'Nenhum criador ainda',
  noCreatorsText: 'Os criadores aparecem aqui assim que começarem a publicar.',
  untitled: 'Sem título',
  trending: 'Em alta',
  trendingText: 'O que os fãs estão vendo agora',
  noTrending: 'Nada em alta ainda',
  noTrendingText: 'Volte logo para ver os posts de que todo mundo está falando.',
};
