/** English texts of `home` (the source: the other languages have exactly these keys). */
export const homeEn = {
  welcome: 'Welcome to {{name}}',
  headline: 'Get closer to the creators you love',
  pitch:
    'Subscribe for exclusive content, send a message, tip during a live show. Creators keep control and get paid for what they make.',
  joinFan: 'Join as a fan',
  becomeCreator: 'Become a creator',
  member: 'Already a member?',
  logIn: 'Log in',
  points: {
    exclusive: 'Exclusive posts, photos and videos',
    message: 'Message creators directly',
    live: 'Live streams with chat and tips',
    wallet: 'One wallet for every purchase',
  },
  topCreators: 'Top creators',
  topCreatorsText: 'The most loved creators this week',
  noCreators: 'No creators to show yet',
  noCreatorsText: 'Creators will appear here as soon as they start publishing.',
  untitled: 'Untitled',
  trending: 'Trending',
  trendingText: 'What fans are watching right now',
  noTrending: 'Nothing trending yet',
  noTrendingText: 'Check back soon for the posts everyone is talking about.',
};
