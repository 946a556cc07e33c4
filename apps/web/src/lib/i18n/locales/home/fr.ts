import type { Messages } from '../en';

export const homeFr: Messages['home'] = {
  welcome: 'Bienvenue sur {{name}}',
  headline: 'Rapprochez-vous des créateurs que vous aimez',
  pitch:
    'Abonnez-vous à des contenus exclusifs, envoyez des messages, donnez des pourboires en live. Les créateurs gardent le contrôle et sont payés pour leur travail.',
  joinFan: 'Rejoindre en tant que fan',
  becomeCreator: 'Devenir créateur',
  member: 'Déjà membre ?',
  logIn: 'Se connecter',
  points: {
    exclusive: 'Publications, photos et vidéos exclusives',
    message: 'Écrivez directement aux créateurs',
    live: 'Des lives avec chat et pourboires',
    wallet: 'Un seul portefeuille pour tous vos achats',
  },
  topCreators: 'Top créateurs',
  topCreatorsText: 'Les créateurs les plus aimés de la semaine',
  noCreators: 'Aucun créateur pour l’instant',
  noCreatorsText: 'Les créateurs apparaîtront ici dès qu’ils publieront.',
  untitled: 'Sans titre',
  trending: 'Tendances',
  trendingText: 'Ce que les fans regardent en ce moment',
  noTrending: 'Rien en tendance pour l’instant',
  noTrendingText: 'Revenez bientôt pour voir les publications dont tout le monde parle.',
};
