export * from './stories.ts';
export * from './settings.ts';
