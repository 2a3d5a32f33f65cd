export const SOCIAL_URL = 'https://www.instagram.com/photorater.app';
